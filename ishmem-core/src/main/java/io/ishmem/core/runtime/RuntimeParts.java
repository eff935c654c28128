package io.ishmem.core.runtime;

import io.ishmem.Ishmem;
import io.ishmem.core.alloc.CollectiveAllocation;
import io.ishmem.core.atomic.AtomicOps;
import io.ishmem.core.atomic.Locks;
import io.ishmem.core.collective.TeamCollectives;
import io.ishmem.core.collective.TeamName;
import io.ishmem.core.collective.TeamSync;
import io.ishmem.core.context.Contexts;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.device.DeviceHeap;
import io.ishmem.core.device.SymmetricDeviceMemory;
import io.ishmem.core.queue.OperationQueue;
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

import java.lang.foreign.MemorySegment;

/**
 * The families of calls a runtime is made of ({@link Rma}, {@link Signals}, {@link Waits}, {@link MultiWaits},
 * {@link AtomicOps}, {@link Locks}, {@link CollectiveAllocation}, {@link TeamCollectives}, {@link Ordering},
 * {@link Contexts}), the heap, the world's sync and the transports under them, and their making, in the order
 * each needs the others. {@link DataCalls} and {@link RuntimeCalls} delegate the calls to them; {@link IshmemRuntime}
 * adds the runtime's life: start, the device heap, close.
 */
abstract class RuntimeParts implements Ishmem
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

    RuntimeParts(final JobIdentity identity, final JobMappings mappings, final StartSettings settings,
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
        this.worldSync = new TeamSync(TeamName.of("WORLD"), TeamRegistry.WORLD_SLOT, world, myPe,
            mappings.controlBlocks, maxTeams, waitStrategy, liveness, remote);
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

}
