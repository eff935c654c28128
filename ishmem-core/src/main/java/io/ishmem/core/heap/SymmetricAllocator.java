package io.ishmem.core.heap;

import java.util.Arrays;

/**
 * First-fit allocator of heap offsets with coalescing. Deterministic: the same sequence of calls
 * gives the same offsets on every PE, which is what makes collective allocation symmetric without
 * exchanging offsets. Blocks are whole cache lines so no two allocations share one.
 *
 * <p>The free ranges and the live blocks are kept in sorted arrays of primitives, not in maps of boxed
 * offsets: a malloc/free pair in a PE's loop then allocates nothing here (the arrays grow only when more
 * blocks are live than ever before), and leaves the garbage collector, whose pauses the other PEs wait
 * out at the next barrier, nothing to do.
 */
public final class SymmetricAllocator
{
    public static final long MIN_ALIGNMENT = ControlBlock.CACHE_LINE;
    private static final int INITIAL_CAPACITY = 16;

    private final long capacity;
    // free ranges, sorted by start, never adjacent (coalesced)
    private long[] freeStarts = new long[INITIAL_CAPACITY];
    private long[] freeLengths = new long[INITIAL_CAPACITY];
    private int freeCount;
    // live blocks, sorted by offset
    private long[] usedOffsets = new long[INITIAL_CAPACITY];
    private long[] usedLengths = new long[INITIAL_CAPACITY];
    private int usedCount;
    private long freeBytes;

    /**
     * @param capacity bytes of heap to manage, from offset 0.
     */
    public SymmetricAllocator(final long capacity)
    {
        this.capacity = capacity;
        this.freeBytes = capacity;
        if (capacity > 0)
        {
            insertFree(0, 0L, capacity);
        }
    }

    /**
     * @param bytes     requested size; 0 still takes one cache line so the block has an identity.
     * @param alignment power of two.
     * @return the offset, or -1 when no free range fits.
     */
    public long allocate(final long bytes, final long alignment)
    {
        final long align = Math.max(alignment, MIN_ALIGNMENT);
        final long length = roundUp(Math.max(bytes, 1), MIN_ALIGNMENT);
        if (length < 0)
        {
            return -1;
        }
        for (int i = 0; i < freeCount; i++)
        {
            final long start = freeStarts[i];
            final long end = start + freeLengths[i];
            final long at = roundUp(start, align);
            if (at >= start && at <= end && end - at >= length)
            {
                carve(i, at, length);
                return at;
            }
        }
        return -1;
    }

    /**
     * @param offset an offset returned by {@link #allocate} and not freed since.
     * @return whether it was allocated (false: foreign or double free, nothing changed).
     */
    public boolean free(final long offset)
    {
        final int used = Arrays.binarySearch(usedOffsets, 0, usedCount, offset);
        if (used < 0)
        {
            return false;
        }
        final long length = usedLengths[used];
        System.arraycopy(usedOffsets, used + 1, usedOffsets, used, usedCount - used - 1);
        System.arraycopy(usedLengths, used + 1, usedLengths, used, usedCount - used - 1);
        usedCount--;
        freeBytes += length;

        // the first free range after the block, and whether the ranges either side touch it
        final int found = Arrays.binarySearch(freeStarts, 0, freeCount, offset);
        final int next = found >= 0 ? found : -found - 1;
        final boolean joinsBefore = next > 0 && freeStarts[next - 1] + freeLengths[next - 1] == offset;
        final boolean joinsAfter = next < freeCount && freeStarts[next] == offset + length;
        if (joinsBefore && joinsAfter)
        {
            freeLengths[next - 1] += length + freeLengths[next];
            removeFree(next);
        }
        else if (joinsBefore)
        {
            freeLengths[next - 1] += length;
        }
        else if (joinsAfter)
        {
            freeStarts[next] = offset;
            freeLengths[next] += length;
        }
        else
        {
            insertFree(next, offset, length);
        }
        return true;
    }

    /**
     * Takes back the block of {@code bytes} at {@code offset} that {@link #free} just gave back, as {@link #allocate}
     * made it: the free ranges and live blocks return to what they were before that free.
     *
     * @return whether the whole block lay in one free range (false: nothing changed).
     */
    public boolean take(final long offset, final long bytes)
    {
        final long length = roundUp(Math.max(bytes, 1), MIN_ALIGNMENT);
        final int found = Arrays.binarySearch(freeStarts, 0, freeCount, offset);
        final int i = found >= 0 ? found : -found - 2;
        if (i < 0 || offset + length > freeStarts[i] + freeLengths[i])
        {
            return false;
        }
        carve(i, offset, length);
        return true;
    }

    /** Makes {@code [at, at + length)}, which lies in free range {@code i}, a live block. */
    private void carve(final int i, final long at, final long length)
    {
        final long start = freeStarts[i];
        final long end = start + freeLengths[i];
        final boolean before = at > start;
        final boolean after = end > at + length;
        if (before && after)
        {
            freeLengths[i] = at - start;
            insertFree(i + 1, at + length, end - at - length);
        }
        else if (before)
        {
            freeLengths[i] = at - start;
        }
        else if (after)
        {
            freeStarts[i] = at + length;
            freeLengths[i] = end - at - length;
        }
        else
        {
            removeFree(i);
        }
        insertUsed(at, length);
        freeBytes -= length;
    }

    public long capacity()
    {
        return capacity;
    }

    public long freeBytes()
    {
        return freeBytes;
    }

    /**
     * @return the longest free range in bytes.
     */
    public long largestFree()
    {
        long largest = 0;
        for (int i = 0; i < freeCount; i++)
        {
            largest = Math.max(largest, freeLengths[i]);
        }
        return largest;
    }

    public int liveAllocations()
    {
        return usedCount;
    }

    private void insertFree(final int at, final long start, final long length)
    {
        if (freeCount == freeStarts.length)
        {
            freeStarts = Arrays.copyOf(freeStarts, freeCount * 2);
            freeLengths = Arrays.copyOf(freeLengths, freeCount * 2);
        }
        System.arraycopy(freeStarts, at, freeStarts, at + 1, freeCount - at);
        System.arraycopy(freeLengths, at, freeLengths, at + 1, freeCount - at);
        freeStarts[at] = start;
        freeLengths[at] = length;
        freeCount++;
    }

    private void removeFree(final int at)
    {
        System.arraycopy(freeStarts, at + 1, freeStarts, at, freeCount - at - 1);
        System.arraycopy(freeLengths, at + 1, freeLengths, at, freeCount - at - 1);
        freeCount--;
    }

    private void insertUsed(final long offset, final long length)
    {
        if (usedCount == usedOffsets.length)
        {
            usedOffsets = Arrays.copyOf(usedOffsets, usedCount * 2);
            usedLengths = Arrays.copyOf(usedLengths, usedCount * 2);
        }
        final int found = Arrays.binarySearch(usedOffsets, 0, usedCount, offset);
        final int at = -found - 1;
        System.arraycopy(usedOffsets, at, usedOffsets, at + 1, usedCount - at);
        System.arraycopy(usedLengths, at, usedLengths, at + 1, usedCount - at);
        usedOffsets[at] = offset;
        usedLengths[at] = length;
        usedCount++;
    }

    private static long roundUp(final long value, final long alignment)
    {
        return (value + alignment - 1) & -alignment;
    }
}
