package io.ishmem.core.posix;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The kernel calls of {@link LibC} and {@link ProcessWatch}, all through libc's {@code syscall(2)}: two downcall
 * handles, with errno and without. Each distinct native signature costs a PE's start a stub and a dozen method
 * handles of its own, some 6.5 ms of a 0.5 s start on the project's test VM (fifteen of them were 0.1 s).
 * {@code syscall} is variadic, so passing every argument as a {@code long}, and six of them whatever the call
 * takes, is what C does; the kernel reads the ones its call has. It returns -1 and sets errno on failure, as a
 * libc wrapper does, so errno is captured.
 */
final class Syscall
{
    /** Where {@link #call} captures errno: a segment of this layout per call. */
    static final StructLayout CAPTURE_LAYOUT = Linker.Option.captureStateLayout();

    /** Relative paths of {@code openat} and {@code unlinkat} are taken from the working directory. */
    static final long AT_FDCWD = -100;

    static final Numbers NUMBERS = Numbers.of(System.getProperty("os.arch"));

    private static final VarHandle ERRNO = CAPTURE_LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final MethodHandle SYSCALL = link(true);
    private static final MethodHandle SYSCALL_WITHOUT_ERRNO = link(false);

    private Syscall()
    {
    }

    private static MethodHandle link(final boolean captureErrno)
    {
        final Linker linker = Linker.nativeLinker();
        final MemorySegment symbol = linker.defaultLookup().find("syscall")
            .orElseThrow(() -> new UnsatisfiedLinkError("unresolved symbol: syscall"));
        // long syscall(long number, ...): the number, then six arguments
        final FunctionDescriptor sixArguments = FunctionDescriptor.of(JAVA_LONG, JAVA_LONG,
            JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
        return captureErrno ?
            linker.downcallHandle(symbol, sixArguments, Linker.Option.captureCallState("errno"),
                Linker.Option.firstVariadicArg(1)) :
            linker.downcallHandle(symbol, sixArguments, Linker.Option.firstVariadicArg(1));
    }

    /**
     * @param state  a segment of {@link #CAPTURE_LAYOUT}, where errno lands.
     * @param number the call's number ({@link #NUMBERS}).
     * @return what the kernel returned; -1 with errno in {@code state} on failure.
     */
    static long call(final MemorySegment state, final long number, final long a, final long b, final long c,
        final long d, final long e, final long f)
    {
        try
        {
            return (long)SYSCALL.invokeExact(state, number, a, b, c, d, e, f);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@link #call} without errno, for calls on a path that must not allocate: compiled by C1 (tests run their PEs
     * with C1 alone), a call of a handle that captures errno allocates 40 bytes; C2 removes them, C1 does not.
     *
     * @return what the kernel returned; -1 on failure.
     */
    static long callWithoutErrno(final long number, final long a, final long b, final long c, final long d,
        final long e, final long f)
    {
        try
        {
            return (long)SYSCALL_WITHOUT_ERRNO.invokeExact(number, a, b, c, d, e, f);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * What a direct call of a downcall handle threw, as an unchecked exception: a runtime exception as it is, an
     * error thrown on, anything else (a handle declares Throwable) wrapped.
     */
    static RuntimeException rethrow(final Throwable t)
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

    /** @return the errno a failed {@link #call} left in {@code state}. */
    static int errno(final MemorySegment state)
    {
        return (int)ERRNO.get(state, 0L);
    }

    /**
     * The numbers of the calls we make: the kernel's own table on x86_64, the generic one on aarch64 (where
     * {@code open}, {@code unlink} and {@code poll} exist only as {@code openat}, {@code unlinkat} and
     * {@code ppoll}, which both have and we use on both).
     */
    record Numbers(long memfdCreate, long ftruncate, long mmap, long munmap, long close, long openat, long unlinkat,
        long prctl, long getpid, long pidfdOpen, long pidfdGetfd, long ppoll, long pread64)
    {
        private static final Numbers X86_64 = new Numbers(319, 77, 9, 11, 3, 257, 263, 157, 39, 434, 438, 271, 17);
        private static final Numbers AARCH64 = new Numbers(279, 46, 222, 215, 57, 56, 35, 167, 172, 434, 438, 73, 67);

        /**
         * @param arch the JVM's {@code os.arch}.
         * @throws UnsupportedOperationException for another architecture than x86_64 and aarch64.
         */
        static Numbers of(final String arch)
        {
            return switch (arch)
            {
                case "amd64", "x86_64" -> X86_64;
                case "aarch64" -> AARCH64;
                default -> throw new UnsupportedOperationException("ishmem4j runs on Linux x86_64 and aarch64, not " +
                    "os.arch=" + arch);
            };
        }
    }
}
