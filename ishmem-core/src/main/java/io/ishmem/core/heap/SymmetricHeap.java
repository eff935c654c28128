package io.ishmem.core.heap;

import io.ishmem.SymmetricHeapExhaustedException;
import io.ishmem.SymmetricSegment;
import io.ishmem.core.transport.DeviceRoute;
import io.ishmem.core.transport.Transport;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Every PE's symmetric heap as mapped into this process, indexed by world PE, with the allocator,
 * the checks that turn a {@link SymmetricSegment} argument into a heap offset, and the transport that
 * serves the heap, fixed when the heap is made. A runtime has a host heap and may have a device heap
 * beside it ({@link #device}); the host heap's checks accept segments of both, and each segment carries
 * its own heap's transport.
 */
public final class SymmetricHeap
{
    /** An element index at or past this is past the end of any segment (elements are at most 8 bytes). */
    private static final long MAX_ELEMENT_INDEX = 1L << 60;

    final int nPes;
    private final long heapSize;
    private final MemorySegment[] peerHeaps;
    private final MemorySegment localHeap;
    private final SymmetricAllocator allocator;
    private final Transport transport;
    private final boolean device;
    private SymmetricHeap sibling;
    // allocated and not freed, so that close can retire them all
    private final List<HeapSegment> live = new ArrayList<>();
    private boolean closed;

    /**
     * @param myPe      this PE.
     * @param peerHeaps heap part of every PE's mapping, by world PE; null for a PE on another node.
     * @param transport what moves data into and out of these heaps.
     */
    public SymmetricHeap(final int myPe, final MemorySegment[] peerHeaps, final Transport transport)
    {
        this.transport = transport;
        this.nPes = peerHeaps.length;
        this.peerHeaps = peerHeaps.clone();
        this.localHeap = peerHeaps[myPe];
        this.heapSize = localHeap.byteSize();
        this.allocator = new SymmetricAllocator(heapSize);
        this.device = false;
    }

    private SymmetricHeap(final int nPes, final long heapSize, final Transport transport)
    {
        this.transport = transport;
        this.nPes = nPes;
        this.peerHeaps = null;
        this.localHeap = null;
        this.heapSize = heapSize;
        this.allocator = new SymmetricAllocator(heapSize);
        this.device = true;
    }

    /**
     * A device heap: GPU memory with no host mapping, reached only through its transport.
     *
     * @param host the runtime's host heap, whose checks then accept this heap's segments too.
     */
    public static SymmetricHeap device(final SymmetricHeap host, final long heapSize, final Transport transport)
    {
        final SymmetricHeap device = new SymmetricHeap(host.nPes, heapSize, transport);
        device.sibling = host;
        host.sibling = device;
        return device;
    }

    public boolean isDevice()
    {
        return device;
    }

    /**
     * @param segment a segment {@link #rangeOffset} accepted.
     * @return whether it lies in the device heap.
     */
    public static boolean isDevice(final SymmetricSegment segment)
    {
        return ((HeapSegment)segment).heap.device;
    }

    public Transport transport()
    {
        return transport;
    }

    /**
     * The transport of a segment's heap: decided when the heap was made, so the call through it sees one
     * receiver type per heap kind and the JIT inlines it.
     *
     * @param checked a segment that {@link #rangeOffset} or {@link #elementOffset} has accepted.
     */
    public static Transport transportOf(final SymmetricSegment checked)
    {
        return ((HeapSegment)checked).transport;
    }

    /**
     * A segment as a communication context's call sees it: a device segment served by the context's own device
     * queue, so the unchanged RMA and signal code issues the context's device work there; a host segment, and
     * anything that is no segment of a heap (for the checks to refuse), as it is.
     *
     * @param segment the caller's argument, unchecked.
     * @param route   the context's device queue, opened only when a device segment needs it.
     */
    public static SymmetricSegment routed(final SymmetricSegment segment, final DeviceRoute route)
    {
        return segment instanceof HeapSegment heapSegment && heapSegment.heap.device ?
            heapSegment.servedBy(route.deviceTransport()) : segment;
    }

    /** @return PE {@code pe}'s heap as mapped here, or null when it is on another node. */
    public MemorySegment peerHeap(final int pe)
    {
        return peerHeaps[pe];
    }

    public MemorySegment localHeap()
    {
        return localHeap;
    }

    public long heapSize()
    {
        return heapSize;
    }

    /**
     * Local part of a collective allocation; the caller has made sure every PE asks alike.
     */
    public HeapSegment allocate(final String call, final long bytes, final long alignment)
    {
        final HeapSegment segment = tryAllocate(bytes, alignment);
        if (segment == null)
        {
            throw exhausted(call, bytes, alignment);
        }
        return segment;
    }

    /**
     * Local part of a collective allocation, made while the PEs may still disagree on it: {@link #release} undoes
     * it, leaving the allocator as it was (its free ranges are kept coalesced, so the same set of ranges).
     *
     * @return the new segment, or null when no free range fits (then {@link #exhausted} says so).
     */
    public HeapSegment tryAllocate(final long bytes, final long alignment)
    {
        final long offset = allocator.allocate(bytes, alignment);
        if (offset < 0)
        {
            return null;
        }
        final HeapSegment segment = new HeapSegment(this, offset, bytes);
        live.add(segment);
        return segment;
    }

    /** @return what a call that found no free range for {@code bytes} throws. */
    public SymmetricHeapExhaustedException exhausted(final String call, final long bytes, final long alignment)
    {
        final String variable = device ? "ISHMEM_DEVICE_SYMMETRIC_SIZE" : "ISHMEM_SYMMETRIC_SIZE";
        return new SymmetricHeapExhaustedException(call + ": cannot allocate " + Bytes.describe(bytes) +
            (alignment > SymmetricAllocator.MIN_ALIGNMENT ? " aligned to " + alignment : "") +
            (device ? ": the device heap (device memory) of each PE is " : ": the symmetric heap of each PE is ") +
            Bytes.describe(heapSize) + " (" + variable + "), " +
            Bytes.describe(allocator.freeBytes()) + " free, largest free range " +
            Bytes.describe(allocator.largestFree()) + advice(variable, bytes));
    }

    private String advice(final String variable, final long bytes)
    {
        final long needed = heapSize - allocator.freeBytes() + bytes;
        // a request near Long.MAX_VALUE overflows the sum, and no heap can be larger than 4 EiB anyway
        if (needed < 0 || needed > 1L << 62)
        {
            return "; no symmetric heap can hold " + Bytes.describe(bytes);
        }
        return "; raise " + variable + " (e.g. " + variable + "=" + Bytes.suggestSize(needed) +
            ") or free symmetric memory";
    }

    /**
     * @param segment argument of free.
     * @return the allocation's root segment, checked to be a live allocation of this heap.
     */
    public HeapSegment checkFreeable(final String call, final SymmetricSegment segment)
    {
        checkOpen(call);
        if (!(segment instanceof HeapSegment heapSegment) || heapSegment.heap != this)
        {
            if (segment == null)
            {
                throw new NullPointerException(call + ": segment is null");
            }
            if (segment instanceof HeapSegment other && other.heap == sibling && sibling != null)
            {
                throw new IllegalArgumentException(call + ": segment " + segment + (device ?
                    " is host memory: free it with shmem.free" : " is device memory: free it with shmem.device().free"));
            }
            throw new IllegalArgumentException(call + ": segment " + segment +
                " was not allocated by this ishmem runtime");
        }
        if (heapSegment.root.freed)
        {
            throw new IllegalArgumentException(call + ": segment " + segment + " was already freed");
        }
        if (!heapSegment.isAllocationRoot())
        {
            throw new IllegalArgumentException(call + ": segment " + segment +
                " is a slice; free the segment malloc/calloc/align returned (heap offset " +
                heapSegment.root.offset + ")");
        }
        return heapSegment;
    }

    /**
     * Releases a checked allocation locally.
     */
    public void release(final HeapSegment segment)
    {
        segment.freed = true;
        segment.retired = true;
        live.remove(segment);
        allocator.free(segment.offset);
    }

    /**
     * Undoes {@link #release} of a free the PEs turned out to disagree on: the segment is live again, at the same
     * range, and the allocator as it was before.
     */
    public void unrelease(final HeapSegment segment)
    {
        if (!allocator.take(segment.offset, segment.size))
        {
            throw new IllegalStateException("the range of " + segment + " was reused before its free was undone");
        }
        live.add(segment);
        segment.freed = false;
        segment.retired = false;
    }

    /**
     * Checks that {@code [offset, offset + bytes)} of {@code segment} is a live range of symmetric memory: of
     * this heap or its sibling, the only heaps a process has. A process initialises ishmem once
     * ({@code CoreProvider}), so every {@link HeapSegment} is one of this runtime's, and a segment of a closed
     * heap is retired: the check by type says all that a comparison of the segment's heap with this one would,
     * one dependent load and compare shorter on every checked call.
     *
     * @return its offset from the start of the heap.
     */
    public static long rangeOffset(final String call, final String name, final SymmetricSegment segment,
        final long offset, final long bytes)
    {
        if (!(segment instanceof HeapSegment heapSegment))
        {
            throw notSymmetric(call, name, segment);
        }
        if (heapSegment.root.retired)
        {
            // throws: closed first, then freed, as the messages have always been ordered
            heapSegment.checkLive(call, name);
        }
        if (bytes < 0 || offset < 0 || offset > heapSegment.size - bytes)
        {
            throw outOfRange(call, name, heapSegment, offset, bytes);
        }
        return heapSegment.offset + offset;
    }

    // built out of line, so that every checked call path stays small enough for the JIT to inline
    private static RuntimeException outOfRange(final String call, final String name, final HeapSegment segment,
        final long offset, final long bytes)
    {
        if (bytes < 0)
        {
            return new IllegalArgumentException(call + ": bytes=" + bytes + " is negative");
        }
        return new IndexOutOfBoundsException(call + ": " + name + " range [" + offset + ", " + offset + " + " + bytes +
            ") runs past the symmetric segment of " + segment.size + " bytes");
    }

    /**
     * @return the heap offset of element {@code index} of {@code size} bytes, checked and aligned to its size.
     */
    public static long elementOffset(final String call, final String name, final SymmetricSegment segment,
        final long index, final int size)
    {
        if (index < 0)
        {
            throw new IndexOutOfBoundsException(call + ": " + name + " index=" + index + " is negative");
        }
        if (index >= MAX_ELEMENT_INDEX)
        {
            // no segment holds 2^60 elements, and below that index * size (size <= 8) cannot overflow: a
            // constant test where dividing by a size the JIT may not know would cost a division per call
            throw indexPastEnd(call, name, segment, index, size);
        }
        return rangeOffset(call, name, segment, index * size, size);
    }

    private static IndexOutOfBoundsException indexPastEnd(final String call, final String name,
        final SymmetricSegment segment, final long index, final int size)
    {
        return new IndexOutOfBoundsException(call + ": " + name + " index=" + index + " is past the end: " +
            (segment instanceof HeapSegment heapSegment ? "the segment holds " + heapSegment.size / size + " elements" :
                "no segment holds that many elements") + " of " + size + " bytes");
    }

    // a null segment fails the instanceof test of the checked path, so it costs that path nothing
    private static RuntimeException notSymmetric(final String call, final String name,
        final SymmetricSegment segment)
    {
        if (segment == null)
        {
            return new NullPointerException(call + ": " + name + " is null");
        }
        return new IllegalArgumentException(call + ": " + name + " " + segment +
            " is not symmetric memory of this ishmem runtime (allocate it with malloc, calloc or align)");
    }

    /**
     * {@link #elementOffset}'s checks without a name for the message, for a hot path that names the routine
     * only once a check has failed.
     *
     * @return the element's heap offset, or -1 where {@link #elementOffset} would throw.
     */
    public static long elementOffsetIfValid(final SymmetricSegment segment, final long index, final int size)
    {
        if (!(segment instanceof HeapSegment heapSegment) || heapSegment.root.retired || index < 0 ||
            index >= MAX_ELEMENT_INDEX || index * size > heapSegment.size - size)
        {
            return -1;
        }
        return heapSegment.offset + index * size;
    }

    /** @return whether {@code pe} is a PE of the job. */
    public boolean validPe(final int pe)
    {
        return pe >= 0 && pe < nPes;
    }

    /**
     * {@link #checkPe(String, int)} for a call on a segment: the PE count read off the segment, which the call's own
     * checks have just loaded, not through the runtime's.
     *
     * @param checked a segment that {@link #rangeOffset} or {@link #elementOffset} has accepted.
     */
    public static void checkPe(final String call, final SymmetricSegment checked, final int pe)
    {
        final int nPes = ((HeapSegment)checked).nPes;
        if (pe < 0 || pe >= nPes)
        {
            throw peOutOfRange(call, pe, nPes);
        }
    }

    public void checkPe(final String call, final int pe)
    {
        if (pe < 0 || pe >= nPes)
        {
            throw peOutOfRange(call, pe, nPes);
        }
    }

    private static IndexOutOfBoundsException peOutOfRange(final String call, final int pe, final int nPes)
    {
        return new IndexOutOfBoundsException(call + ": pe=" + pe + " not in [0, " + nPes + ")");
    }

    public void checkOpen(final String call)
    {
        if (closed)
        {
            throw new IllegalStateException(call + ": ishmem is closed (called after close)");
        }
    }

    public void markClosed()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        for (final HeapSegment root : live)
        {
            root.retired = true;
        }
        // the two heaps of a runtime close together
        if (sibling != null)
        {
            sibling.markClosed();
        }
    }

    public boolean isClosed()
    {
        return closed;
    }

    public int liveAllocations()
    {
        return allocator.liveAllocations();
    }

    /** @return bytes of the heap in allocations, alignment padding included. */
    public long usedBytes()
    {
        return heapSize - allocator.freeBytes();
    }
}
