package io.ishmem.core.posix;

import io.ishmem.NativeCallException;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * The kernel calls of the host heap, made through {@link Syscall} (and libc's {@code setenv}). Each captures errno
 * and turns a failure into a {@link NativeCallException} whose message names the call, its arguments and the
 * errno; none of these is on a hot path.
 */
public final class LibC
{
    public static final int MFD_CLOEXEC = 0x0001;
    public static final int PROT_READ = 0x1;
    public static final int PROT_WRITE = 0x2;
    public static final int PROT_NONE = 0x0;
    public static final int MAP_SHARED = 0x01;
    public static final int MAP_PRIVATE = 0x02;
    public static final int MAP_FIXED = 0x10;
    public static final int MAP_ANONYMOUS = 0x20;
    public static final int MAP_NORESERVE = 0x4000;
    public static final int O_RDWR = 0x2;
    public static final int O_CREAT = 0x40;
    public static final int O_EXCL = 0x80;
    public static final int O_CLOEXEC = 0x80000;
    public static final int PR_SET_PTRACER = 0x59616d61;
    public static final long PR_SET_PTRACER_ANY = -1L;
    public static final int PR_SET_TIMERSLACK = 29;
    public static final short POLLIN = 0x1;

    private static final Syscall.Numbers NR = Syscall.NUMBERS;

    private LibC()
    {
    }

    private static NativeCallException failure(final String call, final MemorySegment state)
    {
        final int errno = Syscall.errno(state);
        return new NativeCallException(call + " failed: " + Errno.describe(errno), errno);
    }

    private static int checked(final long result, final String call, final MemorySegment state)
    {
        if (result < 0)
        {
            throw failure(call, state);
        }
        return (int)result;
    }

    private static MemorySegment captureState(final Arena arena)
    {
        return arena.allocate(Syscall.CAPTURE_LAYOUT);
    }

    /**
     * @param name shown in /proc/PID/fd; no file system entry is made.
     * @return a new anonymous memory file descriptor, close-on-exec.
     */
    public static int memfdCreate(final String name)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment state = captureState(arena);
            return checked(Syscall.call(state, NR.memfdCreate(), arena.allocateFrom(name).address(), MFD_CLOEXEC, 0,
                0, 0, 0), "memfd_create(" + name + ")", state);
        }
    }

    /**
     * @param fd     file to size.
     * @param length new length in bytes.
     */
    public static void ftruncate(final int fd, final long length)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment state = captureState(arena);
            checked(Syscall.call(state, NR.ftruncate(), fd, length, 0, 0, 0, 0),
                "ftruncate(fd=" + fd + ", length=" + length + ")", state);
        }
    }

    /**
     * Maps {@code length} bytes of {@code fd} shared and read-write.
     *
     * @param fd     file to map.
     * @param length bytes to map.
     * @return the address of the mapping, zero-length: reinterpret it with its owner's arena.
     */
    public static MemorySegment mmapShared(final int fd, final long length)
    {
        return mmap(0L, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, "mmap(fd=" + fd + ", length=" + length + ")");
    }

    /**
     * Reserves address space without memory behind it, to place a later {@code MAP_FIXED} mapping.
     *
     * @param length bytes of address space.
     * @return its address.
     */
    public static MemorySegment reserve(final long length)
    {
        return mmap(0L, length, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1,
            "mmap(reserve, length=" + length + ")");
    }

    /**
     * Maps {@code fd} shared and read-write exactly at {@code address}, inside a {@link #reserve}d range.
     */
    public static MemorySegment mmapSharedAt(final long address, final int fd, final long length)
    {
        return mmap(address, length, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd,
            "mmap(fixed, fd=" + fd + ", length=" + length + ")");
    }

    /**
     * Puts private, zero-filled, uncommitted memory in place of the mapping at {@code address}, in one step:
     * the old mapping's pages are released as by {@code munmap}, but the range stays mapped and writable, so
     * a late access to it lands in memory of its own instead of faulting.
     */
    public static void replaceWithAnonymous(final long address, final long length)
    {
        mmap(address, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1,
            "mmap(fixed, anonymous, length=" + length + ")");
    }

    private static MemorySegment mmap(final long hint, final long length, final int prot, final int flags, final int fd,
        final String call)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment state = captureState(arena);
            final long address = Syscall.call(state, NR.mmap(), hint, length, prot, flags, fd, 0L);
            if (address == -1L)
            {
                throw failure(call, state);
            }
            return MemorySegment.ofAddress(address);
        }
    }

    /**
     * @param address start of a mapping from {@link #mmapShared}.
     * @param length  its length.
     */
    public static void munmap(final long address, final long length)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment state = captureState(arena);
            checked(Syscall.call(state, NR.munmap(), address, length, 0, 0, 0, 0), "munmap(length=" + length + ")",
                state);
        }
    }

    /**
     * Closes a descriptor, ignoring errors: it is only called on clean-up paths.
     *
     * @param fd descriptor to close; negative values are ignored.
     */
    public static void closeQuietly(final int fd)
    {
        if (fd < 0)
        {
            return;
        }
        try (Arena arena = Arena.ofConfined())
        {
            Syscall.call(captureState(arena), NR.close(), fd, 0, 0, 0, 0, 0);
        }
    }

    /**
     * @param path  file to open.
     * @param flags {@code O_*} flags.
     * @param mode  permission bits for a created file.
     * @return the descriptor.
     */
    public static int open(final String path, final int flags, final int mode)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment state = captureState(arena);
            return checked(Syscall.call(state, NR.openat(), Syscall.AT_FDCWD, arena.allocateFrom(path).address(),
                flags, mode, 0, 0), "open(" + path + ")", state);
        }
    }

    /**
     * @param path file to remove.
     * @return whether it was removed (false when it did not exist).
     */
    public static boolean unlink(final String path)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment state = captureState(arena);
            final long result = Syscall.call(state, NR.unlinkat(), Syscall.AT_FDCWD, arena.allocateFrom(path).address(),
                0, 0, 0, 0);
            if (result < 0)
            {
                if (Syscall.errno(state) == Errno.ENOENT)
                {
                    return false;
                }
                throw failure("unlink(" + path + ")", state);
            }
            return true;
        }
    }

    /**
     * Sets a variable of the C environment, the one native libraries read ({@code System.getenv} is a copy
     * taken at start), unless it is already set.
     *
     * @param name  the variable.
     * @param value its value, possibly empty.
     */
    public static void setenvIfAbsent(final String name, final String value)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment state = captureState(arena);
            // overwrite 0: a value the user set stays
            if ((int)Setenv.HANDLE.invokeExact(state, arena.allocateFrom(name), arena.allocateFrom(value), 0) < 0)
            {
                throw failure("setenv(" + name + ")", state);
            }
        }
        catch (final Throwable t)
        {
            // setenv's handle is called directly, so it may throw anything
            throw Syscall.rethrow(t);
        }
    }

    /**
     * Lets any process of this user import our descriptors with pidfd_getfd on Yama scope 1 hosts.
     *
     * @return 0, or the errno (EINVAL where Yama is absent, which is fine).
     */
    public static int allowAnyPtracer()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment state = captureState(arena);
            final long result = Syscall.call(state, NR.prctl(), PR_SET_PTRACER, PR_SET_PTRACER_ANY, 0, 0, 0, 0);
            return result < 0 ? Syscall.errno(state) : 0;
        }
    }

    /**
     * Sets how late the kernel may wake the calling thread from a timed sleep, so it can batch wake-ups
     * (50 us by default): a parked waiter then oversleeps by up to that much past its park period.
     *
     * @param slackNs the slack in nanoseconds, at least 1.
     * @return 0, or the errno.
     */
    public static int setTimerSlack(final long slackNs)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment state = captureState(arena);
            final long result = Syscall.call(state, NR.prctl(), PR_SET_TIMERSLACK, slackNs, 0, 0, 0, 0);
            return result < 0 ? Syscall.errno(state) : 0;
        }
    }

    /**
     * @param pid process to refer to.
     * @return a pidfd for it, close-on-exec.
     */
    public static int pidfdOpen(final int pid)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment state = captureState(arena);
            return checked(Syscall.call(state, NR.pidfdOpen(), pid, 0, 0, 0, 0, 0), "pidfd_open(pid=" + pid + ")",
                state);
        }
    }

    /**
     * Duplicates descriptor {@code targetFd} of the process behind {@code pidfd} into this process.
     *
     * @param pidfd    from {@link #pidfdOpen}.
     * @param pid      that process, for the message.
     * @param targetFd the descriptor number in that process.
     * @return the new descriptor here, close-on-exec.
     */
    public static int pidfdGetfd(final int pidfd, final int pid, final int targetFd)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment state = captureState(arena);
            return checked(Syscall.call(state, NR.pidfdGetfd(), pidfd, targetFd, 0, 0, 0, 0),
                "pidfd_getfd(pid=" + pid + ", fd=" + targetFd + ")", state);
        }
    }

    /**
     * @return this process's pid.
     */
    public static int getpid()
    {
        try (Arena arena = Arena.ofConfined())
        {
            return (int)Syscall.call(captureState(arena), NR.getpid(), 0, 0, 0, 0, 0, 0);
        }
    }

    /** libc's own, not the kernel's: linked at its first use (UCX's settings only), not at every start. */
    private static final class Setenv
    {
        static final MethodHandle HANDLE = link();

        private static MethodHandle link()
        {
            final Linker linker = Linker.nativeLinker();
            return linker.downcallHandle(linker.defaultLookup().find("setenv")
                    .orElseThrow(() -> new UnsatisfiedLinkError("unresolved symbol: setenv")),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT), Linker.Option.captureCallState("errno"));
        }
    }
}
