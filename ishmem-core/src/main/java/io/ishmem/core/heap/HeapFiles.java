package io.ishmem.core.heap;

import io.ishmem.core.posix.LibC;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** Creates, opens and maps the memory files behind the heaps: anonymous memfds or /dev/shm files. */
public final class HeapFiles
{
    private HeapFiles()
    {
    }

    /**
     * @param name   for /proc/PID/fd, e.g. "ishmem-JOB-pe3"; nothing is named in the file system.
     * @param length bytes; memory is committed only when touched.
     * @return the descriptor.
     */
    public static int createMemfd(final String name, final long length)
    {
        final int fd = LibC.memfdCreate(name);
        try
        {
            LibC.ftruncate(fd, length);
            return fd;
        }
        catch (final RuntimeException ex)
        {
            LibC.closeQuietly(fd);
            throw ex;
        }
    }

    /**
     * @param path   /dev/shm path, created exclusively and readable by this user only.
     * @param length bytes.
     * @return the descriptor.
     */
    public static int createShmFile(final String path, final long length)
    {
        final int fd = LibC.open(path, LibC.O_RDWR | LibC.O_CREAT | LibC.O_EXCL | LibC.O_CLOEXEC, 0600);
        try
        {
            LibC.ftruncate(fd, length);
            return fd;
        }
        catch (final RuntimeException ex)
        {
            LibC.closeQuietly(fd);
            LibC.unlink(path);
            throw ex;
        }
    }

    /**
     * Maps {@code length} bytes of {@code fd}; the mapping lives until {@code arena} closes, which unmaps it.
     * Shared arenas only: the GC must never decide when a peer's memory disappears.
     */
    public static MemorySegment map(final int fd, final long length, final Arena arena)
    {
        final long address = LibC.mmapShared(fd, length).address();
        return MemorySegment.ofAddress(address).reinterpret(length, arena, ignored -> LibC.munmap(address, length));
    }
}
