package io.ishmem.core.runtime;

import io.ishmem.AmoOp;
import io.ishmem.ReduceOp;
import io.ishmem.ReduceType;
import io.ishmem.Cmp;
import io.ishmem.Context;
import io.ishmem.Ishmem;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import io.ishmem.core.alloc.CollectiveAllocation;
import io.ishmem.core.atomic.AtomicOps;
import io.ishmem.core.atomic.Locks;
import io.ishmem.core.collective.CollectiveOp;
import io.ishmem.core.collective.TeamCollectives;
import io.ishmem.core.collective.TeamName;
import io.ishmem.core.collective.TeamSync;
import io.ishmem.core.context.Contexts;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.device.DeviceHeap;
import io.ishmem.core.device.SymmetricDeviceMemory;
import io.ishmem.core.queue.OperationQueue;
import io.ishmem.core.observe.Observe;
import io.ishmem.core.rma.Ordering;
import io.ishmem.core.rma.Rma;
import io.ishmem.core.signal.Signals;
import io.ishmem.core.team.TeamRegistry;
import io.ishmem.core.rendezvous.RendezvousClient;
import io.ishmem.core.transport.NodeSplitTransport;
import io.ishmem.core.transport.RemoteControl;
import io.ishmem.core.transport.Transport;
import io.ishmem.core.transport.shm.ShmTransport;
import io.ishmem.core.transport.ucx.GatedUcxTransport;
import io.ishmem.core.transport.ucx.UcxTransport;
import io.ishmem.core.wait.MultiWaits;
import io.ishmem.core.wait.WaitStrategy;
import io.ishmem.core.wait.Waits;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.CompletableFuture;

/**
 * The data calls of the runtime, each a one-line delegation to the class of its family ({@link Rma},
 * {@link Signals}, {@link Waits}, {@link MultiWaits}, {@link AtomicOps}, {@link Locks},
 * {@link CollectiveAllocation}, {@link TeamCollectives}, {@link Ordering}), which checks every argument once
 * and calls the transport of the segment's heap; and the making of those families. {@link IshmemRuntime}
 * adds the runtime's life: start, the device heap, close.
 */
abstract class RuntimeCalls implements Ishmem
{

    final JobIdentity identity;
    final int myPe;
    final int nPes;
    final JobMappings mappings;
    final SymmetricHeap heap;
    final MemorySegment myBlock;
    final JobLiveness liveness;
    final TeamSync worldSync;
    final TeamRegistry teams;
    final int launcherPidfd;
    final OperationQueue queue;
    final Ordering ordering;
    final Rma rma;
    final Signals signals;
    final Waits waits;
    final MultiWaits multiWaits;
    final AtomicOps atomics;
    final Locks locks;
    final CollectiveAllocation allocation;
    final TeamCollectives collectives;
    final Contexts contexts;
    // the host heaps' transport when ISHMEM_TRANSPORT=ucx or the job spans nodes, else null
    final UcxTransport ucx;
    final NodeMap nodes;
    // the launcher's rendezvous of a job across hosts, else null
    final RendezvousClient rendezvous;
    // set at most once, in start, before the runtime is returned to the user
    DeviceHeap deviceHeap;
    SymmetricDeviceMemory deviceMemory;
    volatile boolean closed;
    /**
     * {@link #worldSync} while a barrierAll needs nothing before its flags but the thread rule: the runtime is open,
     * every PE is on this node, no transport must be quieted first and no flight recorder exists; null before the
     * runtime is started, from close on, and once a recorder starts. One load where the closed flag, the sync's
     * remote members, the ordering's transports and the recorder took five on every barrierAll (JMH, barrierAll of
     * one PE on an Intel VM, with the team's idle owner: 4.6 -> 2.5 ns against a release fence's
     * 0.6-0.7).
     */
    private volatile TeamSync plainWorld;
    /** Stops the watch for a flight recorder that empties {@link #plainWorld}; null while there is none. */
    private Runnable recorderWatch;

    RuntimeCalls(final JobIdentity identity, final JobMappings mappings, final StartSettings settings,
        final int launcherPidfd, final NodeMap nodes, final RendezvousClient rendezvous)
    {
        this.identity = identity;
        this.myPe = identity.pe();
        this.nPes = identity.nPes();
        this.mappings = mappings;
        this.nodes = nodes;
        this.rendezvous = rendezvous;
        final int maxTeams = settings.maxTeams();
        // the host heaps are served by shared memory, or by UCX when ISHMEM_TRANSPORT=ucx or the job spans nodes
        // (connected in start); a device heap, when there is one, brings its own transport
        this.ucx = settings.ucx() ? UcxTransport.open(myPe, mappings.own, mappings.heaps[myPe]) : null;
        // the control blocks of the PEs on other nodes are reached through UCX too
        final RemoteControl remote = nodes.count() > 1 ? ucx.control() : null;
        // every call into UCX is counted, so that close frees nothing under a call of another thread
        final GatedUcxTransport network = ucx != null ? new GatedUcxTransport(ucx) : null;
        final Transport hostTransport = settings.splitByNode() ?
            new NodeSplitTransport(new ShmTransport(myPe, mappings.heaps), network, onNode(mappings.heaps)) :
            network != null ? network : new ShmTransport(myPe, mappings.heaps);
        // a UCX worker moves data only when polled: every wait that idles polls it
        final WaitStrategy waitStrategy = network != null ? settings.waitStrategy().withProgress(network) :
            settings.waitStrategy();
        this.heap = new SymmetricHeap(myPe, mappings.heaps, hostTransport);
        this.ordering = new Ordering(hostTransport);
        this.myBlock = mappings.controlBlocks[myPe];
        this.launcherPidfd = launcherPidfd;
        this.liveness = new JobLiveness(myPe, mappings.controlBlocks, mappings.pidfds, mappings.pids, launcherPidfd,
            identity.launcherPid(), settings.stoppedTimeoutNs(), mappings::clash, rendezvous);
        if (ucx != null)
        {
            ucx.watch(liveness);
        }
        final int[] world = new int[nPes];
        for (int pe = 0; pe < nPes; pe++)
        {
            world[pe] = pe;
        }
        this.worldSync = new TeamSync(TeamName.of("WORLD"), TeamRegistry.WORLD_SLOT, world, myPe, mappings.controlBlocks,
            maxTeams, waitStrategy, liveness, remote);
        this.queue = new OperationQueue("ishmem-queue-pe" + myPe);
        this.rma = new Rma(myPe);
        this.signals = new Signals(queue, waitStrategy, liveness);
        this.waits = new Waits(waitStrategy, liveness);
        this.multiWaits = new MultiWaits(waitStrategy, liveness);
        this.atomics = new AtomicOps(heap);
        this.locks = new Locks(ordering, waitStrategy, liveness);
        this.allocation = new CollectiveAllocation(heap, worldSync, ordering, myPe);
        // a device segment exists only once the device heap does, so its transport is asked for only then
        this.contexts = new Contexts(myPe, rma, signals, atomics, ordering, hostTransport, () -> deviceHeap.transport(),
            settings.maxContexts());
        this.teams = new TeamRegistry(myPe, nPes, mappings.controlBlocks, maxTeams, worldSync, waitStrategy, liveness,
            () -> closed, contexts, nodes.shared(myPe), remote);
        this.collectives = new TeamCollectives(heap, ordering, teams::enterCollective);
    }

    /** Opens barrierAll's and syncAll's shortest path where it applies: once started, transports final. */
    final void openPlainWorld()
    {
        if (worldSync.onOneNode() && !ordering.quietsBeforeSync())
        {
            plainWorld = worldSync;
            // at once when a recorder exists already
            recorderWatch = Observe.whenRecorderStarts(() -> plainWorld = null);
        }
    }

    final void closePlainWorld()
    {
        plainWorld = null;
        if (recorderWatch != null)
        {
            recorderWatch.run();
            recorderWatch = null;
        }
    }

    /** @return per world PE, whether its heap is mapped here (on this node). */
    private static boolean[] onNode(final MemorySegment[] heaps)
    {
        final boolean[] onNode = new boolean[heaps.length];
        for (int pe = 0; pe < heaps.length; pe++)
        {
            onNode[pe] = heaps[pe] != null;
        }
        return onNode;
    }

    final void checkOpen(final String call)
    {
        if (closed)
        {
            heap.checkOpen(call);
        }
    }

    // ---------------------------------------------------------------- symmetric memory

    @Override
    public SymmetricSegment malloc(final long bytes)
    {
        checkOpen("malloc");
        return allocation.malloc(bytes);
    }

    @Override
    public SymmetricSegment calloc(final long count, final MemoryLayout elementLayout)
    {
        checkOpen("calloc");
        return allocation.calloc(count, elementLayout);
    }

    @Override
    public SymmetricSegment align(final long alignment, final long bytes)
    {
        checkOpen("align");
        return allocation.align(alignment, bytes);
    }

    @Override
    public void free(final SymmetricSegment segment)
    {
        checkOpen("free");
        allocation.free(segment);
    }

    // ---------------------------------------------------------------- RMA

    @Override
    public void put(final SymmetricSegment dest, final long destOffset, final MemorySegment src, final long srcOffset,
        final long bytes, final int pe)
    {
        Rma.put(dest, destOffset, src, srcOffset, bytes, pe);
    }

    @Override
    public void putNbi(final SymmetricSegment dest, final long destOffset, final MemorySegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        Rma.putNbi(dest, destOffset, src, srcOffset, bytes, pe);
    }

    @Override
    public void get(final MemorySegment dest, final long destOffset, final SymmetricSegment src, final long srcOffset,
        final long bytes, final int pe)
    {
        Rma.get(dest, destOffset, src, srcOffset, bytes, pe);
    }

    @Override
    public void getNbi(final MemorySegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        Rma.getNbi(dest, destOffset, src, srcOffset, bytes, pe);
    }

    @Override
    public void put(final SymmetricSegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        rma.putFromSymmetric("put", dest, destOffset, src, srcOffset, bytes, pe);
    }

    @Override
    public void putNbi(final SymmetricSegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        rma.putFromSymmetric("putNbi", dest, destOffset, src, srcOffset, bytes, pe);
    }

    @Override
    public void get(final SymmetricSegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        rma.getIntoSymmetric("get", dest, destOffset, src, srcOffset, bytes, pe);
    }

    @Override
    public void getNbi(final SymmetricSegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        rma.getIntoSymmetric("getNbi", dest, destOffset, src, srcOffset, bytes, pe);
    }

    @Override
    public void pByte(final SymmetricSegment dest, final long index, final byte value, final int pe)
    {
        Rma.pByte(dest, index, value, pe);
    }

    @Override
    public byte gByte(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gByte(src, index, pe);
    }

    @Override
    public void pShort(final SymmetricSegment dest, final long index, final short value, final int pe)
    {
        Rma.pShort(dest, index, value, pe);
    }

    @Override
    public short gShort(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gShort(src, index, pe);
    }

    @Override
    public void pChar(final SymmetricSegment dest, final long index, final char value, final int pe)
    {
        Rma.pChar(dest, index, value, pe);
    }

    @Override
    public char gChar(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gChar(src, index, pe);
    }

    @Override
    public void pInt(final SymmetricSegment dest, final long index, final int value, final int pe)
    {
        Rma.pInt(dest, index, value, pe);
    }

    @Override
    public int gInt(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gInt(src, index, pe);
    }

    // ---------------------------------------------------------------- atomic memory operations

    @Override
    public long atomic(final AmoOp op, final ValueLayout type, final SymmetricSegment dest, final long index,
        final long value, final long compare, final int pe)
    {
        // after close the segment is retired, and the offset check says so, as for p and g
        return atomics.atomic(op, type, dest, index, value, compare, pe);
    }

    @Override
    public void atomicNbi(final AmoOp op, final ValueLayout type, final MemorySegment fetch,
        final SymmetricSegment dest, final long index, final long value, final long compare, final int pe)
    {
        atomics.atomicNbi(op, type, fetch, dest, index, value, compare, pe);
    }

    @Override
    public void setLock(final SymmetricSegment lock)
    {
        checkOpen("setLock");
        locks.setLock(lock);
    }

    @Override
    public boolean testLock(final SymmetricSegment lock)
    {
        checkOpen("testLock");
        return locks.testLock(lock);
    }

    @Override
    public void clearLock(final SymmetricSegment lock)
    {
        checkOpen("clearLock");
        locks.clearLock(lock);
    }

    @Override
    public void pLong(final SymmetricSegment dest, final long index, final long value, final int pe)
    {
        Rma.pLong(dest, index, value, pe);
    }

    @Override
    public long gLong(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gLong(src, index, pe);
    }

    @Override
    public void pFloat(final SymmetricSegment dest, final long index, final float value, final int pe)
    {
        Rma.pFloat(dest, index, value, pe);
    }

    @Override
    public float gFloat(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gFloat(src, index, pe);
    }

    @Override
    public void pDouble(final SymmetricSegment dest, final long index, final double value, final int pe)
    {
        Rma.pDouble(dest, index, value, pe);
    }

    @Override
    public double gDouble(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gDouble(src, index, pe);
    }

    // ---------------------------------------------------------------- ordering and synchronisation

    @Override
    public void quiet()
    {
        // one volatile load, as every data call pays through its segment's liveness check
        checkOpen("quiet");
        ordering.quiet();
    }

    @Override
    public void fence()
    {
        checkOpen("fence");
        ordering.fence();
    }

    @Override
    public void barrierAll()
    {
        final TeamSync plain = plainWorld;
        if (plain != null && plain.unmarkedPlain("barrierAll"))
        {
            plain.syncUnmarked(CollectiveOp.BARRIER_ALL, "barrierAll");
            return;
        }
        checkOpen("barrierAll");
        // in a local: each release store in enter() and sync() would make C2 load the field again
        final TeamSync sync = worldSync;
        if (sync.unmarked("barrierAll"))
        {
            ordering.beforeSync();
            sync.syncUnmarked(CollectiveOp.BARRIER_ALL, "barrierAll");
            return;
        }
        sync.enter("barrierAll");
        try
        {
            ordering.beforeSync();
            sync.sync(CollectiveOp.BARRIER_ALL, "barrierAll");
        }
        finally
        {
            sync.exit();
        }
    }

    @Override
    public void syncAll()
    {
        final TeamSync plain = plainWorld;
        if (plain != null && plain.unmarkedPlain("syncAll"))
        {
            plain.syncUnmarked(CollectiveOp.SYNC_ALL, "syncAll");
            return;
        }
        checkOpen("syncAll");
        // in a local: each release store in enter() and sync() would make C2 load the field again
        final TeamSync sync = worldSync;
        if (sync.unmarked("syncAll"))
        {
            sync.syncUnmarked(CollectiveOp.SYNC_ALL, "syncAll");
            return;
        }
        sync.enter("syncAll");
        try
        {
            sync.sync(CollectiveOp.SYNC_ALL, "syncAll");
        }
        finally
        {
            sync.exit();
        }
    }

    // ---------------------------------------------------------------- collectives on teams

    @Override
    public void barrier(final Team team)
    {
        collectives.barrier(teams.usableSync("barrier", team));
    }

    @Override
    public void broadcast(final Team team, final SymmetricSegment dest, final SymmetricSegment src, final long bytes,
        final int root)
    {
        collectives.broadcast(team, dest, src, bytes, root);
    }

    @Override
    public void collect(final Team team, final SymmetricSegment dest, final SymmetricSegment src, final long bytes)
    {
        collectives.collect(team, dest, src, bytes);
    }

    @Override
    public void fcollect(final Team team, final SymmetricSegment dest, final SymmetricSegment src, final long bytes)
    {
        collectives.fcollect(team, dest, src, bytes);
    }

    @Override
    public void alltoall(final Team team, final SymmetricSegment dest, final SymmetricSegment src, final long bytes)
    {
        collectives.alltoall(team, dest, src, bytes);
    }

    @Override
    public void alltoalls(final Team team, final ValueLayout type, final SymmetricSegment dest,
        final SymmetricSegment src, final long dst, final long sst, final long nelems)
    {
        collectives.alltoalls(team, type, dest, src, dst, sst, nelems);
    }

    @Override
    public void reduce(final Team team, final ReduceOp op, final ReduceType type, final SymmetricSegment dest,
        final SymmetricSegment src, final long nreduce)
    {
        collectives.reduce(team, op, type, dest, src, nreduce);
    }

    @Override
    public long waitUntilLong(final SymmetricSegment ivar, final long index, final Cmp cmp, final long value)
    {
        return waits.waitUntilLong(ivar, index, cmp, value);
    }

    @Override
    public int waitUntilInt(final SymmetricSegment ivar, final long index, final Cmp cmp, final int value)
    {
        return waits.waitUntilInt(ivar, index, cmp, value);
    }

    @Override
    public boolean testLong(final SymmetricSegment ivar, final long index, final Cmp cmp, final long value)
    {
        return Waits.testLong(ivar, index, cmp, value);
    }

    @Override
    public boolean testInt(final SymmetricSegment ivar, final long index, final Cmp cmp, final int value)
    {
        return Waits.testInt(ivar, index, cmp, value);
    }

    @Override
    public void waitUntilAll(final ValueLayout type, final SymmetricSegment ivars, final long index, final int nelems,
        final int[] status, final Cmp cmp, final long value)
    {
        multiWaits.waitUntilAll(type, ivars, index, nelems, status, cmp, value);
    }

    @Override
    public int waitUntilAny(final ValueLayout type, final SymmetricSegment ivars, final long index, final int nelems,
        final int[] status, final Cmp cmp, final long value)
    {
        return multiWaits.waitUntilAny(type, ivars, index, nelems, status, cmp, value);
    }

    @Override
    public int waitUntilSome(final ValueLayout type, final SymmetricSegment ivars, final long index, final int nelems,
        final int[] indices, final int[] status, final Cmp cmp, final long value)
    {
        return multiWaits.waitUntilSome(type, ivars, index, nelems, indices, status, cmp, value);
    }

    @Override
    public void waitUntilAllVector(final ValueLayout type, final SymmetricSegment ivars, final long index,
        final int nelems, final int[] status, final Cmp cmp, final Object values)
    {
        multiWaits.waitUntilAllVector(type, ivars, index, nelems, status, cmp, values);
    }

    @Override
    public int waitUntilAnyVector(final ValueLayout type, final SymmetricSegment ivars, final long index,
        final int nelems, final int[] status, final Cmp cmp, final Object values)
    {
        return multiWaits.waitUntilAnyVector(type, ivars, index, nelems, status, cmp, values);
    }

    @Override
    public int waitUntilSomeVector(final ValueLayout type, final SymmetricSegment ivars, final long index,
        final int nelems, final int[] indices, final int[] status, final Cmp cmp, final Object values)
    {
        return multiWaits.waitUntilSomeVector(type, ivars, index, nelems, indices, status, cmp, values);
    }

    @Override
    public boolean testAll(final ValueLayout type, final SymmetricSegment ivars, final long index, final int nelems,
        final int[] status, final Cmp cmp, final long value)
    {
        return multiWaits.testAll(type, ivars, index, nelems, status, cmp, value);
    }

    @Override
    public int testAny(final ValueLayout type, final SymmetricSegment ivars, final long index, final int nelems,
        final int[] status, final Cmp cmp, final long value)
    {
        return multiWaits.testAny(type, ivars, index, nelems, status, cmp, value);
    }

    @Override
    public int testSome(final ValueLayout type, final SymmetricSegment ivars, final long index, final int nelems,
        final int[] indices, final int[] status, final Cmp cmp, final long value)
    {
        return multiWaits.testSome(type, ivars, index, nelems, indices, status, cmp, value);
    }

    @Override
    public boolean testAllVector(final ValueLayout type, final SymmetricSegment ivars, final long index,
        final int nelems, final int[] status, final Cmp cmp, final Object values)
    {
        return multiWaits.testAllVector(type, ivars, index, nelems, status, cmp, values);
    }

    @Override
    public int testAnyVector(final ValueLayout type, final SymmetricSegment ivars, final long index, final int nelems,
        final int[] status, final Cmp cmp, final Object values)
    {
        return multiWaits.testAnyVector(type, ivars, index, nelems, status, cmp, values);
    }

    @Override
    public int testSomeVector(final ValueLayout type, final SymmetricSegment ivars, final long index, final int nelems,
        final int[] indices, final int[] status, final Cmp cmp, final Object values)
    {
        return multiWaits.testSomeVector(type, ivars, index, nelems, indices, status, cmp, values);
    }

    // ---------------------------------------------------------------- signaling

    @Override
    public void putSignal(final SymmetricSegment dest, final long destOffset, final MemorySegment src,
        final long srcOffset, final long bytes, final SymmetricSegment sig, final long sigIndex, final long signal,
        final SignalOp op, final int pe)
    {
        Signals.putSignal(dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, op, pe);
    }

    @Override
    public void putSignalNbi(final SymmetricSegment dest, final long destOffset, final MemorySegment src,
        final long srcOffset, final long bytes, final SymmetricSegment sig, final long sigIndex, final long signal,
        final SignalOp op, final int pe)
    {
        Signals.putSignalNbi(dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, op, pe);
    }

    @Override
    public CompletableFuture<Void> putSignalOnQueue(final SymmetricSegment dest, final long destOffset,
        final MemorySegment src, final long srcOffset, final long bytes, final SymmetricSegment sig,
        final long sigIndex, final long signal, final SignalOp op, final int pe, final CompletableFuture<?>... dependsOn)
    {
        return signals.putSignalOnQueue(dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, op, pe,
            dependsOn);
    }

    @Override
    public CompletableFuture<Void> putSignalNbiOnQueue(final SymmetricSegment dest, final long destOffset,
        final MemorySegment src, final long srcOffset, final long bytes, final SymmetricSegment sig,
        final long sigIndex, final long signal, final SignalOp op, final int pe, final CompletableFuture<?>... dependsOn)
    {
        return signals.putSignalNbiOnQueue(dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, op, pe,
            dependsOn);
    }

    @Override
    public long signalFetch(final SymmetricSegment sig, final long sigIndex)
    {
        return Signals.signalFetch(sig, sigIndex);
    }

    @Override
    public void signalAdd(final SymmetricSegment sig, final long sigIndex, final long value, final int pe)
    {
        Signals.signalAdd(sig, sigIndex, value, pe);
    }

    @Override
    public void signalSet(final SymmetricSegment sig, final long sigIndex, final long value, final int pe)
    {
        Signals.signalSet(sig, sigIndex, value, pe);
    }

    @Override
    public long signalWaitUntil(final SymmetricSegment sig, final long sigIndex, final Cmp cmp, final long value)
    {
        return signals.signalWaitUntil(sig, sigIndex, cmp, value);
    }

    // ---------------------------------------------------------------- communication contexts

    @Override
    public Context createContext(final long options)
    {
        checkOpen("createContext");
        return teams.createContext("createContext", teams.world(), options);
    }

    @Override
    public Context defaultContext()
    {
        checkOpen("defaultContext");
        return teams.defaultContext();
    }

}
