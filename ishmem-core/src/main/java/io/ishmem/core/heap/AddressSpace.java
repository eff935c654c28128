package io.ishmem.core.heap;

import java.lang.foreign.MemorySegment;

/**
 * One constant segment over the whole address space, through which the hot paths reach the mapped heaps and
 * control blocks of this node by address: {@code ALL} at the mapping's address plus the offset, instead of
 * the mapping's own segment.
 *
 * <p>Why: an access through a mapping's segment first loads the segment, then its session, then the session's
 * state, and checks the thread, the bounds and the read-only bit; between a waiter's wake-up and the store it
 * answers with, that chain of dependent loads is most of what the library adds to a raw store (JMH and a
 * two-PE ping-pong: 4-8 ns of a 40-50 ns hop). Through this constant the JIT folds all of it away.
 *
 * <p>Why it is safe: what those checks protect against is an access racing the close of the mapping on another
 * thread, which would touch unmapped memory. {@link HeapFiles#map(int, long, long, java.lang.foreign.Arena)}
 * never unmaps a heap's range: closing its arena puts anonymous memory in its place, for the life of the
 * process. The runtime refuses every call on a closed heap before it gets here, so only a call that raced the
 * close (the application's error) can still reach the range, and it then costs a lost write, not a crash.
 * Use it only for addresses inside such a mapping.
 */
public final class AddressSpace
{
    /** Every address from 0, readable and writable as far as the JDK is concerned; the mapping decides. */
    public static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    private AddressSpace()
    {
    }

    /** @return {@code segment}'s address, or 0 where there is no segment (a PE on another node). */
    public static long addressOf(final MemorySegment segment)
    {
        return segment == null ? 0L : segment.address();
    }
}
