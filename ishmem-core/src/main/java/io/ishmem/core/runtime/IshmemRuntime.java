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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import java.util.Map;
import java.util.Optional;

/**
 * One PE: its lifetime (start, the device heap, close, the shutdown hook) and its identity and teams; the
 * data calls it inherits from {@link RuntimeCalls}, one-line delegations to the class of their family.
 */
public final class IshmemRuntime extends RuntimeCalls
{
    private static final Logger LOG = LoggerFactory.getLogger(IshmemRuntime.class);
    private final Thread shutdownHook;

    private IshmemRuntime(final JobIdentity identity, final JobMappings mappings, final StartSettings settings,
        final int launcherPidfd)
    {
        super(identity, mappings, settings, launcherPidfd);
        this.shutdownHook = Thread.ofPlatform().unstarted(this::onJvmShutdown);
    }

    static IshmemRuntime start(final Map<String, String> env)
    {
        final InitEvent initEvent = Observe.initBegin();
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
            runtime.connectTransport();
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
        if (ucx == null)
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
