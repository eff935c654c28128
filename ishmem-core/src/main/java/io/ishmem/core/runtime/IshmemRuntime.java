package io.ishmem.core.runtime;

import io.ishmem.DeviceMemory;
import io.ishmem.Ishmem;
import io.ishmem.Team;
import io.ishmem.core.alloc.CollectiveAllocation;
import io.ishmem.core.collective.CollectiveOp;
import io.ishmem.core.heap.ControlBlock;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.observe.CloseEvent;
import io.ishmem.core.observe.InitEvent;
import io.ishmem.core.observe.Observe;
import io.ishmem.core.transport.ucx.UcxTransport;
import io.ishmem.core.heap.Bytes;
import io.ishmem.core.device.DeviceBackends;
import io.ishmem.core.device.DeviceHeap;
import io.ishmem.core.device.DeviceHeapSetup;
import io.ishmem.core.device.SymmetricDeviceMemory;
import io.ishmem.core.posix.LibC;
import io.ishmem.core.rendezvous.RendezvousClient;
import io.ishmem.IshmemConfigException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Map;
import java.util.Optional;

/**
 * One PE: its lifetime (start, the device heap, close, the shutdown hook) and its identity and teams; the
 * calls it inherits from {@link RuntimeCalls} and {@link DataCalls}, one-line delegations to the class of their
 * family, made in {@link RuntimeParts}.
 */
public final class IshmemRuntime extends RuntimeCalls
{
    private static final Logger LOG = LoggerFactory.getLogger(IshmemRuntime.class);
    private final Thread shutdownHook;

    private IshmemRuntime(final JobIdentity identity, final JobMappings mappings, final StartSettings settings,
        final int launcherPidfd, final NodeMap nodes, final RendezvousClient rendezvous)
    {
        super(identity, mappings, settings, launcherPidfd, nodes, rendezvous);
        this.shutdownHook = Thread.ofPlatform().unstarted(this::onJvmShutdown);
    }

    static IshmemRuntime start(final Map<String, String> env)
    {
        final InitEvent initEvent = Observe.initBegin();
        final JobIdentity identity = JobIdentity.fromEnvironment(env);
        MDC.put("pe", Integer.toString(identity.pe()));
        // init waits for the other PEs, in the rendezvous and then at the first barrier, no longer than this
        final StartSettings read = StartSettings.read(env, identity);
        final long arrivalDeadlineNs = System.nanoTime() + read.bootTimeoutNs();
        final RendezvousClient rendezvous = joinRendezvous(env, identity, arrivalDeadlineNs);
        final NodeMap nodes;
        final StartSettings settings;
        int launcherPidfd = -1;
        JobMappings mappings = null;
        final IshmemRuntime runtime;
        try
        {
            if (rendezvous == null)
            {
                NodeMap.requireOneHost(env, identity.nPes());
            }
            nodes = rendezvous != null ? NodeMap.gather(rendezvous, identity.nPes(), arrivalDeadlineNs) :
                NodeMap.single(identity.nPes());
            settings = read.acrossNodes(nodes.count(), env);
            // ishmemrun is this PE's parent process only on its own host; on another, the rendezvous watches it
            if (identity.launcherPid() > 0 && rendezvous == null)
            {
                launcherPidfd = LibC.pidfdOpen(identity.launcherPid());
            }
            mappings = Bootstrap.start(identity, nodes, settings.heapSize(), settings.maxTeams(),
                settings.counterBarrier(), Config.HEAP_SHARING.raw(env), arrivalDeadlineNs);
            runtime = new IshmemRuntime(identity, mappings, settings, launcherPidfd, nodes, rendezvous);
        }
        catch (final RuntimeException ex)
        {
            if (mappings != null)
            {
                mappings.close();
            }
            LibC.closeQuietly(launcherPidfd);
            if (rendezvous != null)
            {
                // the PEs of other nodes hear of it from the launcher at once, not at their boot timeout
                rendezvous.abort("PE " + identity.pe() + " failed to start: " + ex.getMessage());
                rendezvous.close();
            }
            throw ex;
        }
        Runtime.getRuntime().addShutdownHook(runtime.shutdownHook);
        ControlBlock.putState(runtime.myBlock, ControlBlock.STATE_RUNNING);
        try
        {
            // across nodes the world barrier itself runs over UCX: connected first, through the rendezvous
            runtime.connectAcrossNodes(arrivalDeadlineNs);
            runtime.liveness.expectArrivalBy(arrivalDeadlineNs);
            runtime.worldSync.sync(CollectiveOp.INIT, "init");
            runtime.liveness.expectArrivalBy(0);
            runtime.mappings.checkNoClash();
            runtime.connectTransport();
            runtime.startDevice(Config.DEVICE.raw(env), settings.deviceHeapSize());
            // the transports are final now; before warm-up, which compiles the path this opens
            runtime.openPlainWorld();
        }
        catch (final RuntimeException ex)
        {
            runtime.release(ControlBlock.STATE_FAILED);
            throw ex;
        }
        settings.log(identity, nodes.count(), mappings.sharing, env);
        // the thread that starts ishmem is the one that waits, as a rule: its parks then end when asked, not
        // up to the default 50 us later, which a peer waiting on this PE would pay at every barrier
        LibC.setTimerSlack(1);
        try
        {
            Observe.warmingUp(true);
            Warmup.run(runtime, settings.warmupCalls());
        }
        catch (final RuntimeException ex)
        {
            runtime.release(ControlBlock.STATE_FAILED);
            throw ex;
        }
        finally
        {
            Observe.warmingUp(false);
        }
        Observe.started(initEvent, identity.pe(), identity.nPes(), identity.jobId(), settings.heapSize(),
            settings.transportName(), mappings.sharing, settings.waitStrategy().alias(), StartSettings.describe(env));
        if (runtime.deviceHeap != null && identity.pe() == 0)
        {
            LOG.info("device heap of {} per PE on {}", Bytes.describe(settings.deviceHeapSize()),
                runtime.deviceHeap.backend().describe());
        }
        return runtime;
    }

    /**
     * Collective: with ISHMEM_TRANSPORT=ucx, publishes this PE's UCX worker address and heap key to every PE
     * and connects to each of theirs; the exchange goes through the host heaps' shared mappings.
     */
    private void connectTransport()
    {
        if (ucx == null || nodes.count() > 1)
        {
            return;
        }
        try (HostRecordExchange exchange = new HostRecordExchange(heap, worldSync, allocation, mappings, myPe,
            UcxTransport.RECORD_BYTES))
        {
            ucx.connect(exchange.allGather(ucx.record()));
        }
    }

    /**
     * @return the connection to the launcher's rendezvous when ISHMEM_RENDEZVOUS names one (a job that may span
     *         hosts), after proving the job's secret; null for a job on one host.
     */
    private static RendezvousClient joinRendezvous(final Map<String, String> env, final JobIdentity identity,
        final long deadlineNs)
    {
        if (!Config.RENDEZVOUS.isSet(env) || identity.nPes() == 1)
        {
            return null;
        }
        if (identity.secret().isEmpty())
        {
            throw new IshmemConfigException(Config.RENDEZVOUS.envName() + " is set but " +
                Config.JOB_SECRET.envName() + " is not: a PE proves the job's secret to the rendezvous");
        }
        final long silenceNs = Config.RENDEZVOUS_TIMEOUT.durationNs(env);
        if (silenceNs < 1_000_000_000L)
        {
            throw new IshmemConfigException(Config.RENDEZVOUS_TIMEOUT.envName() + "=" +
                Config.RENDEZVOUS_TIMEOUT.raw(env) + " must be at least 1s: the rendezvous beats every second");
        }
        return RendezvousClient.connect(Config.RENDEZVOUS.raw(env), identity.jobId(), identity.secret(),
            identity.pe(), identity.nPes(), deadlineNs, silenceNs / 1_000_000L);
    }

    /**
     * Collective, for a job across nodes: every PE's UCX record (worker address, key of its control block and heap)
     * goes to every PE through the launcher's rendezvous, and each connects to all; the world barrier needs it.
     */
    private void connectAcrossNodes(final long deadlineNs)
    {
        if (nodes.count() == 1)
        {
            return;
        }
        final MemorySegment record = ucx.record();
        final byte[][] records = rendezvous.allGather(record.asSlice(0, ucx.recordLength()).toArray(
            ValueLayout.JAVA_BYTE), deadlineNs);
        try (Arena copies = Arena.ofConfined())
        {
            final MemorySegment[] peers = new MemorySegment[records.length];
            for (int pe = 0; pe < records.length; pe++)
            {
                // native and aligned, as the exchange over the heaps gives them
                peers[pe] = copies.allocate(Math.max(records[pe].length, UcxTransport.RECORD_BYTES), 8);
                MemorySegment.copy(records[pe], 0, peers[pe], ValueLayout.JAVA_BYTE, 0, records[pe].length);
            }
            ucx.connect(peers);
        }
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
        if (nodes.count() > 1)
        {
            if (!DeviceHeapSetup.AUTO.equals(mode))
            {
                throw new IshmemConfigException("ISHMEM_DEVICE=" + mode + " but the job's PEs are on " +
                    nodes.count() + " nodes: device heaps are shared through IPC handles within a node only (use " +
                    "auto or none)");
            }
            if (myPe == 0)
            {
                LOG.info("no device heap: the job's PEs are on {} nodes, and device heaps join the PEs of one node",
                    nodes.count());
            }
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


    // ---------------------------------------------------------------- lifetime

    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        final CloseEvent closeEvent = Observe.closeBegin();
        try
        {
            // queued puts and signals land before the peers are told this PE is done
            queue.close();
            // every context's operations land too (its implicit quiet), and its device queue goes before the heap
            contexts.close();
            ordering.quiet();
            if (ucx != null)
            {
                // a call of another thread that races close ends refused, not talking to a peer that has closed
                ucx.refuseDataCalls();
            }
            worldSync.sync(CollectiveOp.CLOSE, "close");
            // a process of another job that came to the rendezvous while this one ran: this job must not end well
            mappings.checkNoClash();
            Observe.closed(closeEvent, myPe, heap.liveAllocations(), heap.usedBytes());
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
        closePlainWorld();
        closed = true;
        heap.markClosed();
        if (finalState != ControlBlock.STATE_FAILED || ControlBlock.state(myBlock) != ControlBlock.STATE_ABORTED)
        {
            ControlBlock.putState(myBlock, finalState);
        }
        contexts.release();
        closeDevice();
        if (ucx != null)
        {
            // before the heap is unmapped: UCX still holds its registration
            ucx.close();
        }
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
        if (rendezvous != null)
        {
            if (finalState != ControlBlock.STATE_CLOSED)
            {
                // the PEs of other nodes hear of it from the launcher at once, not when this process exits
                rendezvous.abort("PE " + myPe + " on " + nodes.host(myPe) + " stopped with an error");
            }
            rendezvous.close();
        }
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

    @Override
    public String toString()
    {
        return "Ishmem[pe=" + myPe + ", nPes=" + nPes + ", job=" + identity.jobId() + (closed ? ", closed]" : "]");
    }
}
