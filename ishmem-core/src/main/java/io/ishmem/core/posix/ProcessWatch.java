package io.ishmem.core.posix;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * What the kernel knows about a set of processes, asked without a thread of our own and without
 * allocating: which have exited (one {@code poll} over all their pidfds) and which are stopped
 * ({@code SIGSTOP}, Ctrl-Z, a debugger: the state letter of {@code /proc/PID/stat}). Every buffer and path
 * is made once; a caller that finds another thread asking at the same moment gets "nothing new" rather than
 * waiting, as its wait will ask again.
 */
public final class ProcessWatch implements AutoCloseable
{
    /** {@link #exited()} when no watched process has exited. */
    public static final int NONE = -1;

    private static final int POLLFD_BYTES = 8;
    private static final int O_RDONLY_CLOEXEC = 0x80000;
    // "pid (comm) S ...": comm is at most 16 bytes, so the state letter is within the first 64 bytes
    private static final int STAT_PREFIX = 64;

    private static final Syscall.Numbers NR = Syscall.NUMBERS;
    private static final long TIMESPEC_BYTES = 16;
    private static final long SIGSET_BYTES = 8;

    private final Arena arena = Arena.ofShared();
    private final int count;
    private final MemorySegment pollfds;
    private final MemorySegment[] statPaths;
    private final MemorySegment statBuffer;
    private final MemorySegment noWait;
    private final AtomicBoolean busy = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * @param pidfds one pidfd per watched process ({@code -1}: not watched for exit, e.g. this process).
     * @param pids   their pids ({@code <= 0}: not watched for being stopped).
     */
    public ProcessWatch(final int[] pidfds, final int[] pids)
    {
        if (pidfds.length != pids.length)
        {
            throw new IllegalArgumentException("pidfds.length=" + pidfds.length + " != pids.length=" + pids.length);
        }
        this.count = pidfds.length;
        this.pollfds = arena.allocate((long)POLLFD_BYTES * Math.max(1, count), 4);
        this.statPaths = new MemorySegment[count];
        for (int i = 0; i < count; i++)
        {
            // poll skips a negative fd and reports nothing for it
            pollfds.set(JAVA_INT, (long)i * POLLFD_BYTES, pidfds[i]);
            pollfds.set(JAVA_SHORT, (long)i * POLLFD_BYTES + 4, LibC.POLLIN);
            statPaths[i] = pids[i] > 0 ? arena.allocateFrom("/proc/" + pids[i] + "/stat") : null;
        }
        this.statBuffer = arena.allocate(STAT_PREFIX);
        // a poll that does not wait: ppoll's timeout of zero
        this.noWait = arena.allocate(TIMESPEC_BYTES, 8);
    }

    /**
     * @return the index of a watched process that has exited, {@link #NONE} if none has (or another thread
     *         is asking right now).
     */
    public int exited()
    {
        if (!busy.compareAndSet(false, true))
        {
            return NONE;
        }
        try
        {
            final long ready = Syscall.callWithoutErrno(NR.ppoll(), pollfds.address(), count, noWait.address(), 0L,
                SIGSET_BYTES, 0L);
            if (ready <= 0)
            {
                // 0: nobody exited; < 0: EINTR or the like, and the next probe asks again
                return NONE;
            }
            for (int i = 0; i < count; i++)
            {
                if ((pollfds.get(JAVA_SHORT, (long)i * POLLFD_BYTES + 6) & LibC.POLLIN) != 0)
                {
                    return i;
                }
            }
            return NONE;
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException("poll over " + count + " pidfds", t);
        }
        finally
        {
            busy.set(false);
        }
    }

    /**
     * Stops watching a process for exit, e.g. one that ended as it should; {@link #exited()} then looks past it.
     *
     * @param index a watched process.
     */
    public void forget(final int index)
    {
        pollfds.set(JAVA_INT, (long)index * POLLFD_BYTES, -1);
    }

    /**
     * @param index a watched process.
     * @return whether it is stopped by a signal or held by a tracer (state {@code T} or {@code t}); false
     *         when it cannot be read, as when it has exited (which {@link #exited()} reports), or when another
     *         thread is asking right now.
     */
    public boolean stopped(final int index)
    {
        final MemorySegment path = statPaths[index];
        if (path == null || !busy.compareAndSet(false, true))
        {
            return false;
        }
        try
        {
            final int fd = (int)Syscall.callWithoutErrno(NR.openat(), Syscall.AT_FDCWD, path.address(),
                O_RDONLY_CLOEXEC, 0L, 0L, 0L);
            if (fd < 0)
            {
                return false;
            }
            final long read;
            try
            {
                read = Syscall.callWithoutErrno(NR.pread64(), fd, statBuffer.address(), STAT_PREFIX, 0L, 0L, 0L);
            }
            finally
            {
                Syscall.callWithoutErrno(NR.close(), fd, 0L, 0L, 0L, 0L, 0L);
            }
            return isStopped(statBuffer, read);
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException("reading " + path.getString(0), t);
        }
        finally
        {
            busy.set(false);
        }
    }

    /**
     * @param stat  the first bytes of {@code /proc/PID/stat}.
     * @param bytes how many were read.
     * @return whether the state letter after the command name in parentheses is {@code T} or {@code t}.
     */
    static boolean isStopped(final MemorySegment stat, final long bytes)
    {
        // the command name may itself hold ')' or spaces: the state follows the last ')'
        for (long at = Math.min(bytes, stat.byteSize()) - 1; at >= 0; at--)
        {
            if (stat.get(JAVA_BYTE, at) == ')')
            {
                if (at + 2 >= bytes)
                {
                    return false;
                }
                final byte state = stat.get(JAVA_BYTE, at + 2);
                return state == 'T' || state == 't';
            }
        }
        return false;
    }

    /**
     * @return how many processes are watched.
     */
    public int count()
    {
        return count;
    }

    /**
     * Frees the buffers once no thread is asking; every later question gets "nothing new".
     */
    @Override
    public void close()
    {
        if (closed.getAndSet(true))
        {
            return;
        }
        while (!busy.compareAndSet(false, true))
        {
            Thread.onSpinWait();
        }
        // busy stays set: the buffers are gone
        arena.close();
    }
}
