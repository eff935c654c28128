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

    /** Heaps start on this boundary in every PE, so {@code align} is absolute up to it. */
    public static final long HEAP_ALIGNMENT = 2L << 20;

    /**
     * Maps {@code length} bytes of {@code fd} so that file offset {@code headLength} (the start of the heap)
     * lands on a {@link #HEAP_ALIGNMENT} boundary; the mapping lives until {@code arena} closes, which
     * releases it. Shared arenas only: the GC must never decide when a peer's memory disappears.
     *
     * <p>Released, not unmapped: anonymous memory takes the range's place, and keeps it for the life of the
     * process (address space only; a page costs memory only once written). The shm transport reaches heaps
     * by address, not through this segment, so the JDK's check that keeps an access racing the arena's
     * close from touching unmapped memory does not cover it; this does. A closed heap refuses every call
     * first, so the range is touched again only by a call that raced the close, which is the application's
     * error and now costs it a lost write instead of a crash of the JVM.
     */
    public static MemorySegment map(final int fd, final long length, final long headLength, final Arena arena)
    {
        final long reserved = length + HEAP_ALIGNMENT;
        final long base = LibC.reserve(reserved).address();
        final long address = ((base + headLength + HEAP_ALIGNMENT - 1) & -HEAP_ALIGNMENT) - headLength;
        try
        {
            LibC.mmapSharedAt(address, fd, length);
        }
        catch (final RuntimeException ex)
        {
            LibC.munmap(base, reserved);
            throw ex;
        }
        if (address > base)
        {
            LibC.munmap(base, address - base);
        }
        final long end = address + length;
        if (base + reserved > end)
        {
            LibC.munmap(end, base + reserved - end);
        }
        return MemorySegment.ofAddress(address).reinterpret(length, arena, ignored -> release(address, length));
    }

    private static void release(final long address, final long length)
    {
        try
        {
            LibC.replaceWithAnonymous(address, length);
        }
        catch (final RuntimeException ex)
        {
            // out of mappings (vm.max_map_count): give the memory back all the same
            LibC.munmap(address, length);
        }
    }

    /**
     * Maps a small file anywhere; see {@link #map(int, long, long, Arena)} for heaps.
     */
    public static MemorySegment map(final int fd, final long length, final Arena arena)
    {
        final long address = LibC.mmapShared(fd, length).address();
        return MemorySegment.ofAddress(address).reinterpret(length, arena, ignored -> LibC.munmap(address, length));
    }
}
