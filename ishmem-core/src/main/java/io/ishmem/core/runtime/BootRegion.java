package io.ishmem.core.runtime;

import io.ishmem.IshmemConfigException;
import io.ishmem.IshmemException;
import io.ishmem.PeFailureException;
import io.ishmem.core.heap.ControlBlock;
import io.ishmem.core.heap.HeapFiles;
import io.ishmem.core.posix.LibC;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * The rendezvous of a job's start: a small file {@code /dev/shm/ishmem-JOB-boot} where each PE
 * publishes how to map its heap (pid, descriptor or file, length) and moves through start-up phases.
 * It lives only during init: PE 0 unlinks it once every PE has mapped every heap, and ishmemrun
 * removes it in any case. Its size is fixed so PEs that disagree on the job size cannot fault on it.
 * <pre>
 *  0   magic (CAS by the first PE)     8  nPes (CAS by the first PE)
 *  64  slot of PE 0: phase (release) | pid | fd | map length | sharing | import errno
 *  128 slot of PE 1 ...
 * </pre>
 */
final class BootRegion implements AutoCloseable
{
    static final long PHASE_EMPTY = 0;
    static final long PHASE_REGISTERED = 1;
    static final long PHASE_IMPORTED = 2;
    static final long PHASE_REREGISTERED = 3;
    static final long PHASE_MAPPED = 4;

    static final int SHARING_MEMFD = 1;
    static final int SHARING_FILE = 2;

    private static final long MAGIC = 0x544F_4F42_4D48_5349L; // "ISHMBOOT"
    private static final long SLOTS_OFFSET = 64;
    private static final long SLOT_LENGTH = 64;
    private static final long PHASE = 0;
    private static final long PID = 8;
    private static final long FD = 12;
    private static final long MAP_LENGTH = 16;
    private static final long SHARING = 24;
    private static final long IMPORT_ERRNO = 28;
    private static final long LENGTH = SLOTS_OFFSET + SLOT_LENGTH * ControlBlock.MAX_PES;
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    private final String path;
    private final JobIdentity identity;
    private final Arena arena;
    private final MemorySegment region;

    private BootRegion(final String path, final JobIdentity identity, final Arena arena, final MemorySegment region)
    {
        this.path = path;
        this.identity = identity;
        this.arena = arena;
        this.region = region;
    }

    static BootRegion open(final JobIdentity identity)
    {
        final String path = identity.shmPrefix() + "boot";
        final int fd = LibC.open(path, LibC.O_RDWR | LibC.O_CREAT | LibC.O_CLOEXEC, 0600);
        final Arena arena = Arena.ofShared();
        try
        {
            // every PE truncates to the same fixed length, which never discards what another PE wrote
            LibC.ftruncate(fd, LENGTH);
            final MemorySegment region = HeapFiles.map(fd, LENGTH, arena);
            final BootRegion boot = new BootRegion(path, identity, arena, region);
            boot.checkHeader();
            return boot;
        }
        catch (final RuntimeException ex)
        {
            arena.close();
            throw ex;
        }
        finally
        {
            LibC.closeQuietly(fd);
        }
    }

    private void checkHeader()
    {
        LONG.compareAndSet(region, 0L, 0L, MAGIC);
        final long magic = (long)LONG.getVolatile(region, 0L);
        if (magic != MAGIC)
        {
            throw new IshmemException(path + " is not an ishmem4j boot file (magic 0x" + Long.toHexString(magic) + ")");
        }
        INT.compareAndSet(region, 8L, 0, identity.nPes());
        final int jobPes = (int)INT.getVolatile(region, 8L);
        if (jobPes != identity.nPes())
        {
            throw new IshmemConfigException("PE " + identity.pe() + " was started with nPes=" + identity.nPes() +
                " but another PE of job " + identity.jobId() + " with nPes=" + jobPes +
                ": every PE of a job needs the same ISHMEM_NPES");
        }
    }

    private long slot(final int pe)
    {
        return SLOTS_OFFSET + SLOT_LENGTH * pe;
    }

    /**
     * Takes this PE's slot, refusing a PE number that a live process of the same job already holds.
     */
    void claim(final int pe, final int pid)
    {
        final long slot = slot(pe);
        if ((long)LONG.getAcquire(region, slot + PHASE) != PHASE_EMPTY)
        {
            final int holder = (int)INT.getVolatile(region, slot + PID);
            if (holder != pid && ProcessHandle.of(holder).map(ProcessHandle::isAlive).orElse(false))
            {
                throw new IshmemConfigException("PE " + pe + " of job " + identity.jobId() +
                    " is already taken by pid " + holder + ": two processes have the same ISHMEM_PE, " +
                    "or two jobs share one ISHMEM_JOB_ID");
            }
            LONG.setRelease(region, slot + PHASE, PHASE_EMPTY);
        }
    }

    void register(final int pe, final int pid, final int fd, final long mapLength, final int sharing, final long phase)
    {
        final long slot = slot(pe);
        region.set(ValueLayout.JAVA_INT, slot + PID, pid);
        region.set(ValueLayout.JAVA_INT, slot + FD, fd);
        region.set(ValueLayout.JAVA_LONG, slot + MAP_LENGTH, mapLength);
        region.set(ValueLayout.JAVA_INT, slot + SHARING, sharing);
        // release: a PE that sees the phase sees the fields above
        LONG.setRelease(region, slot + PHASE, phase);
    }

    void publish(final int pe, final long phase, final int importErrno)
    {
        final long slot = slot(pe);
        region.set(ValueLayout.JAVA_INT, slot + IMPORT_ERRNO, importErrno);
        LONG.setRelease(region, slot + PHASE, phase);
    }

    int pid(final int pe)
    {
        return region.get(ValueLayout.JAVA_INT, slot(pe) + PID);
    }

    int fd(final int pe)
    {
        return region.get(ValueLayout.JAVA_INT, slot(pe) + FD);
    }

    long mapLength(final int pe)
    {
        return region.get(ValueLayout.JAVA_LONG, slot(pe) + MAP_LENGTH);
    }

    int sharing(final int pe)
    {
        return region.get(ValueLayout.JAVA_INT, slot(pe) + SHARING);
    }

    int importErrno(final int pe)
    {
        return region.get(ValueLayout.JAVA_INT, slot(pe) + IMPORT_ERRNO);
    }

    /**
     * Waits until every PE reached {@code phase}, watching the processes that already registered.
     *
     * @throws PeFailureException naming the PEs that did not arrive in time or died.
     */
    void awaitAll(final long phase, final long deadlineNs, final String step)
    {
        long parkNs = 1_000;
        long nextCheckNs = System.nanoTime();
        int spins = 0;
        while (true)
        {
            int missing = -1;
            for (int pe = 0; pe < identity.nPes(); pe++)
            {
                if ((long)LONG.getAcquire(region, slot(pe) + PHASE) < phase)
                {
                    missing = pe;
                    break;
                }
            }
            if (missing < 0)
            {
                return;
            }
            final long nowNs = System.nanoTime();
            if (nowNs - nextCheckNs >= 0)
            {
                nextCheckNs = nowNs + 10_000_000L;
                checkRegisteredAlive(step);
                if (nowNs - deadlineNs >= 0)
                {
                    throw new PeFailureException(missing, "init of PE " + identity.pe() + " (job " +
                        identity.jobId() + "): PEs " + missingPes(phase) + " did not " + step +
                        " within ISHMEM_BOOT_TIMEOUT; were all " + identity.nPes() + " PEs started?");
                }
            }
            if (spins++ < 1000)
            {
                Thread.onSpinWait();
            }
            else
            {
                LockSupport.parkNanos(parkNs);
                parkNs = Math.min(parkNs * 2, 1_000_000L);
            }
        }
    }

    private void checkRegisteredAlive(final String step)
    {
        for (int pe = 0; pe < identity.nPes(); pe++)
        {
            if ((long)LONG.getAcquire(region, slot(pe) + PHASE) >= PHASE_REGISTERED)
            {
                final int pid = pid(pe);
                if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                {
                    throw new PeFailureException(pe, "PE " + pe + " (pid " + pid + ") exited during init while PE " +
                        identity.pe() + " waited for every PE to " + step);
                }
            }
        }
    }

    private List<Integer> missingPes(final long phase)
    {
        final List<Integer> missing = new ArrayList<>();
        for (int pe = 0; pe < identity.nPes(); pe++)
        {
            if ((long)LONG.getAcquire(region, slot(pe) + PHASE) < phase)
            {
                missing.add(pe);
            }
        }
        return missing;
    }

    void unlink()
    {
        LibC.unlink(path);
    }

    @Override
    public void close()
    {
        arena.close();
    }
}
