package io.ishmem.core.runtime;

import io.ishmem.AmoOp;
import io.ishmem.ReduceOp;
import io.ishmem.ReduceType;
import io.ishmem.Cmp;
import io.ishmem.Context;
import io.ishmem.DeviceMemory;
import io.ishmem.Ishmem;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import io.ishmem.core.alloc.CollectiveAllocation;
import io.ishmem.core.atomic.AtomicOps;
import io.ishmem.core.atomic.Locks;
import io.ishmem.core.collective.CollectiveOp;
import io.ishmem.core.collective.TeamCollectives;
import io.ishmem.core.collective.TeamSync;
import io.ishmem.core.context.Contexts;
import io.ishmem.core.heap.ControlBlock;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.heap.Bytes;
import io.ishmem.core.device.DeviceBackends;
import io.ishmem.core.device.DeviceHeap;
import io.ishmem.core.device.DeviceHeapSetup;
import io.ishmem.core.device.SymmetricDeviceMemory;
import io.ishmem.core.posix.LibC;
import io.ishmem.core.queue.OperationQueue;
import io.ishmem.core.rma.Ordering;
import io.ishmem.core.rma.Rma;
import io.ishmem.core.signal.Signals;
import io.ishmem.core.team.TeamRegistry;
import io.ishmem.core.transport.shm.ShmTransport;
import io.ishmem.core.wait.MultiWaits;
import io.ishmem.core.wait.WaitStrategy;
import io.ishmem.core.wait.Waits;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * One PE: its lifetime (start, close, the shutdown hook, teams) and the {@link Ishmem} implementation,
 * whose data calls are one-line delegations to the class of their family ({@link Rma}, {@link Signals},
 * {@link Waits}, {@link CollectiveAllocation}, {@link Ordering}). Those check every argument once and
 * call the transport of the segment's heap.
 */
public final class IshmemRuntime implements Ishmem
{
    private static final Logger LOG = LoggerFactory.getLogger(IshmemRuntime.class);
    static final int WORLD_SLOT = 0;

    private final JobIdentity identity;
    private final int myPe;
    private final int nPes;
    private final JobMappings mappings;
    private final SymmetricHeap heap;
    private final MemorySegment myBlock;
    private final JobLiveness liveness;
    private final TeamSync worldSync;
    private final TeamRegistry teams;
    private final int launcherPidfd;
    private final Thread shutdownHook;
    private final OperationQueue queue;
    private final Ordering ordering;
    private final Rma rma;
    private final Signals signals;
    private final Waits waits;
    private final MultiWaits multiWaits;
    private final AtomicOps atomics;
    private final Locks locks;
    private final CollectiveAllocation allocation;
    private final TeamCollectives collectives;
    private final Contexts contexts;
    // set at most once, in start, before the runtime is returned to the user
    private DeviceHeap deviceHeap;
    private SymmetricDeviceMemory deviceMemory;
    private volatile boolean closed;

    private IshmemRuntime(final JobIdentity identity, final JobMappings mappings, final StartSettings settings,
        final int launcherPidfd)
    {
        this.identity = identity;
        this.myPe = identity.pe();
        this.nPes = identity.nPes();
        this.mappings = mappings;
        final int maxTeams = settings.maxTeams();
        final WaitStrategy waitStrategy = settings.waitStrategy();
        // the host heaps are served by shared memory; a device heap, when there is one, brings its own transport
        final ShmTransport shm = new ShmTransport(myPe, mappings.heaps);
        this.heap = new SymmetricHeap(myPe, mappings.heaps, shm);
        this.ordering = new Ordering(shm);
        this.myBlock = mappings.controlBlocks[myPe];
        this.launcherPidfd = launcherPidfd;
        this.liveness = new JobLiveness(myPe, mappings.controlBlocks, mappings.pidfds, mappings.pids, launcherPidfd,
            identity.launcherPid(), settings.stoppedTimeoutNs(), mappings::clash);
        final int[] world = new int[nPes];
        for (int pe = 0; pe < nPes; pe++)
        {
            world[pe] = pe;
        }
        this.worldSync = new TeamSync("WORLD", WORLD_SLOT, world, myPe, mappings.controlBlocks, maxTeams, waitStrategy,
            liveness);
        this.shutdownHook = Thread.ofPlatform().unstarted(this::onJvmShutdown);
        this.queue = new OperationQueue("ishmem-queue-pe" + myPe);
        this.rma = new Rma(heap, myPe);
        this.signals = new Signals(heap, queue, waitStrategy, liveness);
        this.waits = new Waits(heap, waitStrategy, liveness);
        this.multiWaits = new MultiWaits(heap, waitStrategy, liveness);
        this.atomics = new AtomicOps(heap);
        this.locks = new Locks(heap, ordering, waitStrategy, liveness);
        this.allocation = new CollectiveAllocation(heap, worldSync, ordering, myPe);
        // a device segment exists only once the device heap does, so its transport is asked for only then
        this.contexts = new Contexts(myPe, rma, signals, atomics, ordering, shm, () -> deviceHeap.transport(),
            settings.maxContexts());
        this.teams = new TeamRegistry(myPe, nPes, mappings.controlBlocks, maxTeams, worldSync, waitStrategy, liveness,
            () -> closed, contexts);
        this.collectives = new TeamCollectives(heap, ordering, teams::enterCollective);
    }

    static IshmemRuntime start(final Map<String, String> env)
    {
        final JobIdentity identity = JobIdentity.fromEnvironment(env);
        MDC.put("pe", Integer.toString(identity.pe()));
        final StartSettings settings = StartSettings.read(env, identity);
        // init waits for the other PEs, in the rendezvous and then at the first barrier, no longer than this
        final long arrivalDeadlineNs = System.nanoTime() + settings.bootTimeoutNs();
        int launcherPidfd = -1;
        if (identity.launcherPid() > 0)
        {
            launcherPidfd = LibC.pidfdOpen(identity.launcherPid());
        }
        final JobMappings mappings;
        try
        {
            mappings = Bootstrap.start(identity, settings.heapSize(), settings.maxTeams(),
                Config.HEAP_SHARING.raw(env), arrivalDeadlineNs);
        }
        catch (final RuntimeException ex)
        {
            LibC.closeQuietly(launcherPidfd);
            throw ex;
        }
        final IshmemRuntime runtime = new IshmemRuntime(identity, mappings, settings, launcherPidfd);
        Runtime.getRuntime().addShutdownHook(runtime.shutdownHook);
        ControlBlock.putState(runtime.myBlock, ControlBlock.STATE_RUNNING);
        try
        {
            runtime.liveness.expectArrivalBy(arrivalDeadlineNs);
            runtime.worldSync.sync(CollectiveOp.INIT, "init");
            runtime.liveness.expectArrivalBy(0);
            runtime.mappings.checkNoClash();
            runtime.startDevice(Config.DEVICE.raw(env), settings.deviceHeapSize());
        }
        catch (final RuntimeException ex)
        {
            runtime.release(ControlBlock.STATE_FAILED);
            throw ex;
        }
        settings.log(identity, mappings.sharing, env);
        // the thread that starts ishmem is the one that waits, as a rule: its parks then end when asked, not
        // up to the default 50 us later, which a peer waiting on this PE would pay at every barrier
        LibC.setTimerSlack(1);
        try
        {
            Warmup.run(runtime, settings.warmupCalls());
        }
        catch (final RuntimeException ex)
        {
            runtime.release(ControlBlock.STATE_FAILED);
            throw ex;
        }
        if (runtime.deviceHeap != null && identity.pe() == 0)
        {
            LOG.info("device heap of {} per PE on {}", Bytes.describe(settings.deviceHeapSize()),
                runtime.deviceHeap.backend().describe());
        }
        return runtime;
    }

    /**
     * Collective: sets up the device heap beside the host heap when ISHMEM_DEVICE asks for one and, with
     * auto, when a backend serves every PE; every PE ends with one, or none, or the same failure.
     */
    private void startDevice(final String mode, final long heapSize)
    {
        if (DeviceHeapSetup.NONE.equals(mode))
        {
            return;
        }
        final DeviceHeap opened;
        try (HostRecordExchange exchange = new HostRecordExchange(heap, worldSync, allocation, mappings, myPe))
        {
            opened = DeviceHeapSetup.open(mode, heapSize, myPe, nPes, DeviceBackends.FACTORIES, exchange);
        }
        if (opened == null)
        {
            return;
        }
        final SymmetricHeap deviceSymmetricHeap = SymmetricHeap.device(heap, heapSize, opened.transport());
        ordering.add(opened.transport());
        deviceHeap = opened;
        deviceMemory = new SymmetricDeviceMemory(opened, heap, deviceSymmetricHeap,
            new CollectiveAllocation(deviceSymmetricHeap, worldSync, ordering, myPe), myPe);
    }

    @Override
    public int myPe()
    {
        checkOpen("myPe");
        return myPe;
    }

    @Override
    public int nPes()
    {
        checkOpen("nPes");
        return nPes;
    }

    @Override
    public long symmetricHeapSize()
    {
        checkOpen("symmetricHeapSize");
        return heap.heapSize();
    }

    @Override
    public Team teamWorld()
    {
        checkOpen("teamWorld");
        return teams.world();
    }

    @Override
    public Team teamShared()
    {
        checkOpen("teamShared");
        return teams.shared();
    }

    @Override
    public Team teamNode()
    {
        checkOpen("teamNode");
        return teams.shared();
    }

    private void checkOpen(final String call)
    {
        if (closed)
        {
            heap.checkOpen(call);
        }
    }

    // ---------------------------------------------------------------- lifetime

    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        try
        {
            // queued puts and signals land before the peers are told this PE is done
            queue.close();
            // every context's operations land too (its implicit quiet), and its device queue goes before the heap
            contexts.close();
            ordering.quiet();
            worldSync.sync(CollectiveOp.CLOSE, "close");
            // a process of another job that came to the rendezvous while this one ran: this job must not end well
            mappings.checkNoClash();
            release(ControlBlock.STATE_CLOSED);
        }
        catch (final RuntimeException ex)
        {
            release(ControlBlock.STATE_FAILED);
            throw ex;
        }
    }

    private void release(final long finalState)
    {
        closed = true;
        heap.markClosed();
        if (finalState != ControlBlock.STATE_FAILED || ControlBlock.state(myBlock) != ControlBlock.STATE_ABORTED)
        {
            ControlBlock.putState(myBlock, finalState);
        }
        contexts.release();
        closeDevice();
        try
        {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        }
        catch (final IllegalStateException ignored)
        {
            // the JVM is already shutting down: the hook runs or ran, and the state is final either way
        }
        liveness.close();
        mappings.close();
        LibC.closeQuietly(launcherPidfd);
        CoreProvider.closed(this);
    }

    private void closeDevice()
    {
        if (deviceHeap != null)
        {
            try
            {
                deviceHeap.close();
            }
            catch (final RuntimeException ex)
            {
                // the job is over either way; the driver frees what is left when the process exits
                LOG.warn("closing the device heap: {}", ex.getMessage());
            }
        }
    }

    @Override
    public Optional<DeviceMemory> device()
    {
        checkOpen("device");
        return Optional.ofNullable(deviceMemory);
    }

    private void onJvmShutdown()
    {
        if (!closed && ControlBlock.state(myBlock) == ControlBlock.STATE_RUNNING)
        {
            // peers waiting for this PE learn at once that it is gone, without waiting for the pidfd poll;
            // an ABORTED PE stays ABORTED, so its peers keep naming the PE that failed first
            ControlBlock.putState(myBlock, ControlBlock.STATE_FAILED);
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
        rma.put(dest, destOffset, src, srcOffset, bytes, pe);
    }

    @Override
    public void putNbi(final SymmetricSegment dest, final long destOffset, final MemorySegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        rma.putNbi(dest, destOffset, src, srcOffset, bytes, pe);
    }

    @Override
    public void get(final MemorySegment dest, final long destOffset, final SymmetricSegment src, final long srcOffset,
        final long bytes, final int pe)
    {
        rma.get(dest, destOffset, src, srcOffset, bytes, pe);
    }

    @Override
    public void getNbi(final MemorySegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        rma.getNbi(dest, destOffset, src, srcOffset, bytes, pe);
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
        rma.pByte(dest, index, value, pe);
    }

    @Override
    public byte gByte(final SymmetricSegment src, final long index, final int pe)
    {
        return rma.gByte(src, index, pe);
    }

    @Override
    public void pShort(final SymmetricSegment dest, final long index, final short value, final int pe)
    {
        rma.pShort(dest, index, value, pe);
    }

    @Override
    public short gShort(final SymmetricSegment src, final long index, final int pe)
    {
        return rma.gShort(src, index, pe);
    }

    @Override
    public void pChar(final SymmetricSegment dest, final long index, final char value, final int pe)
    {
        rma.pChar(dest, index, value, pe);
    }

    @Override
    public char gChar(final SymmetricSegment src, final long index, final int pe)
    {
        return rma.gChar(src, index, pe);
    }

    @Override
    public void pInt(final SymmetricSegment dest, final long index, final int value, final int pe)
    {
        rma.pInt(dest, index, value, pe);
    }

    @Override
    public int gInt(final SymmetricSegment src, final long index, final int pe)
    {
        return rma.gInt(src, index, pe);
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
        rma.pLong(dest, index, value, pe);
    }

    @Override
    public long gLong(final SymmetricSegment src, final long index, final int pe)
    {
        return rma.gLong(src, index, pe);
    }

    @Override
    public void pFloat(final SymmetricSegment dest, final long index, final float value, final int pe)
    {
        rma.pFloat(dest, index, value, pe);
    }

    @Override
    public float gFloat(final SymmetricSegment src, final long index, final int pe)
    {
        return rma.gFloat(src, index, pe);
    }

    @Override
    public void pDouble(final SymmetricSegment dest, final long index, final double value, final int pe)
    {
        rma.pDouble(dest, index, value, pe);
    }

    @Override
    public double gDouble(final SymmetricSegment src, final long index, final int pe)
    {
        return rma.gDouble(src, index, pe);
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
        checkOpen("barrierAll");
        worldSync.enter("barrierAll");
        try
        {
            ordering.quiet();
            worldSync.sync(CollectiveOp.BARRIER_ALL, "barrierAll");
        }
        finally
        {
            worldSync.exit();
        }
    }

    @Override
    public void syncAll()
    {
        checkOpen("syncAll");
        worldSync.enter("syncAll");
        try
        {
            worldSync.sync(CollectiveOp.SYNC_ALL, "syncAll");
        }
        finally
        {
            worldSync.exit();
        }
    }

    // ---------------------------------------------------------------- collectives on teams

    @Override
    public void barrier(final Team team)
    {
        collectives.barrier(team);
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
        return waits.testLong(ivar, index, cmp, value);
    }

    @Override
    public boolean testInt(final SymmetricSegment ivar, final long index, final Cmp cmp, final int value)
    {
        return waits.testInt(ivar, index, cmp, value);
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
        signals.putSignal(dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, op, pe);
    }

    @Override
    public void putSignalNbi(final SymmetricSegment dest, final long destOffset, final MemorySegment src,
        final long srcOffset, final long bytes, final SymmetricSegment sig, final long sigIndex, final long signal,
        final SignalOp op, final int pe)
    {
        signals.putSignalNbi(dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, op, pe);
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
        return signals.signalFetch(sig, sigIndex);
    }

    @Override
    public void signalAdd(final SymmetricSegment sig, final long sigIndex, final long value, final int pe)
    {
        signals.signalAdd(sig, sigIndex, value, pe);
    }

    @Override
    public void signalSet(final SymmetricSegment sig, final long sigIndex, final long value, final int pe)
    {
        signals.signalSet(sig, sigIndex, value, pe);
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

    @Override
    public String toString()
    {
        return "Ishmem[pe=" + myPe + ", nPes=" + nPes + ", job=" + identity.jobId() + (closed ? ", closed]" : "]");
    }
}
