package io.ishmem.core.runtime;

import io.ishmem.IshmemConfigException;
import io.ishmem.IshmemException;
import io.ishmem.NativeCallException;
import io.ishmem.core.heap.Bytes;
import io.ishmem.core.heap.ControlBlock;
import io.ishmem.core.heap.HeapFiles;
import io.ishmem.core.posix.Errno;
import io.ishmem.core.posix.LibC;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * Maps every PE's memory file into this process. Each PE creates its file (a memfd, or a /dev/shm
 * file in the fallback), writes its control block header, and registers in the {@link BootRegion};
 * each then imports every peer's descriptor with pidfd_getfd (or opens its file) and maps it. With
 * {@code ISHMEM_HEAP_SHARING=auto}, a refused pidfd_getfd on any PE moves every PE to /dev/shm files.
 * Files are unlinked as soon as every PE has mapped them.
 *
 * <p>Only the PEs of one node meet here: when the job spans nodes, the arrays of the mappings are still indexed by
 * world PE, and a PE on another node has none (null, pidfd -1).
 */
final class Bootstrap
{
    private static final Logger LOG = LoggerFactory.getLogger(Bootstrap.class);

    private final JobIdentity identity;
    private final long heapSize;
    private final int maxTeams;
    /** This PE's choice of barrier, published in its header: PE 0's holds for the job. */
    private final boolean counterBarrier;
    private final long controlLength;
    private final long mapLength;
    private final int pid;
    private final long deadlineNs;
    private final NodeMap nodes;
    /** World PEs of this node, this one included. */
    private final int[] members;

    private Bootstrap(final JobIdentity identity, final NodeMap nodes, final long heapSize, final int maxTeams,
        final boolean counterBarrier, final long deadlineNs)
    {
        this.counterBarrier = counterBarrier;
        this.identity = identity;
        this.nodes = nodes;
        this.members = nodes.members(identity.pe());
        this.heapSize = heapSize;
        this.maxTeams = maxTeams;
        this.controlLength = ControlBlock.length(maxTeams, identity.nPes());
        this.mapLength = controlLength + heapSize;
        this.pid = (int)ProcessHandle.current().pid();
        this.deadlineNs = deadlineNs;
    }

    /**
     * @param nodes          which PEs share this PE's node: only those are mapped.
     * @param counterBarrier whether this PE would have its job's teams synchronise by a counter barrier: PE 0's
     *                       choice, in its header, holds for the job.
     * @param deadlineNs     {@link System#nanoTime()} by which every PE must have arrived (ISHMEM_BOOT_TIMEOUT).
     */
    static JobMappings start(final JobIdentity identity, final NodeMap nodes, final long heapSize,
        final int maxTeams, final boolean counterBarrier, final String sharing, final long deadlineNs)
    {
        if (!sharing.equals("auto") && !sharing.equals("pidfd") && !sharing.equals("shm-file"))
        {
            throw new IshmemConfigException("ISHMEM_HEAP_SHARING=" + sharing + " is not one of auto, pidfd, shm-file");
        }
        final Bootstrap bootstrap = new Bootstrap(identity, nodes, heapSize, maxTeams, counterBarrier, deadlineNs);
        return bootstrap.members.length == 1 ? bootstrap.alone() : bootstrap.withPeers(sharing);
    }

    private JobMappings alone()
    {
        final Arena arena = Arena.ofShared();
        final int fd = HeapFiles.createMemfd(fileName(identity.pe()), mapLength);
        try
        {
            final MemorySegment mapping = mapHeap(fd, mapLength, arena);
            writeHeader(mapping);
            final MemorySegment[] all = new MemorySegment[identity.nPes()];
            all[identity.pe()] = mapping;
            final int[] pidfds = new int[identity.nPes()];
            Arrays.fill(pidfds, -1);
            final int[] pids = new int[identity.nPes()];
            pids[identity.pe()] = pid;
            return mappings(arena, all, pidfds, pids, "memfd", null);
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

    private JobMappings withPeers(final String sharing)
    {
        final int nPes = identity.nPes();
        final int[] pidfds = new int[nPes];
        Arrays.fill(pidfds, -1);
        final BootRegion boot = BootRegion.open(identity, members,
            nodes.count() == 1 ? "boot" : "boot-node" + nodes.nodeOf(identity.pe()));
        JobMappings mappings = null;
        try
        {
            boot.claim(identity.pe(), pid);
            if (!sharing.equals("shm-file"))
            {
                mappings = attempt(boot, BootRegion.SHARING_MEMFD, BootRegion.PHASE_REGISTERED, pidfds, sharing);
            }
            if (mappings == null)
            {
                mappings = attempt(boot, BootRegion.SHARING_FILE, BootRegion.PHASE_REREGISTERED, pidfds, sharing);
            }
            boot.publish(identity.pe(), BootRegion.PHASE_MAPPED, 0);
            boot.awaitAll(BootRegion.PHASE_MAPPED, deadlineNs, "map every heap");
            if (nodes.count() > 1)
            {
                // ishmemrun cleans the /dev/shm of its own host only: on the others the name goes now, once every PE
                // of the node has mapped, or a PE killed later would leave it behind; the job's secret, proved at the
                // launcher's rendezvous, already keeps other jobs out, which the name kept to the end does otherwise
                boot.unlink();
            }
            if (mappings.sharing.equals("shm-file"))
            {
                LibC.unlink(identity.shmPrefix() + "pe" + identity.pe());
            }
            return mappings;
        }
        catch (final RuntimeException ex)
        {
            LibC.unlink(identity.shmPrefix() + "pe" + identity.pe());
            // the start failed for this job: later PEs will time out instead of finding a stale rendezvous (the
            // mappings, once made, own the rendezvous and remove it as they close)
            if (mappings != null)
            {
                mappings.close();
            }
            else
            {
                for (final int pidfd : pidfds)
                {
                    LibC.closeQuietly(pidfd);
                }
                boot.unlink();
                boot.close();
            }
            throw ex;
        }
    }

    /**
     * One try at sharing the heaps one way.
     *
     * @return the mappings, or null when some PE could not import a memfd and every PE must retry with files.
     */
    private JobMappings attempt(final BootRegion boot, final int mode, final long registeredPhase, final int[] pidfds,
        final String sharing)
    {
        final int nPes = identity.nPes();
        final Arena arena = Arena.ofShared();
        final String filePath = identity.shmPrefix() + "pe" + identity.pe();
        int localFd = -1;
        try
        {
            if (mode == BootRegion.SHARING_MEMFD)
            {
                final int ptracer = LibC.allowAnyPtracer();
                if (ptracer != 0 && ptracer != Errno.EINVAL)
                {
                    LOG.debug("prctl(PR_SET_PTRACER_ANY) failed: {}", Errno.describe(ptracer));
                }
                localFd = HeapFiles.createMemfd(fileName(identity.pe()), mapLength);
            }
            else
            {
                localFd = HeapFiles.createShmFile(filePath, mapLength);
            }
            final MemorySegment[] all = new MemorySegment[nPes];
            all[identity.pe()] = mapHeap(localFd, mapLength, arena);
            writeHeader(all[identity.pe()]);
            boot.register(identity.pe(), localFd, mapLength, mode, registeredPhase);
            boot.awaitAll(registeredPhase, deadlineNs, "register");

            int importErrno = 0;
            NativeCallException importFailure = null;
            final int[] pids = new int[nPes];
            for (final int pe : members)
            {
                pids[pe] = boot.pid(pe);
                if (pe == identity.pe())
                {
                    continue;
                }
                try
                {
                    if (pidfds[pe] < 0)
                    {
                        pidfds[pe] = LibC.pidfdOpen(pids[pe]);
                    }
                    all[pe] = importHeap(boot, pe, pidfds[pe], arena);
                }
                catch (final NativeCallException ex)
                {
                    // a peer that failed since it registered (another job came to the rendezvous, say) has closed
                    // its descriptors or exited: its reason is the one to report, not the EBADF or ESRCH it left
                    boot.checkPeerAfterImportFailure(pe, ex);
                    if (mode != BootRegion.SHARING_MEMFD || !sharing.equals("auto") || !isPermissionError(ex))
                    {
                        throw ex;
                    }
                    importErrno = ex.errorCode();
                    importFailure = ex;
                    break;
                }
            }
            if (mode == BootRegion.SHARING_MEMFD)
            {
                boot.publish(identity.pe(), BootRegion.PHASE_IMPORTED, importErrno);
                boot.awaitAll(BootRegion.PHASE_IMPORTED, deadlineNs, "import every heap");
                final int refusedBy = firstRefusal(boot);
                if (refusedBy >= 0)
                {
                    LOG.warn("pidfd_getfd refused on PE {} ({}); every PE falls back to /dev/shm files {}pe*, " +
                        "unlinked once mapped", refusedBy, importFailure != null ? importFailure.getMessage() :
                        Errno.describe(boot.importErrno(refusedBy)), identity.shmPrefix());
                    arena.close();
                    return null;
                }
            }
            for (final int pe : members)
            {
                if (pe != identity.pe())
                {
                    ControlBlock.check(all[pe].asSlice(0, controlLength), pe, nPes, maxTeams, identity.jobHash(),
                        heapSize);
                }
            }
            return mappings(arena, all, pidfds, pids, mode == BootRegion.SHARING_MEMFD ? "pidfd" : "shm-file", boot);
        }
        catch (final RuntimeException ex)
        {
            arena.close();
            throw ex;
        }
        finally
        {
            LibC.closeQuietly(localFd);
        }
    }

    private MemorySegment importHeap(final BootRegion boot, final int pe, final int pidfd, final Arena arena)
    {
        final long peerLength = boot.mapLength(pe);
        if (peerLength != mapLength)
        {
            throw new IshmemConfigException("PE " + pe + " has a symmetric heap of " + (peerLength - controlLength) +
                " bytes but PE " + identity.pe() + " has " + heapSize +
                ": every PE needs the same ISHMEM_SYMMETRIC_SIZE (and ISHMEM_MAX_TEAMS)");
        }
        final int fd = boot.sharing(pe) == BootRegion.SHARING_MEMFD ?
            LibC.pidfdGetfd(pidfd, boot.pid(pe), boot.fd(pe)) :
            LibC.open(identity.shmPrefix() + "pe" + pe, LibC.O_RDWR | LibC.O_CLOEXEC, 0);
        try
        {
            return mapHeap(fd, peerLength, arena);
        }
        finally
        {
            LibC.closeQuietly(fd);
        }
    }

    private static boolean isPermissionError(final NativeCallException ex)
    {
        return ex.errorCode() == Errno.EPERM || ex.errorCode() == Errno.EACCES || ex.errorCode() == Errno.ENOSYS;
    }

    private int firstRefusal(final BootRegion boot)
    {
        for (final int pe : members)
        {
            if (boot.importErrno(pe) != 0)
            {
                return pe;
            }
        }
        return -1;
    }

    /**
     * Maps a heap; a refusal for lack of address space or memory names the variable that asked for it.
     */
    private MemorySegment mapHeap(final int fd, final long length, final Arena arena)
    {
        try
        {
            return HeapFiles.map(fd, length, controlLength, arena);
        }
        catch (final NativeCallException ex)
        {
            if (ex.errorCode() != Errno.ENOMEM)
            {
                throw ex;
            }
            throw new IshmemConfigException("ISHMEM_SYMMETRIC_SIZE=" + Bytes.describe(heapSize) + ": the kernel " +
                "refused to map a heap of that size (" + ex.getMessage() + "); every PE maps the heap of every PE " +
                "of the node, so " + members.length + " x " + Bytes.describe(heapSize) + " must fit in this " +
                "process's address space (128 TiB on x86-64) and memory limits (ulimit -v): give a smaller size");
        }
    }

    private void writeHeader(final MemorySegment mapping)
    {
        ControlBlock.writeHeader(mapping, identity.pe(), identity.nPes(), pid, maxTeams,
            counterBarrier ? ControlBlock.FLAG_COUNTER_BARRIER : 0, identity.jobHash(), heapSize);
    }

    private JobMappings mappings(final Arena arena, final MemorySegment[] all, final int[] pidfds, final int[] pids,
        final String sharing, final BootRegion boot)
    {
        final MemorySegment[] blocks = new MemorySegment[all.length];
        final MemorySegment[] heaps = new MemorySegment[all.length];
        for (int pe = 0; pe < all.length; pe++)
        {
            if (all[pe] != null)
            {
                blocks[pe] = all[pe].asSlice(0, controlLength);
                heaps[pe] = all[pe].asSlice(controlLength, heapSize);
            }
        }
        return new JobMappings(arena, blocks, heaps, all[identity.pe()], pidfds, pids, sharing, boot);
    }

    private String fileName(final int pe)
    {
        return "ishmem-" + identity.jobId() + "-pe" + pe;
    }

}
