package io.ishmem.core.transport;

import io.ishmem.SignalOp;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * Put-with-signal and signal updates on mapped heaps. Callers have checked every argument: offsets are
 * in range and each signal offset is 8-byte aligned, so every access here is one atomic 64-bit access.
 */
public final class ShmSignals
{
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private ShmSignals()
    {
    }

    /**
     * Copies the payload into the target heap, then updates the signal word there.
     *
     * @param src       payload.
     * @param srcOffset byte offset into {@code src}.
     * @param target    the target PE's heap mapping.
     * @param destAt    heap offset of the destination.
     * @param bytes     payload size.
     * @param sigAt     heap offset of the signal word, 8-byte aligned.
     * @param signal    value to set or add.
     * @param op        the update.
     */
    public static void putSignal(final MemorySegment src, final long srcOffset, final MemorySegment target,
        final long destAt, final long bytes, final long sigAt, final long signal, final SignalOp op)
    {
        MemorySegment.copy(src, srcOffset, target, destAt, bytes);
        update(target, sigAt, signal, op);
    }

    /**
     * Updates a signal word; every store this thread made before (the payload) is visible to a reader
     * that acquires the new value.
     *
     * @param target the target PE's heap mapping.
     * @param sigAt  heap offset of the signal word, 8-byte aligned.
     * @param signal value to set or add.
     * @param op     the update.
     */
    public static void update(final MemorySegment target, final long sigAt, final long signal, final SignalOp op)
    {
        if (op == SignalOp.SET)
        {
            set(target, sigAt, signal);
        }
        else
        {
            add(target, sigAt, signal);
        }
    }

    /**
     * @param target the target PE's heap mapping.
     * @param sigAt  heap offset of the signal word, 8-byte aligned.
     * @param signal the new value.
     */
    public static void set(final MemorySegment target, final long sigAt, final long signal)
    {
        // release, not a locked RMW: one writer's aligned 8-byte store is atomic, and the release orders
        // the payload before it; a locked exchange costs 60-100 ns more per signal and buys nothing here
        LONG.setRelease(target, sigAt, signal);
    }

    /**
     * @param target the target PE's heap mapping.
     * @param sigAt  heap offset of the signal word, 8-byte aligned.
     * @param signal the value to add; wraps modulo 2^64, which is unsigned addition.
     * @return the value before the add.
     */
    public static long add(final MemorySegment target, final long sigAt, final long signal)
    {
        // an atomic read-modify-write, so adds from many PEs and threads are never lost; it is a full
        // fence too, so the payload is visible before the sum. The cast keeps the call site's type exact
        return (long)LONG.getAndAdd(target, sigAt, signal);
    }

    /**
     * @param heap  this PE's heap mapping.
     * @param sigAt heap offset of the signal word, 8-byte aligned.
     * @return the word; acquire, pairing with the writer's release or atomic add, so the payload that
     *         came with it is visible after this returns.
     */
    public static long fetch(final MemorySegment heap, final long sigAt)
    {
        return (long)LONG.getAcquire(heap, sigAt);
    }
}
