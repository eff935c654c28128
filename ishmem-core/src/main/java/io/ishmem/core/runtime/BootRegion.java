package io.ishmem.core.runtime;

import io.ishmem.IshmemConfigException;
import io.ishmem.IshmemException;
import io.ishmem.NativeCallException;
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
 * The rendezvous of a job: a small file {@code /dev/shm/ishmem-JOB-boot} where each PE claims its
 * number, publishes how to map its heap (pid, descriptor or file, length) and moves through start-up
 * phases. Its size is fixed so PEs that disagree on the job size cannot fault on it.
 *
 * <p>It also keeps jobs apart. The first PE stores the job's key (a hash of {@code ISHMEM_JOB_ID} and
 * {@code ISHMEM_JOB_SECRET}); a process with another key is of another job. A PE number is taken by one
 * compare-and-set of the slot's pid, so two processes can never both hold it. Either clash is written
 * into the clash word before the process that found it fails, so every PE that is starting in this
 * rendezvous fails too, at once, and a job that already started finds out at {@code close}: two jobs
 * that share an id never both end well, and never exchange data without an error. The file lives as
 * long as the job (PE 0 removes it after the close barrier; ishmemrun in any case), so a late process
 * of another job meets it rather than a fresh one.
 * <pre>
 *  0   magic (CAS by the first PE)   8  nPes (CAS by the first PE)   16 job key (CAS by the first PE)
 *  24  clash: pid of the process that found it | PE number it wanted (CAS, first clash wins)
 *  64  slot of PE 0: phase (release) | pid (CAS: the claim) | fd | map length | sharing | import errno
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
    private static final long NPES_OFFSET = 8;
    private static final long KEY_OFFSET = 16;
    private static final long CLASH_OFFSET = 24;
    /** Clash codes besides a PE number: the processes differed in job key, or in job size. */
    private static final int CLASH_KEY = -1;
    private static final int CLASH_NPES = -2;
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
    /** The PEs that meet here: every PE of the job, or those of this node when the job spans nodes. */
    private final int[] members;
    private final Arena arena;
    private final MemorySegment region;

    private BootRegion(final String path, final JobIdentity identity, final int[] members, final Arena arena,
        final MemorySegment region)
    {
        this.path = path;
        this.identity = identity;
        this.members = members;
        this.arena = arena;
        this.region = region;
    }

    /**
     * @param members the PEs that meet in this region, by world number.
     * @param name    the region's name after the job's prefix: one per node, so that nodes sharing a /dev/shm
     *                (network namespaces of one host) never meet in one region.
     */
    static BootRegion open(final JobIdentity identity, final int[] members, final String name)
    {
        final String path = identity.shmPrefix() + name;
        final int fd = LibC.open(path, LibC.O_RDWR | LibC.O_CREAT | LibC.O_CLOEXEC, 0600);
        final Arena arena = Arena.ofShared();
        try
        {
            // every PE truncates to the same fixed length, which never discards what another PE wrote
            LibC.ftruncate(fd, LENGTH);
            final MemorySegment region = HeapFiles.map(fd, LENGTH, arena);
            final BootRegion boot = new BootRegion(path, identity, members, arena, region);
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
    }

    /**
     * Checks that this process is of the job that holds the rendezvous: its key and size. Called after the
     * slot is claimed, so whoever set the key holds a slot: a key with no live holder is from a dead job.
     */
    private void checkJob(final int pid)
    {
        LONG.compareAndSet(region, KEY_OFFSET, 0L, identity.jobHash());
        if ((long)LONG.getVolatile(region, KEY_OFFSET) != identity.jobHash())
        {
            final String holders = liveHolders(pid);
            // the other job's processes may already have gone because of a clash that this one must report
            checkNoClash();
            if (holders.isEmpty())
            {
                // not a clash: nobody of that job is left; the failed start removes the file
                throw new IshmemConfigException("job " + identity.jobId() + ": " + path + " was left by a job " +
                    "with the same ISHMEM_JOB_ID and another ISHMEM_JOB_SECRET whose processes are gone; it is " +
                    "removed now: start the job again, or give it its own ISHMEM_JOB_ID");
            }
            raiseClash(CLASH_KEY);
            throw new IshmemConfigException(clashText(identity.pe(), CLASH_KEY, holders));
        }
        INT.compareAndSet(region, NPES_OFFSET, 0, identity.nPes());
        final int jobPes = (int)INT.getVolatile(region, NPES_OFFSET);
        if (jobPes != identity.nPes())
        {
            raiseClash(CLASH_NPES);
            throw new IshmemConfigException("PE " + identity.pe() + " was started with nPes=" + identity.nPes() +
                " but another PE of job " + identity.jobId() + " with nPes=" + jobPes +
                ": every PE of a job needs the same ISHMEM_NPES");
        }
    }

    /** Records a clash for every process of this rendezvous; the first one found is kept. */
    private void raiseClash(final int wantedPe)
    {
        LONG.compareAndSet(region, CLASH_OFFSET, 0L, (long)ProcessHandle.current().pid() << 32 | (wantedPe & 0xFFFF_FFFFL));
    }

    /**
     * @throws IshmemConfigException when any process of this rendezvous found another job in it.
     */
    void checkNoClash()
    {
        final String clash = clash();
        if (clash != null)
        {
            throw new IshmemConfigException(clash);
        }
    }

    /**
     * @return what a process found when it came to this rendezvous from another job, or null if none did.
     */
    String clash()
    {
        final long clash = (long)LONG.getVolatile(region, CLASH_OFFSET);
        if (clash == 0)
        {
            return null;
        }
        final int finder = (int)(clash >>> 32);
        final int code = (int)clash;
        return "PE " + identity.pe() + " of job " + identity.jobId() + ": process " + finder + " " +
            (code == CLASH_KEY ? "of another job (another ISHMEM_JOB_SECRET)" :
            code == CLASH_NPES ? "with another ISHMEM_NPES" : "also claimed to be PE " + code) +
            " came to this job's rendezvous " + path + ": two jobs share ISHMEM_JOB_ID=" + identity.jobId() +
            ", or two processes of one job have the same ISHMEM_PE. No job may go on with it: start each job " +
            "with ishmemrun, or give each its own ISHMEM_JOB_ID";
    }

    private String clashText(final int pe, final int wantedPe, final String holders)
    {
        return "PE " + pe + " of job " + identity.jobId() + " cannot join: " + (wantedPe == CLASH_KEY ?
            "processes of another job with ISHMEM_JOB_ID=" + identity.jobId() + " and another ISHMEM_JOB_SECRET " +
            "are using " + path + " (pids " + holders + ")" :
            "PE " + wantedPe + " is already held by pid " + holders) + ": two jobs share ISHMEM_JOB_ID=" +
            identity.jobId() + ", or two processes have the same ISHMEM_PE. Both jobs fail: start each job with " +
            "ishmemrun, or give each its own ISHMEM_JOB_ID";
    }

    private String liveHolders(final int myPid)
    {
        final StringBuilder holders = new StringBuilder();
        for (int pe = 0; pe < ControlBlock.MAX_PES; pe++)
        {
            final int holder = (int)INT.getVolatile(region, slot(pe) + PID);
            if (holder != 0 && holder != myPid && isAlive(holder))
            {
                holders.append(holders.isEmpty() ? "" : ", ").append(holder);
            }
        }
        return holders.toString();
    }

    private static boolean isAlive(final int pid)
    {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private long slot(final int pe)
    {
        return SLOTS_OFFSET + SLOT_LENGTH * pe;
    }

    /**
     * Takes this PE's slot with one compare-and-set of its pid, so no two processes can both hold it. A slot
     * whose holder has exited (a job of the same id that died during init) is taken over.
     *
     * @throws IshmemConfigException when a live process holds it: a clash, raised for the whole rendezvous.
     */
    void claim(final int pe, final int pid)
    {
        final long slot = slot(pe);
        int holder = 0;
        while (!INT.compareAndSet(region, slot + PID, holder, pid))
        {
            holder = (int)INT.getVolatile(region, slot + PID);
            if (holder == pid)
            {
                break;
            }
            if (holder != 0 && isAlive(holder))
            {
                raiseClash(pe);
                throw new IshmemConfigException(clashText(pe, pe, Integer.toString(holder)));
            }
        }
        LONG.setRelease(region, slot + PHASE, PHASE_EMPTY);
        checkJob(pid);
        checkNoClash();
    }

    void register(final int pe, final int fd, final long mapLength, final int sharing, final long phase)
    {
        final long slot = slot(pe);
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
            for (final int pe : members)
            {
                if ((long)LONG.getAcquire(region, slot(pe) + PHASE) < phase)
                {
                    missing = pe;
                    break;
                }
            }
            checkNoClash();
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
                        " within ISHMEM_BOOT_TIMEOUT; were all " + members.length + " PEs" +
                        (members.length == identity.nPes() ? "" : " of this node") + " started?");
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

    /**
     * After this PE failed to open or import the heap of PE {@code pe}: the cause when it is a clash, or the
     * peer's exit.
     *
     * @throws IshmemConfigException when a process of this rendezvous found another job in it.
     * @throws PeFailureException    when the peer has exited (its descriptors went with it).
     */
    void checkPeerAfterImportFailure(final int pe, final NativeCallException failure)
    {
        checkNoClash();
        final int peerPid = pid(pe);
        if (!isAlive(peerPid))
        {
            throw new PeFailureException(pe, "PE " + pe + " (pid " + peerPid + ") exited during init before PE " +
                identity.pe() + " could map its heap (" + failure.getMessage() + ")");
        }
    }

    private void checkRegisteredAlive(final String step)
    {
        for (final int pe : members)
        {
            if ((long)LONG.getAcquire(region, slot(pe) + PHASE) >= PHASE_REGISTERED)
            {
                final int pid = pid(pe);
                if (!isAlive(pid))
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
        for (final int pe : members)
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
