package io.ishmem.core.heap;

import io.ishmem.SymmetricSegment;
import io.ishmem.core.transport.Transport;

import java.lang.foreign.MemorySegment;
import java.util.Optional;

/** A range of the symmetric heap: an allocation or a slice of one. */
public final class HeapSegment implements SymmetricSegment
{
    final SymmetricHeap heap;
    // the segment malloc returned, which free accepts and which holds the flags below; itself for that segment
    final HeapSegment root;
    final long offset;
    final long size;
    // the heap's, copied so a data call reaches it in one load off the segment, beside the checks' loads
    final Transport transport;
    // the heap's too: a data call's PE check loads it beside the checks' loads, not behind the heap's (JMH, pLong on
    // an Intel VM: some 0.2 ns)
    final int nPes;
    // the transport's directBases() and this PE's own base among them, or null and 0: a call on a segment of a
    // heap mapped here makes its access itself (SegmentAccess), the address one load off the segment where it
    // was two through the transport (JMH on the project's Intel VM, medians of 4 forks: pLong 5.15 -> 4.24 ns,
    // testLong 4.52 -> 3.85, put + quiet 15.5 -> 13.6)
    final long[] directBases;
    final long localBase;
    // made by the first local(), so a malloc is one object of 64 bytes where a segment, a record of the allocation
    // and a view were 120 (until the young generation's first collection each of its pages faults in at first
    // use, 10 us a page on the project's test VM); a race makes two equal views
    private MemorySegment localView;
    // on the root only: freed; and retired, freed or its heap closed, one flag, so a data call pays one test for
    // both and the rare path finds out which (checkLive)
    boolean freed;
    boolean retired;

    /** A new allocation's segment: its own root. */
    HeapSegment(final SymmetricHeap heap, final long offset, final long size)
    {
        this.heap = heap;
        this.root = this;
        this.offset = offset;
        this.size = size;
        this.transport = heap.transport();
        this.nPes = heap.nPes;
        this.directBases = transport.directBases();
        this.localBase = directBases == null ? 0L : DirectAccess.base(heap.localHeap());
    }

    private HeapSegment(final SymmetricHeap heap, final HeapSegment root, final long offset, final long size,
        final Transport transport)
    {
        this.heap = heap;
        this.root = root;
        this.offset = offset;
        this.size = size;
        this.transport = transport;
        this.nPes = heap.nPes;
        this.directBases = transport.directBases();
        this.localBase = directBases == null ? 0L : DirectAccess.base(heap.localHeap());
    }

    /**
     * The same range, checked and freed with this segment, but served by {@code other}: a communication
     * context's own device queue. Made per call of a context on device memory, never handed to the user.
     */
    HeapSegment servedBy(final Transport other)
    {
        return new HeapSegment(heap, root, offset, size, other);
    }

    @Override
    public long byteSize()
    {
        return size;
    }

    @Override
    public long heapOffset()
    {
        return offset;
    }

    @Override
    public MemorySegment local()
    {
        checkLive("local");
        if (heap.isDevice())
        {
            throw new UnsupportedOperationException("local: the segment at heap offset " + offset + " is device " +
                "memory, which has no host view: use device().copyToHost / copyFromHost, get / put, or a kernel on " +
                "device().deviceAddress");
        }
        MemorySegment view = localView;
        if (view == null)
        {
            view = heap.localHeap().asSlice(offset, size);
            localView = view;
        }
        return view;
    }

    @Override
    public Optional<MemorySegment> peerView(final int pe)
    {
        checkLive("peerView");
        heap.checkPe("peerView", pe);
        if (heap.isDevice())
        {
            // device memory: no host view; device().peerDeviceAddress gives the device form
            return Optional.empty();
        }
        final MemorySegment peerHeap = heap.peerHeap(pe);
        // a PE on another node has no view here, as shmem_ptr returns NULL for it
        return peerHeap == null ? Optional.empty() : Optional.of(peerHeap.asSlice(offset, size));
    }

    @Override
    public SymmetricSegment slice(final long sliceOffset, final long bytes)
    {
        checkLive("slice");
        if (sliceOffset < 0 || bytes < 0 || sliceOffset > size - bytes)
        {
            throw new IndexOutOfBoundsException("slice: [offset=" + sliceOffset + ", offset + bytes=" +
                (sliceOffset + bytes) + ") not in [0, " + size + "]");
        }
        return new HeapSegment(heap, root, offset + sliceOffset, bytes, heap.transport());
    }

    boolean isAllocationRoot()
    {
        return root == this;
    }

    void checkLive(final String call)
    {
        checkLive(call, "the segment");
    }

    /**
     * @param name the argument that holds this segment, for the message.
     */
    void checkLive(final String call, final String name)
    {
        heap.checkOpen(call);
        if (root.freed)
        {
            throw new IllegalStateException(call + ": " + name + " (the segment at heap offset " + offset +
                ") was freed");
        }
    }

    @Override
    public String toString()
    {
        return "SymmetricSegment[heapOffset=" + offset + ", byteSize=" + size + (root.freed ? ", freed]" : "]");
    }
}
