package io.ishmem.core.alloc;

import io.ishmem.SymmetricSegment;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.transport.Transport;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Clears this PE's copy of a device segment for calloc: device memory has no host view, so zeros go
 * through the device heap's transport, from one shared block of zeros, and the clear is complete before
 * calloc's closing sync lets any peer write.
 */
final class DeviceZeroFill
{
    // read-only after allocation (native memory starts zeroed), so every thread may copy from it
    private static final MemorySegment ZEROS = Arena.global().allocate(1 << 20, 64);

    private DeviceZeroFill()
    {
    }

    static void fill(final SymmetricSegment segment, final int myPe)
    {
        final Transport transport = SymmetricHeap.transportOf(segment);
        final long base = segment.heapOffset();
        for (long done = 0; done < segment.byteSize(); done += ZEROS.byteSize())
        {
            transport.put(myPe, base + done, ZEROS, 0, Math.min(ZEROS.byteSize(), segment.byteSize() - done));
        }
        transport.quiet();
    }
}
