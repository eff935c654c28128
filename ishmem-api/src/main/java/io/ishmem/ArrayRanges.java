package io.ishmem;

import java.lang.foreign.MemoryLayout;

/**
 * Argument checks of the default array and typed forms, so that messages name the argument. A null array or
 * segment is refused by the form itself, with {@code Objects.requireNonNull} and a constant message.
 */
final class ArrayRanges
{
    private ArrayRanges()
    {
    }

    static void check(final String call, final int arrayLength, final int arrayIndex, final int count,
        final long segmentIndex, final int elementSize)
    {
        if (count < 0)
        {
            throw new IndexOutOfBoundsException(call + ": count=" + count + " is negative");
        }
        if (arrayIndex < 0 || arrayIndex > arrayLength - count)
        {
            throw new IndexOutOfBoundsException(call + ": array range [" + arrayIndex + ", " + arrayIndex + " + " +
                count + ") not in [0, " + arrayLength + ")");
        }
        if (segmentIndex < 0 || segmentIndex > Long.MAX_VALUE / elementSize)
        {
            throw new IndexOutOfBoundsException(call + ": segment index=" + segmentIndex + " is out of range");
        }
    }

    static long typedBytes(final String call, final MemoryLayout type, final long nelems)
    {
        if (type == null)
        {
            throw new NullPointerException(call + ": type is null");
        }
        if (nelems < 0)
        {
            throw new IllegalArgumentException(call + ": nelems=" + nelems + " is negative");
        }
        try
        {
            return Math.multiplyExact(nelems, type.byteSize());
        }
        catch (final ArithmeticException ex)
        {
            throw new IllegalArgumentException(call + ": nelems=" + nelems + " x " + type.byteSize() +
                " bytes overflows a long", ex);
        }
    }
}
