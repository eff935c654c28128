package io.ishmem.core.heap;

import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The innermost loop of every wait on host memory: acquire loads of one word at an absolute address (through
 * {@link AddressSpace#ALL}), a spin-wait hint between them, until the word differs from the value last seen or
 * the budget of loads is spent. Everything the loop needs is a local, so C2 keeps it in registers: the loop is the
 * load, a compare, the hint and the safepoint poll. Fields read inside a spin are read again after every hint (the
 * hint orders memory for the compiler), and such reloads added 10 to 20 ns to the one-way latency of a ping-pong
 * on this project's test machine; the condition of the wait is evaluated by the caller, once per change.
 */
public final class SpinLoads
{
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

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
            now = Integer.toUnsignedLong((int)INT.getAcquire(AddressSpace.ALL, address));
        }
        return now;
    }
}
