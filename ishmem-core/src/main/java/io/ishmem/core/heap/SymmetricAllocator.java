package io.ishmem.core.heap;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * First-fit allocator of heap offsets with coalescing. Deterministic: the same sequence of calls
 * gives the same offsets on every PE, which is what makes collective allocation symmetric without
 * exchanging offsets. Blocks are whole cache lines so no two allocations share one.
 */
public final class SymmetricAllocator
{
    public static final long MIN_ALIGNMENT = ControlBlock.CACHE_LINE;

    private final long capacity;
    private final TreeMap<Long, Long> free = new TreeMap<>();
    private final Map<Long, Long> used = new HashMap<>();
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
            free.put(0L, capacity);
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
        for (final Map.Entry<Long, Long> range : free.entrySet())
        {
            final long start = range.getKey();
            final long end = start + range.getValue();
            final long at = roundUp(start, align);
            if (at >= start && at <= end && end - at >= length)
            {
                free.remove(start);
                if (at > start)
                {
                    free.put(start, at - start);
                }
                if (end > at + length)
                {
                    free.put(at + length, end - at - length);
                }
                used.put(at, length);
                freeBytes -= length;
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
        final Long length = used.remove(offset);
        if (length == null)
        {
            return false;
        }
        freeBytes += length;
        long start = offset;
        long size = length;
        final Map.Entry<Long, Long> before = free.floorEntry(offset);
        if (before != null && before.getKey() + before.getValue() == offset)
        {
            start = before.getKey();
            size += before.getValue();
            free.remove(start);
        }
        final Long after = free.remove(offset + length);
        if (after != null)
        {
            size += after;
        }
        free.put(start, size);
        return true;
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
        for (final long length : free.values())
        {
            largest = Math.max(largest, length);
        }
        return largest;
    }

    public int liveAllocations()
    {
        return used.size();
    }

    private static long roundUp(final long value, final long alignment)
    {
        return (value + alignment - 1) & -alignment;
    }
}
