package io.ishmem.core.runtime;

import io.ishmem.SymmetricSegment;
import io.ishmem.core.alloc.CollectiveAllocation;
import io.ishmem.core.collective.CollectiveOp;
import io.ishmem.core.collective.TeamSync;
import io.ishmem.core.device.DeviceRecord;
import io.ishmem.core.device.NodeExchange;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.posix.LibC;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The set-up exchanges over the host heap (the device heap's, the UCX transport's addresses): one record per PE in host symmetric memory,
 * read by the peers straight from their mappings, with a world sync on either side of each write (no
 * PE overwrites its record while a peer still reads the last one); descriptors move by pidfd_getfd.
 */
final class HostRecordExchange implements NodeExchange, AutoCloseable
{
    private final TeamSync worldSync;
    private final CollectiveAllocation allocation;
    private final JobMappings mappings;
    private final SymmetricSegment records;
    private final MemorySegment[] views;
    private final int myPe;
    private final long recordBytes;

    HostRecordExchange(final SymmetricHeap heap, final TeamSync worldSync, final CollectiveAllocation allocation,
        final JobMappings mappings, final int myPe)
    {
        this(heap, worldSync, allocation, mappings, myPe, DeviceRecord.BYTES);
    }

    /**
     * @param recordBytes the size of every PE's record; {@link #allGather} copies that many bytes of each.
     */
    HostRecordExchange(final SymmetricHeap heap, final TeamSync worldSync, final CollectiveAllocation allocation,
        final JobMappings mappings, final int myPe, final long recordBytes)
    {
        this.recordBytes = recordBytes;
        this.worldSync = worldSync;
        this.allocation = allocation;
        this.mappings = mappings;
        this.myPe = myPe;
        this.records = allocation.calloc(recordBytes, ValueLayout.JAVA_BYTE);
        this.views = new MemorySegment[mappings.heaps.length];
        for (int pe = 0; pe < views.length; pe++)
        {
            views[pe] = heap.peerHeap(pe).asSlice(records.heapOffset(), recordBytes);
        }
    }

    @Override
    public MemorySegment[] allGather(final MemorySegment mine)
    {
        worldSync.sync(CollectiveOp.DEVICE_SETUP, CollectiveOp.DEVICE_SETUP.callName());
        MemorySegment.copy(mine, 0, views[myPe], 0, recordBytes);
        // the sync's release and acquire make every record visible to every PE
        worldSync.sync(CollectiveOp.DEVICE_SETUP, CollectiveOp.DEVICE_SETUP.callName());
        return views.clone();
    }

    @Override
    public int importFd(final int pe, final int peerFd)
    {
        return LibC.pidfdGetfd(mappings.pidfds[pe], mappings.pids[pe], peerFd);
    }

    /**
     * Collective: frees the records once every PE is done with them.
     */
    @Override
    public void close()
    {
        allocation.free(records);
    }
}
