package io.ishmem.core.wait;

import io.ishmem.Cmp;
import io.ishmem.SymmetricSegment;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.transport.Transport;

/**
 * Point-to-point synchronisation, waitUntil and test on an int or long of this PE's symmetric memory:
 * arguments checked once, then acquire loads through the transport of the segment's heap, idling by the
 * runtime's {@link WaitStrategy} between them.
 */
public final class Waits
{
    private final SymmetricHeap heap;
    private final WaitStrategy waitStrategy;
    private final Liveness liveness;

    public Waits(final SymmetricHeap heap, final WaitStrategy waitStrategy, final Liveness liveness)
    {
        this.heap = heap;
        this.waitStrategy = waitStrategy;
        this.liveness = liveness;
    }

    public long waitUntilLong(final SymmetricSegment ivar, final long index, final Cmp cmp, final long value)
    {
        final long at = waitOffset("waitUntilLong", ivar, index, Long.BYTES, cmp);
        final Transport transport = SymmetricHeap.transportOf(ivar);
        final long seen = transport.loadAcquire(at, Long.BYTES);
        if (cmp.holds(seen, value))
        {
            return seen;
        }
        return WordWait.await("waitUntilLong", transport, at, Long.BYTES, cmp, value, WordWait.SIGNED_LONG, seen,
            waitStrategy, liveness);
    }

    public int waitUntilInt(final SymmetricSegment ivar, final long index, final Cmp cmp, final int value)
    {
        final long at = waitOffset("waitUntilInt", ivar, index, Integer.BYTES, cmp);
        final Transport transport = SymmetricHeap.transportOf(ivar);
        final long seen = transport.loadAcquire(at, Integer.BYTES);
        if (cmp.holds((int)seen, value))
        {
            return (int)seen;
        }
        return (int)WordWait.await("waitUntilInt", transport, at, Integer.BYTES, cmp, Integer.toUnsignedLong(value),
            WordWait.SIGNED_INT, seen, waitStrategy, liveness);
    }

    public boolean testLong(final SymmetricSegment ivar, final long index, final Cmp cmp, final long value)
    {
        final long at = waitOffset("testLong", ivar, index, Long.BYTES, cmp);
        return cmp.holds(SymmetricHeap.transportOf(ivar).loadAcquire(at, Long.BYTES), value);
    }

    public boolean testInt(final SymmetricSegment ivar, final long index, final Cmp cmp, final int value)
    {
        final long at = waitOffset("testInt", ivar, index, Integer.BYTES, cmp);
        return cmp.holds((int)SymmetricHeap.transportOf(ivar).loadAcquire(at, Integer.BYTES), value);
    }

    private long waitOffset(final String call, final SymmetricSegment ivar, final long index, final int size,
        final Cmp cmp)
    {
        final long at = heap.elementOffset(call, "ivar", ivar, index, size);
        if (cmp == null)
        {
            throw nullCmp(call);
        }
        if ((at & (size - 1)) != 0)
        {
            throw misaligned(call, "ivar", index, at, size);
        }
        return at;
    }

    // built out of line, so that every checked call path stays small enough for the JIT to inline; MultiWaits
    // words its refusals alike

    static NullPointerException nullCmp(final String call)
    {
        return new NullPointerException(call + ": cmp is null (use Cmp.EQ, NE, GT, GE, LT or LE)");
    }

    static IllegalArgumentException misaligned(final String call, final String name, final long index,
        final long at, final int size)
    {
        return new IllegalArgumentException(call + ": " + name + " element " + index + " is at heap offset " + at +
            ", not " + size + "-byte aligned (slice the segment at a multiple of " + size + ")");
    }
}
