package io.ishmem.core.device;

import java.lang.foreign.MemorySegment;

/**
 * What the device heap set-up needs from the host runtime: an all-gather of small records over the
 * job, and the import of a peer's file descriptor (by {@code pidfd_getfd}, the host heap's own way).
 */
public interface NodeExchange
{
    /**
     * Collective over the job: every PE passes a record of {@link DeviceRecord#BYTES}; each gets every PE's.
     *
     * @param mine this PE's record.
     * @return every PE's record, by world PE (this PE's included); valid until the next call.
     */
    MemorySegment[] allGather(MemorySegment mine);

    /**
     * @param pe     the PE that holds the descriptor.
     * @param peerFd the descriptor's number in that PE's process.
     * @return a descriptor for the same open file in this process; the caller owns it.
     */
    int importFd(int pe, int peerFd);
}
