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

    /**
     * @param call      the routine, for messages.
     * @param arrayName {@code "src"} or {@code "dest"}: the array; the segment is the other one.
     */
    static void check(final String call, final String arrayName, final int arrayLength, final int arrayIndex,
        final int count, final long segmentIndex, final int elementSize)
    {
        if (count < 0)
        {
            throw new IndexOutOfBoundsException(call + ": count=" + count + " is negative");
        }
        if (arrayIndex < 0)
        {
            throw new IndexOutOfBoundsException(call + ": " + arrayName + "Index=" + arrayIndex + " is negative");
        }
        if (arrayIndex > arrayLength - count)
        {
            throw new IndexOutOfBoundsException(call + ": " + arrayName + "Index=" + arrayIndex + " + count=" + count +
                " is past the end of " + arrayName + " (length " + arrayLength + ")");
        }
        final String segmentName = arrayName.equals("src") ? "dest" : "src";
        if (segmentIndex < 0)
        {
            throw new IndexOutOfBoundsException(call + ": " + segmentName + "Index=" + segmentIndex + " is negative");
        }
        if (segmentIndex > Long.MAX_VALUE / elementSize)
        {
            throw new IndexOutOfBoundsException(call + ": " + segmentName + "Index=" + segmentIndex + " x " +
                elementSize + " bytes overflows a long");
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
