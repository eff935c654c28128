package io.ishmem.core.heap;

import java.lang.foreign.MemorySegment;

/**
 * The checks of a call's local (not symmetric) buffer argument: present, and the range inside the segment;
 * and the words for a buffer the JDK refused to copy (its arena closed, confined to another thread, or read-only).
 */
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

    /**
     * The exception to throw when copying from or into {@code segment} failed with {@code failure}: the JDK
     * says only "Already closed", "Attempted access outside owning thread" or "Attempt to write a read-only
     * segment", so where the segment is the
     * cause the message names the call and the argument. Called on the failure path only: the copy itself
     * is the liveness and thread check, so the path that succeeds pays nothing for these words.
     *
     * @return the translated exception, of the JDK's type, with {@code failure} as its cause; or
     *         {@code failure} itself when the segment is alive and this thread may access it.
     */
    public static RuntimeException unusable(final String call, final String name, final MemorySegment segment,
        final RuntimeException failure)
    {
        if (!segment.scope().isAlive())
        {
            return new IllegalStateException(call + ": " + name + " belongs to an arena that is closed", failure);
        }
        if (segment.isReadOnly())
        {
            return new IllegalArgumentException(call + ": " + name + " is a read-only segment, which the call would " +
                "write into", failure);
        }
        if (!segment.isAccessibleBy(Thread.currentThread()))
        {
            return new WrongThreadException(call + ": " + name + " belongs to a confined arena of another thread, " +
                "which thread " + Thread.currentThread().getName() + " may not access: allocate it with " +
                "Arena.ofShared(), Arena.global() or Arena.ofAuto() to pass it from any thread", failure);
        }
        return failure;
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
