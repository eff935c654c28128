package io.ishmem.core.wait;

import io.ishmem.Cmp;
import io.ishmem.SymmetricSegment;
import io.ishmem.core.heap.SegmentAccess;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.transport.Transport;

/**
 * Point-to-point synchronisation, waitUntil and test on an int or long of this PE's symmetric memory:
 * arguments checked once, then acquire loads through the transport of the segment's heap, idling by the
 * runtime's {@link WaitStrategy} between them.
 *
 * <p>A wait's first batch of spins, and the test of the word it returns, are made here, so that they are inlined
 * where the application called the wait: the condition's {@code Cmp} is then a constant, and the way from the load
 * that sees the peer's store to the caller's next store is a compare and a branch. Made in {@link WordWait#await}, a
 * method too large to inline, the way back through its exit, its return and the caller's frame put a 2-PE
 * {@code p} + {@code waitUntil} ping-pong on this project's VM at 183-188 ns one way in most rounds, against
 * 150-155 ns with the batch inlined (a probe's alternating loops, three jobs, slow placement). The few lines of
 * the batch are written out in each wait here and in {@link io.ishmem.core.signal.Signals}, not put in a shared
 * helper: such a helper, with the spin inlined into it, compiles on its own past what C2 inlines of an already
 * compiled method (see {@link io.ishmem.core.heap.SpinLoads}'s size in docs/performance.md), and would be called.
 */
public final class Waits
{
    private final WaitStrategy waitStrategy;
    /** The strategy's first batch, which a wait spins through where it was called: a field, so no call precedes it. */
    private final int callerSpins;
    private final Liveness liveness;

    public Waits(final WaitStrategy waitStrategy, final Liveness liveness)
    {
        this.waitStrategy = waitStrategy;
        this.callerSpins = waitStrategy.callerSpins();
        this.liveness = liveness;
    }

    public long waitUntilLong(final SymmetricSegment ivar, final long index, final Cmp cmp, final long value)
    {
        final long at = waitOffset("waitUntilLong", ivar, index, Long.BYTES, cmp);
        final long first = SegmentAccess.loadAcquire(ivar, at, Long.BYTES);
        if (cmp.holds(first, value))
        {
            return first;
        }
        final Transport transport = SymmetricHeap.transportOf(ivar);
        final int spun = callerSpins;
        final long seen = spun == 0 ? first : transport.spinWhileUnchanged(at, Long.BYTES, first, spun);
        if (spun != 0 && cmp.holds(seen, value))
        {
            return seen;
        }
        return WordWait.await("waitUntilLong", transport, at, Long.BYTES, cmp, value, WordWait.SIGNED_LONG, seen,
            spun, first, waitStrategy, liveness);
    }

    public int waitUntilInt(final SymmetricSegment ivar, final long index, final Cmp cmp, final int value)
    {
        final long at = waitOffset("waitUntilInt", ivar, index, Integer.BYTES, cmp);
        final long first = SegmentAccess.loadAcquire(ivar, at, Integer.BYTES);
        if (cmp.holds((int)first, value))
        {
            return (int)first;
        }
        final Transport transport = SymmetricHeap.transportOf(ivar);
        final int spun = callerSpins;
        final long seen = spun == 0 ? first : transport.spinWhileUnchanged(at, Integer.BYTES, first, spun);
        if (spun != 0 && cmp.holds((int)seen, value))
        {
            return (int)seen;
        }
        return (int)WordWait.await("waitUntilInt", transport, at, Integer.BYTES, cmp, Integer.toUnsignedLong(value),
            WordWait.SIGNED_INT, seen, spun, first, waitStrategy, liveness);
    }

    public static boolean testLong(final SymmetricSegment ivar, final long index, final Cmp cmp, final long value)
    {
        final long at = waitOffset("testLong", ivar, index, Long.BYTES, cmp);
        return cmp.holds(SegmentAccess.loadAcquire(ivar, at, Long.BYTES), value);
    }

    public static boolean testInt(final SymmetricSegment ivar, final long index, final Cmp cmp, final int value)
    {
        final long at = waitOffset("testInt", ivar, index, Integer.BYTES, cmp);
        return cmp.holds((int)SegmentAccess.loadAcquire(ivar, at, Integer.BYTES), value);
    }

    private static long waitOffset(final String call, final SymmetricSegment ivar, final long index, final int size,
        final Cmp cmp)
    {
        final long at = SymmetricHeap.elementOffset(call, "ivar", ivar, index, size);
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
