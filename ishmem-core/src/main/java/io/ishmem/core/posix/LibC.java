package io.ishmem.core.posix;

import io.ishmem.NativeCallException;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The libc calls of the host heap. Each call captures errno and turns a failure into a
 * {@link NativeCallException} whose message names the call, its arguments and the errno; none of
 * these is on a hot path.
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

    // x86_64 and aarch64 share these numbers (the "new" syscall table since 5.x)
    private static final long SYS_PIDFD_OPEN = 434;
    private static final long SYS_PIDFD_GETFD = 438;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LOOKUP = LINKER.defaultLookup();
    private static final StructLayout CAPTURE_LAYOUT = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO =
        CAPTURE_LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    private static final MethodHandle MEMFD_CREATE =
        downcall("memfd_create", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    private static final MethodHandle FTRUNCATE =
        downcall("ftruncate", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG));
    private static final MethodHandle MMAP = downcall("mmap",
        FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG));
    private static final MethodHandle MUNMAP =
        downcall("munmap", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
    private static final MethodHandle CLOSE = downcall("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    private static final MethodHandle OPEN =
        downcall("open", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT), 2);
    private static final MethodHandle UNLINK = downcall("unlink", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle SETENV = downcall("setenv",
        FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
    private static final MethodHandle PRCTL = downcall("prctl",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG), 1);
    private static final MethodHandle SYSCALL3 = downcall("syscall",
        FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT), 1);
    private static final MethodHandle GETPID = downcall("getpid", FunctionDescriptor.of(JAVA_INT));

    private LibC()
    {
    }

    private static MethodHandle downcall(final String name, final FunctionDescriptor descriptor)
    {
        return downcall(name, descriptor, -1);
    }

    private static MethodHandle downcall(final String name, final FunctionDescriptor descriptor, final int firstVariadic)
    {
        final MemorySegment symbol = LOOKUP.find(name)
            .orElseThrow(() -> new UnsatisfiedLinkError("unresolved symbol: " + name));
        final Linker.Option capture = Linker.Option.captureCallState("errno");
        return firstVariadic < 0 ?
            LINKER.downcallHandle(symbol, descriptor, capture) :
            LINKER.downcallHandle(symbol, descriptor, capture, Linker.Option.firstVariadicArg(firstVariadic));
    }

    private static NativeCallException failure(final String call, final MemorySegment state)
    {
        final int errno = (int)ERRNO.get(state, 0L);
        return new NativeCallException(call + " failed: " + Errno.describe(errno), errno);
    }

    private static int checked(final int result, final String call, final MemorySegment state)
    {
        if (result < 0)
        {
            throw failure(call, state);
        }
        return result;
    }

    /**
     * @param name shown in /proc/PID/fd; no file system entry is made.
     * @return a new anonymous memory file descriptor, close-on-exec.
     */
    public static int memfdCreate(final String name)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment state = arena.allocate(CAPTURE_LAYOUT);
            return checked((int)MEMFD_CREATE.invokeExact(state, arena.allocateFrom(name), MFD_CLOEXEC),
                "memfd_create(" + name + ")", state);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
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
            final MemorySegment state = arena.allocate(CAPTURE_LAYOUT);
            checked((int)FTRUNCATE.invokeExact(state, fd, length), "ftruncate(fd=" + fd + ", length=" + length + ")",
                state);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
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
            final MemorySegment state = arena.allocate(CAPTURE_LAYOUT);
            final MemorySegment address = (MemorySegment)MMAP.invokeExact(
                state, MemorySegment.ofAddress(hint), length, prot, flags, fd, 0L);
            if (address.address() == -1L)
            {
                throw failure(call, state);
            }
            return address;
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
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
            final MemorySegment state = arena.allocate(CAPTURE_LAYOUT);
            checked((int)MUNMAP.invokeExact(state, MemorySegment.ofAddress(address), length),
                "munmap(length=" + length + ")", state);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
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
            final int ignored = (int)CLOSE.invokeExact(arena.allocate(CAPTURE_LAYOUT), fd);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
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
            final MemorySegment state = arena.allocate(CAPTURE_LAYOUT);
            return checked((int)OPEN.invokeExact(state, arena.allocateFrom(path), flags, mode),
                "open(" + path + ")", state);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
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
            final MemorySegment state = arena.allocate(CAPTURE_LAYOUT);
            final int result = (int)UNLINK.invokeExact(state, arena.allocateFrom(path));
            if (result < 0)
            {
                if ((int)ERRNO.get(state, 0L) == Errno.ENOENT)
                {
                    return false;
                }
                throw failure("unlink(" + path + ")", state);
            }
            return true;
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
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
            final MemorySegment state = arena.allocate(CAPTURE_LAYOUT);
            // overwrite 0: a value the user set stays
            if ((int)SETENV.invokeExact(state, arena.allocateFrom(name), arena.allocateFrom(value), 0) < 0)
            {
                throw failure("setenv(" + name + ")", state);
            }
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
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
            final MemorySegment state = arena.allocate(CAPTURE_LAYOUT);
            final int result = (int)PRCTL.invokeExact(state, PR_SET_PTRACER, PR_SET_PTRACER_ANY, 0L, 0L, 0L);
            return result < 0 ? (int)ERRNO.get(state, 0L) : 0;
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
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
            final MemorySegment state = arena.allocate(CAPTURE_LAYOUT);
            final int result = (int)PRCTL.invokeExact(state, PR_SET_TIMERSLACK, slackNs, 0L, 0L, 0L);
            return result < 0 ? (int)ERRNO.get(state, 0L) : 0;
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
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
            final MemorySegment state = arena.allocate(CAPTURE_LAYOUT);
            final long result = (long)SYSCALL3.invokeExact(state, SYS_PIDFD_OPEN, pid, 0, 0);
            return checked((int)result, "pidfd_open(pid=" + pid + ")", state);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
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
            final MemorySegment state = arena.allocate(CAPTURE_LAYOUT);
            final long result = (long)SYSCALL3.invokeExact(state, SYS_PIDFD_GETFD, pidfd, targetFd, 0);
            return checked((int)result, "pidfd_getfd(pid=" + pid + ", fd=" + targetFd + ")", state);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * @return this process's pid.
     */
    public static int getpid()
    {
        try (Arena arena = Arena.ofConfined())
        {
            return (int)GETPID.invokeExact(arena.allocate(CAPTURE_LAYOUT));
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    private static RuntimeException rethrow(final Throwable t)
    {
        if (t instanceof RuntimeException re)
        {
            return re;
        }
        if (t instanceof Error e)
        {
            throw e;
        }
        return new IllegalStateException(t);
    }
}
