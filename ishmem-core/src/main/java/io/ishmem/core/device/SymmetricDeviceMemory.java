package io.ishmem.core.device;

import io.ishmem.Cmp;
import io.ishmem.DeviceHandles;
import io.ishmem.DeviceMemory;
import io.ishmem.SignalOp;
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
        try
        {
            transport.put(myPe, at, src, srcOffset, bytes);
        }
        catch (final IllegalStateException | WrongThreadException ex)
        {
            throw LocalRange.unusable("copyFromHost", "src", src, ex);
        }
        transport.quiet();
    }

    @Override
    public void copyToHost(final MemorySegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes)
    {
        final long at = deviceOffset("copyToHost", "src", src, srcOffset, bytes);
        LocalRange.check("copyToHost", "dest", dest, destOffset, bytes);
        try
        {
            transport.get(dest, destOffset, myPe, at, bytes);
        }
        catch (final IllegalStateException | WrongThreadException | IllegalArgumentException ex)
        {
            throw LocalRange.unusable("copyToHost", "dest", dest, ex);
        }
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

    @Override
    public void putOnQueue(final MemorySegment queue, final SymmetricSegment dest, final long destOffset,
        final SymmetricSegment src, final long srcOffset, final long bytes, final int pe)
    {
        final long at = deviceOffset("putOnQueue", "dest", dest, destOffset, bytes);
        final long from = deviceOffset("putOnQueue", "src", src, srcOffset, bytes);
        hostHeap.checkPe("putOnQueue", pe);
        if (bytes > 0)
        {
            deviceHeap.backend().copyOnQueue(checkQueue("putOnQueue", queue), transport.base(pe) + at,
                transport.base(myPe) + from, bytes);
        }
    }

    @Override
    public void getOnQueue(final MemorySegment queue, final SymmetricSegment dest, final long destOffset,
        final SymmetricSegment src, final long srcOffset, final long bytes, final int pe)
    {
        final long at = deviceOffset("getOnQueue", "dest", dest, destOffset, bytes);
        final long from = deviceOffset("getOnQueue", "src", src, srcOffset, bytes);
        hostHeap.checkPe("getOnQueue", pe);
        if (bytes > 0)
        {
            deviceHeap.backend().copyOnQueue(checkQueue("getOnQueue", queue), transport.base(myPe) + at,
                transport.base(pe) + from, bytes);
        }
    }

    @Override
    public void putSignalOnQueue(final MemorySegment queue, final SymmetricSegment dest, final long destOffset,
        final SymmetricSegment src, final long srcOffset, final long bytes, final SymmetricSegment sig,
        final long sigIndex, final long signal, final SignalOp op, final int pe)
    {
        final String call = "putSignalOnQueue";
        final long at = deviceOffset(call, "dest", dest, destOffset, bytes);
        final long from = deviceOffset(call, "src", src, srcOffset, bytes);
        final long sigAt = signalOffset(call, sig, sigIndex);
        if (op == null)
        {
            throw new NullPointerException(call + ": op is null (use SignalOp.SET or SignalOp.ADD)");
        }
        hostHeap.checkPe(call, pe);
        if (bytes > 0 && sigAt < at + bytes && at < sigAt + Long.BYTES)
        {
            throw new IllegalArgumentException(call + ": sig word at heap offset range [" + sigAt + ", " +
                (sigAt + Long.BYTES) + ") overlaps dest at heap offset range [" + at + ", " + (at + bytes) + ")");
        }
        final MemorySegment checked = checkQueue(call, queue);
        final DeviceBackend backend = deviceHeap.backend();
        if (bytes > 0)
        {
            backend.copyOnQueue(checked, transport.base(pe) + at, transport.base(myPe) + from, bytes);
        }
        // the queue runs the update only after the copy before it has landed
        if (op == SignalOp.SET)
        {
            backend.write64OnQueue(checked, transport.base(pe) + sigAt, signal);
        }
        else
        {
            backend.add64OnQueue(checked, transport.base(pe) + sigAt, signal);
        }
    }

    @Override
    public void signalWaitUntilOnQueue(final MemorySegment queue, final SymmetricSegment sig, final long sigIndex,
        final Cmp cmp, final long value)
    {
        final String call = "signalWaitUntilOnQueue";
        final long sigAt = signalOffset(call, sig, sigIndex);
        if (cmp == null)
        {
            throw new NullPointerException(call + ": cmp is null (use Cmp.EQ, NE, GT, GE, LT or LE)");
        }
        deviceHeap.backend().waitOnQueue(checkQueue(call, queue), transport.base(myPe) + sigAt, cmp, value);
    }

    @Override
    public void quietOnQueue(final MemorySegment queue)
    {
        deviceHeap.backend().quietOnQueue(checkQueue("quietOnQueue", queue));
    }

    private MemorySegment checkQueue(final String call, final MemorySegment queue)
    {
        if (queue == null)
        {
            throw new NullPointerException(call + ": queue is null (pass your stream as MemorySegment.ofAddress(" +
                "handle), or MemorySegment.NULL for the default stream)");
        }
        heap.checkOpen(call);
        return queue;
    }

    private long signalOffset(final String call, final SymmetricSegment sig, final long sigIndex)
    {
        final long at = SymmetricHeap.elementOffset(call, "sig", sig, sigIndex, Long.BYTES);
        if (!SymmetricHeap.isDevice(sig))
        {
            throw new IllegalArgumentException(call + ": sig " + sig + " is host memory, not device memory " +
                "(a queue waits on and updates device signal words: allocate it with device().calloc)");
        }
        if ((at & (Long.BYTES - 1)) != 0)
        {
            throw new IllegalArgumentException(call + ": sig word " + sigIndex + " is at heap offset " + at +
                ", not 8-byte aligned (slice the segment at a multiple of 8)");
        }
        return at;
    }

    private long deviceOffset(final String call, final String name, final SymmetricSegment segment, final long offset,
        final long bytes)
    {
        final long at = SymmetricHeap.rangeOffset(call, name, segment, offset, bytes);
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
