package io.ishmem.core.alloc;

import io.ishmem.SymmetricSegment;
import io.ishmem.core.collective.ArgumentFormatter;
import io.ishmem.core.collective.CollectiveOp;
import io.ishmem.core.collective.TeamSync;
import io.ishmem.core.heap.HeapSegment;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.observe.AllocationEvent;
import io.ishmem.core.observe.Observe;
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
    private static final ArgumentFormatter ALLOCATION_ARGS = args -> args[0] + " bytes aligned to " + args[1];
    private static final ArgumentFormatter FREE_ARGS =
        args -> "the segment at heap offset " + args[0] + " (" + args[1] + " bytes)";

    private final SymmetricHeap heap;
    private final TeamSync worldSync;
    private final Ordering ordering;
    private final CollectiveOp mallocOp;
    private final CollectiveOp callocOp;
    private final CollectiveOp alignOp;
    private final CollectiveOp freeOp;
    private final int myPe;

    public CollectiveAllocation(final SymmetricHeap heap, final TeamSync worldSync, final Ordering ordering,
        final int myPe)
    {
        this.myPe = myPe;
        this.heap = heap;
        this.worldSync = worldSync;
        this.ordering = ordering;
        // the device heap's calls announce codes of their own: a host malloc against a device malloc is a mismatch
        final boolean device = heap.isDevice();
        this.mallocOp = device ? CollectiveOp.DEVICE_MALLOC : CollectiveOp.MALLOC;
        this.callocOp = device ? CollectiveOp.DEVICE_CALLOC : CollectiveOp.CALLOC;
        this.alignOp = device ? CollectiveOp.DEVICE_ALIGN : CollectiveOp.ALIGN;
        this.freeOp = device ? CollectiveOp.DEVICE_FREE : CollectiveOp.FREE;
    }

    public SymmetricSegment malloc(final long bytes)
    {
        if (bytes < 0)
        {
            throw new IllegalArgumentException(mallocOp.callName() + ": bytes=" + bytes + " is negative");
        }
        return allocate(mallocOp, bytes, 64);
    }

    public SymmetricSegment calloc(final long count, final MemoryLayout elementLayout)
    {
        Objects.requireNonNull(elementLayout, "calloc: elementLayout is null");
        if (count < 0)
        {
            throw new IllegalArgumentException(callocOp.callName() + ": count=" + count + " is negative");
        }
        final long bytes;
        try
        {
            bytes = Math.multiplyExact(count, elementLayout.byteSize());
        }
        catch (final ArithmeticException ex)
        {
            throw new IllegalArgumentException(callocOp.callName() + ": count=" + count + " x " + elementLayout.byteSize() +
                " bytes overflows a long", ex);
        }
        worldSync.enter(callocOp.callName());
        try
        {
            final HeapSegment segment = allocateEntered(callocOp, bytes, Math.max(64, elementLayout.byteAlignment()));
            if (heap.isDevice())
            {
                DeviceZeroFill.fill(segment, myPe);
            }
            else
            {
                segment.local().fill((byte)0);
            }
            // no PE may put into a peer's copy before that peer has cleared it
            worldSync.sync(callocOp, callocOp.callName());
            return segment;
        }
        finally
        {
            worldSync.exit();
        }
    }

    public SymmetricSegment align(final long alignment, final long bytes)
    {
        if (alignment < 1 || Long.bitCount(alignment) != 1)
        {
            throw new IllegalArgumentException(alignOp.callName() + ": alignment=" + alignment + " is not a power of two >= 1");
        }
        if (alignment > heap.heapSize())
        {
            throw new IllegalArgumentException(alignOp.callName() + ": alignment=" + alignment + " exceeds the " +
                (heap.isDevice() ? "device" : "symmetric") + " heap size " + heap.heapSize());
        }
        if (bytes < 0)
        {
            throw new IllegalArgumentException(alignOp.callName() + ": bytes=" + bytes + " is negative");
        }
        return allocate(alignOp, bytes, alignment);
    }

    private HeapSegment allocate(final CollectiveOp op, final long bytes, final long alignment)
    {
        worldSync.enter(op.callName());
        try
        {
            return allocateEntered(op, bytes, alignment);
        }
        finally
        {
            worldSync.exit();
        }
    }

    private HeapSegment allocateEntered(final CollectiveOp op, final long bytes, final long alignment)
    {
        final AllocationEvent event = Observe.allocationBegin();
        final long seq = worldSync.announce(op, bytes, alignment);
        // the arguments ride the barrier as a hash: the announcements are read only when they differ. The heap
        // allocates while this PE's flag travels (arriveAnnounced), and gives the range back if the PEs disagree
        worldSync.arriveAnnounced(op, seq, op.callName());
        HeapSegment segment = null;
        try
        {
            segment = heap.tryAllocate(bytes, alignment);
        }
        finally
        {
            awaitAgreement(op, seq, ALLOCATION_ARGS, segment, null);
        }
        if (segment == null)
        {
            throw heap.exhausted(op.callName(), bytes, alignment);
        }
        Observe.allocationEnd(event, op.callName(), bytes, segment.heapOffset(), heap.usedBytes(), heap.heapSize(),
            heap.isDevice());
        return segment;
    }

    /**
     * The rest of an allocation's or a free's barrier, on every path. If the PEs disagree (or one failed), what the
     * heap did while the flag travelled is undone: the segment {@code allocated} early is released, the segment
     * {@code released} early taken back; null where there is none.
     */
    private void awaitAgreement(final CollectiveOp op, final long seq, final ArgumentFormatter describe,
        final HeapSegment allocated, final HeapSegment released)
    {
        try
        {
            worldSync.awaitAnnounced(op, seq, op.callName(), describe);
        }
        catch (final RuntimeException | Error ex)
        {
            if (allocated != null)
            {
                heap.release(allocated);
            }
            if (released != null)
            {
                heap.unrelease(released);
            }
            throw ex;
        }
    }

    public void free(final SymmetricSegment segment)
    {
        final HeapSegment checked = heap.checkFreeable(freeOp.callName(), segment);
        worldSync.enter(freeOp.callName());
        try
        {
            final AllocationEvent event = Observe.allocationBegin();
            final long seq = worldSync.announce(freeOp, checked.heapOffset(), checked.byteSize());
            // puts into the segment still in flight land before any PE may reuse its range
            ordering.beforeSync();
            // the range goes back to the heap while this PE's flag travels, and is taken again if the PEs disagree:
            // no allocation can reuse it before this barrier is over
            worldSync.arriveAnnounced(freeOp, seq, freeOp.callName());
            boolean released = false;
            try
            {
                heap.release(checked);
                released = true;
            }
            finally
            {
                awaitAgreement(freeOp, seq, FREE_ARGS, null, released ? checked : null);
            }
            Observe.allocationEnd(event, freeOp.callName(), checked.byteSize(), checked.heapOffset(), heap.usedBytes(),
                heap.heapSize(), heap.isDevice());
        }
        finally
        {
            worldSync.exit();
        }
    }
}
