package io.ishmem.core.alloc;

import io.ishmem.SymmetricSegment;
import io.ishmem.core.collective.CollectiveOp;
import io.ishmem.core.collective.TeamSync;
import io.ishmem.core.heap.HeapSegment;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.rma.Ordering;

import java.lang.foreign.MemoryLayout;
import java.util.Objects;

/**
 * malloc, calloc, align and free: each PE announces its arguments, the world synchronises and compares
 * every member's announcement, and only then does the deterministic allocator run, so equal calls give
 * equal offsets on every PE without exchanging them, and unequal ones fail on every PE alike.
 */
public final class CollectiveAllocation
{
    private final SymmetricHeap heap;
    private final TeamSync worldSync;
    private final Ordering ordering;

    public CollectiveAllocation(final SymmetricHeap heap, final TeamSync worldSync, final Ordering ordering)
    {
        this.heap = heap;
        this.worldSync = worldSync;
        this.ordering = ordering;
    }

    public SymmetricSegment malloc(final long bytes)
    {
        if (bytes < 0)
        {
            throw new IllegalArgumentException("malloc: bytes=" + bytes + " is negative");
        }
        return allocate(CollectiveOp.MALLOC, bytes, 64);
    }

    public SymmetricSegment calloc(final long count, final MemoryLayout elementLayout)
    {
        Objects.requireNonNull(elementLayout, "calloc: elementLayout");
        if (count < 0)
        {
            throw new IllegalArgumentException("calloc: count=" + count + " is negative");
        }
        final long bytes;
        try
        {
            bytes = Math.multiplyExact(count, elementLayout.byteSize());
        }
        catch (final ArithmeticException ex)
        {
            throw new IllegalArgumentException("calloc: count=" + count + " x " + elementLayout.byteSize() +
                " bytes overflows a long", ex);
        }
        final HeapSegment segment = allocate(CollectiveOp.CALLOC, bytes, Math.max(64, elementLayout.byteAlignment()));
        segment.local().fill((byte)0);
        // no PE may put into a peer's copy before that peer has cleared it
        worldSync.sync(CollectiveOp.CALLOC, "calloc");
        return segment;
    }

    public SymmetricSegment align(final long alignment, final long bytes)
    {
        if (alignment < 1 || Long.bitCount(alignment) != 1)
        {
            throw new IllegalArgumentException("align: alignment=" + alignment + " is not a power of two >= 1");
        }
        if (alignment > heap.heapSize())
        {
            throw new IllegalArgumentException("align: alignment=" + alignment + " exceeds the symmetric heap size " +
                heap.heapSize());
        }
        if (bytes < 0)
        {
            throw new IllegalArgumentException("align: bytes=" + bytes + " is negative");
        }
        return allocate(CollectiveOp.ALIGN, bytes, alignment);
    }

    private HeapSegment allocate(final CollectiveOp op, final long bytes, final long alignment)
    {
        final long seq = worldSync.announce(op, bytes, alignment);
        worldSync.sync(op, op.callName());
        worldSync.agree(seq, op, (size, align) -> size + " bytes aligned to " + align);
        return heap.allocate(op.callName(), bytes, alignment);
    }

    public void free(final SymmetricSegment segment)
    {
        final HeapSegment checked = heap.checkFreeable("free", segment);
        final long seq = worldSync.announce(CollectiveOp.FREE, checked.heapOffset(), checked.byteSize());
        // puts into the segment still in flight land before any PE may reuse its range
        ordering.quiet();
        worldSync.sync(CollectiveOp.FREE, "free");
        worldSync.agree(seq, CollectiveOp.FREE, (offset, size) -> "the segment at heap offset " + offset + " (" +
            size + " bytes)");
        heap.release(checked);
    }
}
