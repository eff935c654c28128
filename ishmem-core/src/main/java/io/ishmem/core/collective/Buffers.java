package io.ishmem.core.collective;

import io.ishmem.SymmetricSegment;
import io.ishmem.core.heap.SymmetricHeap;

/** The checks a collective's two symmetric buffers pass before any PE moves data. */
final class Buffers
{
    private Buffers()
    {
    }

    /**
     * @return the heap offset of {@code [0, bytes)} of {@code segment}, checked against its length.
     */
    static long range(final String call, final String name, final SymmetricSegment segment, final long bytes)
    {
        return SymmetricHeap.rangeOffset(call, name, segment, 0, bytes);
    }

    /**
     * Refuses buffers in different heaps, and buffers that overlap, unless {@code sameAllowed} and they are
     * the same range (an in-place collective).
     */
    static void distinct(final String call, final SymmetricSegment dest, final long destAt, final long destBytes,
        final SymmetricSegment src, final long srcAt, final long srcBytes, final boolean sameAllowed)
    {
        if (SymmetricHeap.isDevice(dest) != SymmetricHeap.isDevice(src))
        {
            throw new IllegalArgumentException(call + ": dest is in the " + heapName(dest) + " heap and src in the " +
                heapName(src) + " heap (a collective's buffers lie in one heap)");
        }
        if (destBytes == 0 || srcBytes == 0 || destAt + destBytes <= srcAt || srcAt + srcBytes <= destAt)
        {
            return;
        }
        if (sameAllowed && destAt == srcAt && destBytes == srcBytes)
        {
            return;
        }
        throw new IllegalArgumentException(call + ": dest [" + destAt + ", " + (destAt + destBytes) + ") and src [" +
            srcAt + ", " + (srcAt + srcBytes) + ") overlap in the heap" + (sameAllowed ?
            " (they may be the same range, for an in-place " + call + ", but not overlap otherwise)" :
            " (" + call + " has no in-place form)"));
    }

    private static String heapName(final SymmetricSegment segment)
    {
        return SymmetricHeap.isDevice(segment) ? "device" : "host";
    }

    /** @return {@code a * b}, or an exception naming what overflowed. */
    static long times(final String call, final String what, final long a, final long b)
    {
        try
        {
            return Math.multiplyExact(a, b);
        }
        catch (final ArithmeticException ex)
        {
            throw new IllegalArgumentException(call + ": " + what + " = " + a + " x " + b + " overflows a long", ex);
        }
    }

    static void checkRoot(final String call, final int root, final TeamSync sync)
    {
        if (root < 0 || root >= sync.size())
        {
            throw new IndexOutOfBoundsException(call + ": root=" + root + " not in [0, " + sync.size() +
                ") (a PE number in team " + sync.teamName() + ")");
        }
    }

    static void checkNotNegative(final String call, final String name, final long value)
    {
        if (value < 0)
        {
            throw new IllegalArgumentException(call + ": " + name + "=" + value + " is negative");
        }
    }
}
