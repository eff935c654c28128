package io.ishmem.core.device;

import io.ishmem.DeviceHandles;
import io.ishmem.DeviceMemory;
import io.ishmem.SymmetricSegment;
import io.ishmem.core.alloc.CollectiveAllocation;
import io.ishmem.core.heap.LocalRange;
import io.ishmem.core.heap.SymmetricHeap;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;

/**
 * {@link DeviceMemory} over the device heap: collective allocation as on the host heap (with codes of
 * its own, so a host call against a device call is a mismatch), this PE's host&lt;-&gt;device copies, and
 * the device addresses a user's kernels need.
 */
public final class SymmetricDeviceMemory implements DeviceMemory
{
    private final DeviceHeap deviceHeap;
    private final SymmetricHeap hostHeap;
    private final SymmetricHeap heap;
    private final CollectiveAllocation allocation;
    private final DeviceTransport transport;
    private final int myPe;

    /**
     * @param hostHeap   the runtime's host heap, whose checks accept device segments too.
     * @param heap       the device heap's allocator and checks.
     * @param allocation collective allocation over {@code heap}.
     */
    public SymmetricDeviceMemory(final DeviceHeap deviceHeap, final SymmetricHeap hostHeap, final SymmetricHeap heap,
        final CollectiveAllocation allocation, final int myPe)
    {
        this.deviceHeap = deviceHeap;
        this.hostHeap = hostHeap;
        this.heap = heap;
        this.allocation = allocation;
        this.transport = deviceHeap.transport();
        this.myPe = myPe;
    }

    @Override
    public String api()
    {
        return deviceHeap.api();
    }

    @Override
    public String describe()
    {
        return deviceHeap.backend().describe();
    }

    @Override
    public long heapSize()
    {
        return deviceHeap.heapSize();
    }

    @Override
    public SymmetricSegment malloc(final long bytes)
    {
        heap.checkOpen("device().malloc");
        return allocation.malloc(bytes);
    }

    @Override
    public SymmetricSegment calloc(final long count, final MemoryLayout elementLayout)
    {
        heap.checkOpen("device().calloc");
        return allocation.calloc(count, elementLayout);
    }

    @Override
    public SymmetricSegment align(final long alignment, final long bytes)
    {
        heap.checkOpen("device().align");
        return allocation.align(alignment, bytes);
    }

    @Override
    public void free(final SymmetricSegment segment)
    {
        heap.checkOpen("device().free");
        allocation.free(segment);
    }

    @Override
    public void copyFromHost(final SymmetricSegment dest, final long destOffset, final MemorySegment src,
        final long srcOffset, final long bytes)
    {
        final long at = deviceOffset("copyFromHost", "dest", dest, destOffset, bytes);
        LocalRange.check("copyFromHost", "src", src, srcOffset, bytes);
        transport.put(myPe, at, src, srcOffset, bytes);
        transport.quiet();
    }

    @Override
    public void copyToHost(final MemorySegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes)
    {
        final long at = deviceOffset("copyToHost", "src", src, srcOffset, bytes);
        LocalRange.check("copyToHost", "dest", dest, destOffset, bytes);
        transport.get(dest, destOffset, myPe, at, bytes);
    }

    @Override
    public MemorySegment deviceAddress(final SymmetricSegment segment)
    {
        return MemorySegment.ofAddress(transport.base(myPe) + deviceOffset("deviceAddress", "segment", segment, 0, 0));
    }

    @Override
    public MemorySegment peerDeviceAddress(final SymmetricSegment segment, final int pe)
    {
        final long at = deviceOffset("peerDeviceAddress", "segment", segment, 0, 0);
        hostHeap.checkPe("peerDeviceAddress", pe);
        return MemorySegment.ofAddress(transport.base(pe) + at);
    }

    @Override
    public DeviceHandles handles()
    {
        heap.checkOpen("device().handles");
        return deviceHeap.backend().handles();
    }

    private long deviceOffset(final String call, final String name, final SymmetricSegment segment, final long offset,
        final long bytes)
    {
        final long at = hostHeap.rangeOffset(call, name, segment, offset, bytes);
        if (!SymmetricHeap.isDevice(segment))
        {
            throw new IllegalArgumentException(call + ": " + name + " " + segment + " is host memory, not device " +
                "memory (allocate it with device().malloc, or use local() for host memory)");
        }
        return at;
    }

    @Override
    public String toString()
    {
        return "DeviceMemory[" + deviceHeap.api() + ", " + deviceHeap.heapSize() + " bytes per PE]";
    }
}
