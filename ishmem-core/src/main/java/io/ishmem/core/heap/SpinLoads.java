package io.ishmem.core.heap;

import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The innermost loop of every wait on host memory: acquire loads of one word at an absolute address (through
 * {@link AddressSpace#ALL}), a spin-wait hint between them, until the word differs from the value last seen or
 * the budget of loads is spent. Everything the loop needs is a local, so C2 keeps it in registers: the loop is the
 * load, a compare, the hint, the {@linkplain #PACE pacing} compares and the safepoint poll. Fields read inside a
 * spin are read again after every hint (the hint orders memory for the compiler), and such reloads added 10 to 20
 * ns to the one-way latency of a ping-pong on this project's test machine; the condition of the wait is evaluated
 * by the caller, once per change.
 */
public final class SpinLoads
{
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    /**
     * Eight words that stay zero, each read and compared on its own between the hint and the next load of the
     * word waited on: eight compare-and-branches that are never taken. On the project's AMD EPYC (Zen 5) VM a
     * spin whose body between two PAUSEs holds fewer than seven or eight such branches (the bare load and compare,
     * or four or six of them, or the same count with some branches taken, or eight loads summed into one branch)
     * sees its partner's store late: a 2-PE p + waitUntil ping-pong ran at 200-260 ns one way against 145-160 ns
     * with eight, round after round, in both of the VM's placements (fast: 47 against 60-66 ns); the raw floor's
     * loop took the slow speed too. Why the front end of that CPU hands the line over sooner to the longer body is
     * not known (no performance counters in the VM). On the 16-core Intel Xeon VM every body measured alike
     * (183-187 ns), and in the pause's shadow the compares cost nothing measurable anywhere. An array, so that
     * no compiler can fold eight distinct loads into one test.
     */
    private static final int[] PACE = new int[8];

    private SpinLoads()
    {
    }

    /**
     * @param address an 8-byte aligned address in a mapped heap or control block.
     * @param seen    the value last read there.
     * @param spins   how many loads at most, at least 1.
     * @return the value last read: {@code seen} when it did not change within {@code spins} loads.
     */
    public static long longWhileUnchanged(final long address, final long seen, final int spins)
    {
        long now = (long)LONG.getAcquire(AddressSpace.ALL, address);
        for (int left = spins - 1; now == seen && left > 0; left--)
        {
            Thread.onSpinWait();
            if (paced())
            {
                break;
            }
            now = (long)LONG.getAcquire(AddressSpace.ALL, address);
        }
        return now;
    }

    /**
     * @param address a 4-byte aligned address in a mapped heap.
     * @param seen    the value last read there, zero-extended.
     * @param spins   how many loads at most, at least 1.
     * @return the value last read, zero-extended: {@code seen} when it did not change within {@code spins} loads.
     */
    public static long intWhileUnchanged(final long address, final long seen, final int spins)
    {
        long now = Integer.toUnsignedLong((int)INT.getAcquire(AddressSpace.ALL, address));
        for (int left = spins - 1; now == seen && left > 0; left--)
        {
            Thread.onSpinWait();
            if (paced())
            {
                break;
            }
            now = Integer.toUnsignedLong((int)INT.getAcquire(AddressSpace.ALL, address));
        }
        return now;
    }

    /**
     * @return false, always, after eight compare-and-branches (see {@link #PACE}); were it ever true, the spin would
     *         end early with the word unchanged, which every caller takes for a spent batch.
     */
    private static boolean paced()
    {
        final int[] pace = PACE;
        return pace[0] != 0 || pace[1] != 0 || pace[2] != 0 || pace[3] != 0 ||
            pace[4] != 0 || pace[5] != 0 || pace[6] != 0 || pace[7] != 0;
    }
}
