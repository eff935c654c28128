package io.ishmem.core.heap;

import java.lang.foreign.MemorySegment;

/** The check of a call's local (not symmetric) buffer argument: the range lies inside the segment. */
public final class LocalRange
{
    private LocalRange()
    {
    }

    public static void check(final String call, final String name, final MemorySegment segment, final long offset,
        final long bytes)
    {
        if (offset < 0 || offset > segment.byteSize() - bytes)
        {
            throw outside(call, name, segment, offset, bytes);
        }
    }

    // built out of line, so that every checked call path stays small enough for the JIT to inline
    private static IndexOutOfBoundsException outside(final String call, final String name,
        final MemorySegment segment, final long offset, final long bytes)
    {
        return new IndexOutOfBoundsException(call + ": " + name + " range [" + offset + ", " + offset + " + " + bytes +
            ") not in [0, " + segment.byteSize() + ")");
    }
}
