package io.ishmem.bench;

import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;

import java.lang.foreign.ValueLayout;

/**
 * A warm-up that lasts a time, not a count, as JMH's does, and still runs the same iterations on every PE: after
 * each batch PE 0 alone reads its clock and tells every PE whether to go on. Collective loops need that, since a PE
 * that stopped one batch early would leave the others waiting in a collective it never calls.
 */
public final class WarmupClock
{
    private final Ishmem shmem;
    private final SymmetricSegment verdict;
    private final long startNs;
    private final long leastNs;
    private final long leastBatches;
    private long batch;

    /**
     * Starts the clock (every PE constructs one at the same point of its program).
     *
     * @param shmem   the runtime.
     * @param verdict one long on every PE, for PE 0's verdict; nothing else may use it during the warm-up.
     * @param leastNs how long the warm-up lasts at least, by PE 0's clock.
     */
    public WarmupClock(final Ishmem shmem, final SymmetricSegment verdict, final long leastNs)
    {
        this(shmem, verdict, leastNs, 0);
    }

    /**
     * Starts the clock (every PE constructs one at the same point of its program).
     *
     * @param shmem        the runtime.
     * @param verdict      one long on every PE, for PE 0's verdict; nothing else may use it during the warm-up.
     * @param leastNs      how long the warm-up lasts at least, by PE 0's clock.
     * @param leastBatches how many batches it runs at least, whatever the clock says.
     */
    public WarmupClock(final Ishmem shmem, final SymmetricSegment verdict, final long leastNs, final long leastBatches)
    {
        this.shmem = shmem;
        this.verdict = verdict;
        this.leastNs = leastNs;
        this.leastBatches = leastBatches;
        this.startNs = System.nanoTime();
    }

    /**
     * Collective: call it on every PE after each batch.
     *
     * @return whether to run another batch: the same answer on every PE.
     */
    public boolean goOn()
    {
        batch++;
        if (shmem.myPe() == 0)
        {
            final long said = batch < leastBatches || System.nanoTime() - startNs < leastNs ? batch : -batch;
            for (int pe = 0; pe < shmem.nPes(); pe++)
            {
                shmem.pLong(verdict, 0, said, pe);
            }
        }
        shmem.barrierAll();
        final long heard = verdict.local().get(ValueLayout.JAVA_LONG, 0);
        // the next batch's verdict is written only after every PE has read this one
        shmem.barrierAll();
        return heard == batch;
    }
}
