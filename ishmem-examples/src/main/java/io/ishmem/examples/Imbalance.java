package io.ishmem.examples;

import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Locale;

/**
 * A 1-D heat stencil whose work grows with the PE number, made to be profiled: at each of 50 steps every PE puts its
 * edge cells into its neighbours' halos, meets them at a barrier and relaxes its block, PE k sweeping it k + 1 times;
 * every 10 steps it copies its block to PE 0 (a checkpoint) and the job sums its heat with a reduction. The PEs with
 * more work arrive last at every barrier, and the others wait for them:
 * {@code ishmemrun -n 4 --profile prof --class io.ishmem.examples.Imbalance} (see docs/profiling.md).
 */
public final class Imbalance
{
    private static final int CELLS = 4096;
    private static final int STEPS = 50;
    private static final int CHECKPOINT_EVERY = 10;
    private static final int SWEEPS_PER_RANK = 600;

    private Imbalance()
    {
    }

    /**
     * Prints, on PE 0, {@code heat after 50 steps: <sum>}.
     *
     * @param args ignored.
     */
    public static void main(final String[] args)
    {
        try (Ishmem shmem = Ishmem.init(); Arena arena = Arena.ofConfined())
        {
            final int me = shmem.myPe();
            final int n = shmem.nPes();
            final int left = (me + n - 1) % n;
            final int right = (me + 1) % n;
            // halo[parity * 2]: the cell from the left neighbour, halo[parity * 2 + 1]: from the right; by step
            // parity, so a neighbour one step ahead writes the other pair
            final SymmetricSegment halo = shmem.calloc(4, ValueLayout.JAVA_DOUBLE);
            final SymmetricSegment checkpoints = shmem.malloc((long)n * CELLS * Double.BYTES);
            final SymmetricSegment heat = shmem.calloc(1, ValueLayout.JAVA_DOUBLE);
            final SymmetricSegment total = shmem.calloc(1, ValueLayout.JAVA_DOUBLE);
            final MemorySegment block = arena.allocate((CELLS + 2L) * Double.BYTES, 64);
            for (int i = 1; i <= CELLS; i++)
            {
                block.setAtIndex(ValueLayout.JAVA_DOUBLE, i, me * 100.0 + i % 17);
            }
            shmem.barrierAll();
            double sum = 0;
            for (int step = 0; step < STEPS; step++)
            {
                final int parity = (step & 1) * 2;
                shmem.pDouble(halo, parity + 1, block.getAtIndex(ValueLayout.JAVA_DOUBLE, 1), left);
                shmem.pDouble(halo, parity, block.getAtIndex(ValueLayout.JAVA_DOUBLE, CELLS), right);
                shmem.barrierAll();
                block.setAtIndex(ValueLayout.JAVA_DOUBLE, 0, halo.local().getAtIndex(ValueLayout.JAVA_DOUBLE, parity));
                block.setAtIndex(ValueLayout.JAVA_DOUBLE, CELLS + 1,
                    halo.local().getAtIndex(ValueLayout.JAVA_DOUBLE, parity + 1));
                for (int sweep = 0; sweep < SWEEPS_PER_RANK * (me + 1); sweep++)
                {
                    relax(block);
                }
                if ((step + 1) % CHECKPOINT_EVERY == 0)
                {
                    shmem.put(checkpoints, (long)me * CELLS * Double.BYTES, block, Double.BYTES,
                        (long)CELLS * Double.BYTES, 0);
                    double local = 0;
                    for (int i = 1; i <= CELLS; i++)
                    {
                        local += block.getAtIndex(ValueLayout.JAVA_DOUBLE, i);
                    }
                    heat.local().setAtIndex(ValueLayout.JAVA_DOUBLE, 0, local);
                    shmem.sumReduceDouble(total, heat, 1);
                    sum = total.local().getAtIndex(ValueLayout.JAVA_DOUBLE, 0);
                }
            }
            shmem.barrierAll();
            if (me == 0)
            {
                System.out.println(String.format(Locale.ROOT, "heat after %d steps: %.3f", STEPS, sum));
            }
            shmem.free(total);
            shmem.free(heat);
            shmem.free(checkpoints);
            shmem.free(halo);
        }
    }

    /** One Jacobi sweep in place (odd cells, then even cells), keeping the block's heat near its start. */
    private static void relax(final MemorySegment block)
    {
        for (int start = 1; start <= 2; start++)
        {
            for (int i = start; i <= CELLS; i += 2)
            {
                final double l = block.getAtIndex(ValueLayout.JAVA_DOUBLE, i - 1);
                final double r = block.getAtIndex(ValueLayout.JAVA_DOUBLE, i + 1);
                block.setAtIndex(ValueLayout.JAVA_DOUBLE, i, 0.5 * block.getAtIndex(ValueLayout.JAVA_DOUBLE, i) +
                    0.25 * (l + r));
            }
        }
    }
}
