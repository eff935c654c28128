package io.ishmem.core.runtime;

import io.ishmem.core.posix.LibC;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Every PE's memory file as mapped into this process, plus a pidfd per peer for liveness. Closing
 * unmaps everything (one shared arena) and closes the pidfds.
 */
final class JobMappings implements AutoCloseable
{
    final Arena arena;
    final MemorySegment[] controlBlocks;
    final MemorySegment[] heaps;
    final int[] pidfds;
    final int[] pids;
    final String sharing;

    JobMappings(final Arena arena, final MemorySegment[] controlBlocks, final MemorySegment[] heaps, final int[] pidfds,
        final int[] pids, final String sharing)
    {
        this.arena = arena;
        this.controlBlocks = controlBlocks;
        this.heaps = heaps;
        this.pidfds = pidfds;
        this.pids = pids;
        this.sharing = sharing;
    }

    @Override
    public void close()
    {
        for (final int pidfd : pidfds)
        {
            LibC.closeQuietly(pidfd);
        }
        arena.close();
    }
}
