package io.ishmem.core.runtime;

import io.ishmem.core.posix.LibC;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Every PE's memory file as mapped into this process (null for a PE on another node), plus a pidfd per peer for
 * liveness and the job's rendezvous (null for a job of one PE), kept to the end so a clash found while the job ran
 * is not missed.
 * Closing unmaps everything (one shared arena), closes the pidfds and removes the rendezvous.
 */
final class JobMappings implements AutoCloseable
{
    final Arena arena;
    final MemorySegment[] controlBlocks;
    final MemorySegment[] heaps;
    /** This PE's whole mapping, control block then heap: what UCX registers, so peers on other nodes reach both. */
    final MemorySegment own;
    final int[] pidfds;
    final int[] pids;
    final String sharing;
    private final BootRegion boot;

    JobMappings(final Arena arena, final MemorySegment[] controlBlocks, final MemorySegment[] heaps,
        final MemorySegment own, final int[] pidfds, final int[] pids, final String sharing, final BootRegion boot)
    {
        this.own = own;
        this.boot = boot;
        this.arena = arena;
        this.controlBlocks = controlBlocks;
        this.heaps = heaps;
        this.pidfds = pidfds;
        this.pids = pids;
        this.sharing = sharing;
    }

    /**
     * @throws io.ishmem.IshmemConfigException when a process of another job came to this job's rendezvous.
     */
    void checkNoClash()
    {
        if (boot != null)
        {
            boot.checkNoClash();
        }
    }

    /**
     * @return what a process of another job found in this job's rendezvous, or null (always null alone).
     */
    String clash()
    {
        return boot != null ? boot.clash() : null;
    }

    @Override
    public void close()
    {
        if (boot != null)
        {
            // every PE has passed init, so none of this job needs the rendezvous any more
            boot.unlink();
            boot.close();
        }
        for (final int pidfd : pidfds)
        {
            LibC.closeQuietly(pidfd);
        }
        arena.close();
    }
}
