package io.ishmem.core.heap;

import java.lang.foreign.MemorySegment;

/** The check of a call's local (not symmetric) buffer argument: present, and the range inside the segment. */
public final class LocalRange
{
    private LocalRange()
    {
    }

    public static void check(final String call, final String name, final MemorySegment segment, final long offset,
        final long bytes)
    {
        // the JIT folds this test into the dereference below, as it does the implicit one it replaces
        if (segment == null)
        {
            throw isNull(call, name);
        }
        if (offset < 0 || offset > segment.byteSize() - bytes)
        {
            throw outside(call, name, segment, offset, bytes);
        }
    }

    // built out of line, so that every checked call path stays small enough for the JIT to inline

    private static NullPointerException isNull(final String call, final String name)
    {
        return new NullPointerException(call + ": " + name + " is null");
    }

    private static IndexOutOfBoundsException outside(final String call, final String name,
        final MemorySegment segment, final long offset, final long bytes)
    {
        return new IndexOutOfBoundsException(call + ": " + name + " range [" + offset + ", " + offset + " + " + bytes +
            ") not in [0, " + segment.byteSize() + ")");
    }
}
