package io.ishmem.core.runtime;

import io.ishmem.Cmp;
import io.ishmem.Ishmem;
import io.ishmem.IshmemConfigException;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import io.ishmem.core.collective.CollectiveOp;
import io.ishmem.core.collective.TeamSync;
import io.ishmem.core.heap.Bytes;
import io.ishmem.core.heap.ControlBlock;
import io.ishmem.core.heap.HeapSegment;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.posix.LibC;
import io.ishmem.core.team.TeamRegistry;
import io.ishmem.core.transport.ShmSignals;
import io.ishmem.core.wait.WaitStrategy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * One PE: the {@link Ishmem} implementation over host shared memory. Arguments are checked here, once;
 * the data paths below are a {@code MemorySegment.copy} or a {@code VarHandle} access on the target
 * PE's mapping, with nothing allocated and no lock taken.
 */
public final class IshmemRuntime implements Ishmem
{
    private static final Logger LOG = LoggerFactory.getLogger(IshmemRuntime.class);
    static final int WORLD_SLOT = 0;

    private static final VarHandle BYTE = ValueLayout.JAVA_BYTE.varHandle();
    private static final VarHandle SHORT = ValueLayout.JAVA_SHORT.varHandle();
    private static final VarHandle CHAR = ValueLayout.JAVA_CHAR.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle FLOAT = ValueLayout.JAVA_FLOAT.varHandle();
    private static final VarHandle DOUBLE = ValueLayout.JAVA_DOUBLE.varHandle();

    private final JobIdentity identity;
    private final int myPe;
    private final int nPes;
    private final JobMappings mappings;
    private final SymmetricHeap heap;
    private final MemorySegment localHeap;
    private final MemorySegment myBlock;
    private final JobLiveness liveness;
    private final WaitStrategy waitStrategy;
    private final TeamSync worldSync;
    private final TeamRegistry teams;
    private final Heartbeat heartbeat;
    private final int launcherPidfd;
    private final Thread shutdownHook;
    private final int maxTeams;
    private final OperationQueue queue;
    private volatile boolean closed;

    private IshmemRuntime(final JobIdentity identity, final JobMappings mappings, final int maxTeams,
        final WaitStrategy waitStrategy, final int launcherPidfd, final long heartbeatIntervalNs,
        final long heartbeatTimeoutNs)
    {
        this.identity = identity;
        this.myPe = identity.pe();
        this.nPes = identity.nPes();
        this.mappings = mappings;
        this.maxTeams = maxTeams;
        this.heap = new SymmetricHeap(myPe, mappings.heaps);
        this.localHeap = heap.localHeap();
        this.myBlock = mappings.controlBlocks[myPe];
        this.launcherPidfd = launcherPidfd;
        this.liveness = new JobLiveness(myPe, mappings.controlBlocks, mappings.pidfds, mappings.pids,
            heartbeatTimeoutNs);
        this.waitStrategy = waitStrategy;
        final int[] world = new int[nPes];
        for (int pe = 0; pe < nPes; pe++)
        {
            world[pe] = pe;
        }
        this.worldSync = new TeamSync("WORLD", WORLD_SLOT, world, myPe, mappings.controlBlocks, maxTeams, waitStrategy,
            liveness);
        this.teams = new TeamRegistry(myPe, nPes, mappings.controlBlocks, maxTeams, worldSync, waitStrategy, liveness,
            () -> closed);
        this.heartbeat = new Heartbeat(myPe, myBlock, heartbeatIntervalNs, launcherPidfd, identity.launcherPid(),
            liveness);
        this.shutdownHook = Thread.ofPlatform().unstarted(this::onJvmShutdown);
        this.queue = new OperationQueue("ishmem-queue-pe" + myPe);
    }

    static IshmemRuntime start(final Map<String, String> env)
    {
        final JobIdentity identity = JobIdentity.fromEnvironment(env);
        MDC.put("pe", Integer.toString(identity.pe()));
        final long heapSize = Config.SYMMETRIC_SIZE.size(env);
        if (heapSize < 4096 || heapSize % 4096 != 0)
        {
            throw new IshmemConfigException("ISHMEM_SYMMETRIC_SIZE=" + Config.SYMMETRIC_SIZE.raw(env) +
                " must be a multiple of 4 KiB and at least 4K");
        }
        final int maxTeams = Config.MAX_TEAMS.intValue(env, 3, 1 << 20);
        final WaitStrategy waitStrategy = WaitStrategy.of(Config.WAIT_STRATEGY.raw(env),
            waitSpins(env, identity.nPes()), Config.WAIT_YIELDS.intValue(env, 0, Integer.MAX_VALUE),
            Config.WAIT_PARK_MIN.durationNs(env), Config.WAIT_PARK_MAX.durationNs(env));
        final long heartbeatIntervalNs = Config.HEARTBEAT_INTERVAL.durationNs(env);
        final long heartbeatTimeoutNs = Config.HEARTBEAT_TIMEOUT.durationNs(env);
        if (heartbeatTimeoutNs < 2 * heartbeatIntervalNs)
        {
            throw new IshmemConfigException("ISHMEM_HEARTBEAT_TIMEOUT=" + Config.HEARTBEAT_TIMEOUT.raw(env) +
                " must be at least twice ISHMEM_HEARTBEAT_INTERVAL=" + Config.HEARTBEAT_INTERVAL.raw(env));
        }
        if (identity.pe() == 0)
        {
            warnUnknownVariables(env);
        }
        int launcherPidfd = -1;
        if (identity.launcherPid() > 0)
        {
            launcherPidfd = LibC.pidfdOpen(identity.launcherPid());
        }
        final JobMappings mappings;
        try
        {
            mappings = Bootstrap.start(identity, heapSize, maxTeams, Config.HEAP_SHARING.raw(env),
                Config.BOOT_TIMEOUT.durationNs(env));
        }
        catch (final RuntimeException ex)
        {
            LibC.closeQuietly(launcherPidfd);
            throw ex;
        }
        final IshmemRuntime runtime = new IshmemRuntime(identity, mappings, maxTeams, waitStrategy, launcherPidfd,
            heartbeatIntervalNs, heartbeatTimeoutNs);
        runtime.heartbeat.start();
        Runtime.getRuntime().addShutdownHook(runtime.shutdownHook);
        ControlBlock.putState(runtime.myBlock, ControlBlock.STATE_RUNNING);
        try
        {
            runtime.worldSync.sync(CollectiveOp.INIT, "init");
        }
        catch (final RuntimeException ex)
        {
            runtime.release(ControlBlock.STATE_FAILED);
            throw ex;
        }
        final String settings = "PE " + identity.pe() + " of " + identity.nPes() + " (job " + identity.jobId() +
            ", from " + identity.source() + "): symmetric heap " + Bytes.describe(heapSize) +
            ", heap sharing " + mappings.sharing + ", wait " + waitStrategy.alias();
        if (identity.pe() == 0 || DebugChecks.ENABLED)
        {
            LOG.info("ishmem4j started: {}", settings);
        }
        if (DebugChecks.ENABLED)
        {
            for (final Config config : Config.values())
            {
                LOG.info("PE {} {}={}", identity.pe(), config.envName(), config.raw(env));
            }
        }
        else
        {
            LOG.debug("ishmem4j started: {}", settings);
        }
        return runtime;
    }

    private static int waitSpins(final Map<String, String> env, final int nPes)
    {
        if (Config.WAIT_SPINS.raw(env).equals("auto"))
        {
            // a spinning waiter on an oversubscribed host holds the core the PE it waits for needs
            return nPes > Runtime.getRuntime().availableProcessors() ? 20 : 10_000;
        }
        return Config.WAIT_SPINS.intValue(env, 0, Integer.MAX_VALUE);
    }

    private static void warnUnknownVariables(final Map<String, String> env)
    {
        for (final String name : env.keySet())
        {
            if (name.startsWith("ISHMEM_") && !Config.isKnown(name))
            {
                LOG.warn("unknown variable {} is ignored (see docs/configuration.md)", name);
            }
        }
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
            quiet();
            worldSync.sync(CollectiveOp.CLOSE, "close");
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
        heartbeat.stop();
        try
        {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        }
        catch (final IllegalStateException ignored)
        {
            // the JVM is already shutting down: the hook runs or ran, and the state is final either way
        }
        mappings.close();
        LibC.closeQuietly(launcherPidfd);
        CoreProvider.closed(this);
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
        if (bytes < 0)
        {
            throw new IllegalArgumentException("malloc: bytes=" + bytes + " is negative");
        }
        return allocate(CollectiveOp.MALLOC, bytes, 64);
    }

    @Override
    public SymmetricSegment calloc(final long count, final MemoryLayout elementLayout)
    {
        checkOpen("calloc");
        Objects.requireNonNull(elementLayout, "calloc: elementLayout");
        if (count < 0)
        {
            throw new IllegalArgumentException("calloc: count=" + count + " is negative");
        }
        final long bytes;
        try
        {
            bytes = Math.multiplyExact(count, elementLayout.byteSize());
        }
        catch (final ArithmeticException ex)
        {
            throw new IllegalArgumentException("calloc: count=" + count + " x " + elementLayout.byteSize() +
                " bytes overflows a long", ex);
        }
        final HeapSegment segment = allocate(CollectiveOp.CALLOC, bytes, Math.max(64, elementLayout.byteAlignment()));
        segment.local().fill((byte)0);
        // no PE may put into a peer's copy before that peer has cleared it
        worldSync.sync(CollectiveOp.CALLOC, "calloc");
        return segment;
    }

    @Override
    public SymmetricSegment align(final long alignment, final long bytes)
    {
        checkOpen("align");
        if (alignment < 1 || Long.bitCount(alignment) != 1)
        {
            throw new IllegalArgumentException("align: alignment=" + alignment + " is not a power of two >= 1");
        }
        if (alignment > heap.heapSize())
        {
            throw new IllegalArgumentException("align: alignment=" + alignment + " exceeds the symmetric heap size " +
                heap.heapSize());
        }
        if (bytes < 0)
        {
            throw new IllegalArgumentException("align: bytes=" + bytes + " is negative");
        }
        return allocate(CollectiveOp.ALIGN, bytes, alignment);
    }

    private HeapSegment allocate(final CollectiveOp op, final long bytes, final long alignment)
    {
        final long seq = worldSync.announce(op, bytes, alignment);
        worldSync.sync(op, op.callName());
        worldSync.agree(seq, op, (size, align) -> size + " bytes aligned to " + align);
        return heap.allocate(op.callName(), bytes, alignment);
    }

    @Override
    public void free(final SymmetricSegment segment)
    {
        checkOpen("free");
        final HeapSegment checked = heap.checkFreeable("free", segment);
        final long seq = worldSync.announce(CollectiveOp.FREE, checked.heapOffset(), checked.byteSize());
        quiet();
        worldSync.sync(CollectiveOp.FREE, "free");
        worldSync.agree(seq, CollectiveOp.FREE, (offset, size) -> "the segment at heap offset " + offset + " (" +
            size + " bytes)");
        heap.release(checked);
    }

    // ---------------------------------------------------------------- RMA

    @Override
    public void put(final SymmetricSegment dest, final long destOffset, final MemorySegment src, final long srcOffset,
        final long bytes, final int pe)
    {
        final long at = heap.rangeOffset("put", "dest", dest, destOffset, bytes);
        heap.checkPe("put", pe);
        checkLocal("put", "src", src, srcOffset, bytes);
        MemorySegment.copy(src, srcOffset, heap.peerHeap(pe), at, bytes);
    }

    @Override
    public void putNbi(final SymmetricSegment dest, final long destOffset, final MemorySegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        final long at = heap.rangeOffset("putNbi", "dest", dest, destOffset, bytes);
        heap.checkPe("putNbi", pe);
        checkLocal("putNbi", "src", src, srcOffset, bytes);
        // shared memory completes the copy at once; quiet and fence still give the ordering they promise
        MemorySegment.copy(src, srcOffset, heap.peerHeap(pe), at, bytes);
    }

    @Override
    public void get(final MemorySegment dest, final long destOffset, final SymmetricSegment src, final long srcOffset,
        final long bytes, final int pe)
    {
        final long at = heap.rangeOffset("get", "src", src, srcOffset, bytes);
        heap.checkPe("get", pe);
        checkLocal("get", "dest", dest, destOffset, bytes);
        MemorySegment.copy(heap.peerHeap(pe), at, dest, destOffset, bytes);
    }

    @Override
    public void getNbi(final MemorySegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        final long at = heap.rangeOffset("getNbi", "src", src, srcOffset, bytes);
        heap.checkPe("getNbi", pe);
        checkLocal("getNbi", "dest", dest, destOffset, bytes);
        MemorySegment.copy(heap.peerHeap(pe), at, dest, destOffset, bytes);
    }

    private static void checkLocal(final String call, final String name, final MemorySegment segment,
        final long offset, final long bytes)
    {
        if (offset < 0 || offset > segment.byteSize() - bytes)
        {
            throw outsideLocal(call, name, segment, offset, bytes);
        }
    }

    private static IndexOutOfBoundsException outsideLocal(final String call, final String name,
        final MemorySegment segment, final long offset, final long bytes)
    {
        return new IndexOutOfBoundsException(call + ": " + name + " range [" + offset + ", " + offset + " + " + bytes +
            ") not in [0, " + segment.byteSize() + ")");
    }

    @Override
    public void pByte(final SymmetricSegment dest, final long index, final byte value, final int pe)
    {
        final long at = heap.elementOffset("pByte", "dest", dest, index, 1);
        heap.checkPe("pByte", pe);
        final MemorySegment target = heap.peerHeap(pe);
        if ((at & 0) == 0)
        {
            // opaque: the store is neither dropped nor merged by the JIT; ordering comes from fence/quiet/barrier
            BYTE.setOpaque(target, at, value);
        }
        else
        {
            target.set(ValueLayout.JAVA_BYTE, at, value);
        }
    }

    @Override
    public byte gByte(final SymmetricSegment src, final long index, final int pe)
    {
        final long at = heap.elementOffset("gByte", "src", src, index, 1);
        heap.checkPe("gByte", pe);
        final MemorySegment source = heap.peerHeap(pe);
        // opaque: a g in the caller's polling loop is re-read each time, never hoisted
        return (at & 0) == 0 ? (byte)BYTE.getOpaque(source, at) : source.get(ValueLayout.JAVA_BYTE, at);
    }

    @Override
    public void pShort(final SymmetricSegment dest, final long index, final short value, final int pe)
    {
        final long at = heap.elementOffset("pShort", "dest", dest, index, 2);
        heap.checkPe("pShort", pe);
        final MemorySegment target = heap.peerHeap(pe);
        if ((at & 1) == 0)
        {
            // opaque: the store is neither dropped nor merged by the JIT; ordering comes from fence/quiet/barrier
            SHORT.setOpaque(target, at, value);
        }
        else
        {
            target.set(ValueLayout.JAVA_SHORT_UNALIGNED, at, value);
        }
    }

    @Override
    public short gShort(final SymmetricSegment src, final long index, final int pe)
    {
        final long at = heap.elementOffset("gShort", "src", src, index, 2);
        heap.checkPe("gShort", pe);
        final MemorySegment source = heap.peerHeap(pe);
        // opaque: a g in the caller's polling loop is re-read each time, never hoisted
        return (at & 1) == 0 ? (short)SHORT.getOpaque(source, at) : source.get(ValueLayout.JAVA_SHORT_UNALIGNED, at);
    }

    @Override
    public void pChar(final SymmetricSegment dest, final long index, final char value, final int pe)
    {
        final long at = heap.elementOffset("pChar", "dest", dest, index, 2);
        heap.checkPe("pChar", pe);
        final MemorySegment target = heap.peerHeap(pe);
        if ((at & 1) == 0)
        {
            // opaque: the store is neither dropped nor merged by the JIT; ordering comes from fence/quiet/barrier
            CHAR.setOpaque(target, at, value);
        }
        else
        {
            target.set(ValueLayout.JAVA_CHAR_UNALIGNED, at, value);
        }
    }

    @Override
    public char gChar(final SymmetricSegment src, final long index, final int pe)
    {
        final long at = heap.elementOffset("gChar", "src", src, index, 2);
        heap.checkPe("gChar", pe);
        final MemorySegment source = heap.peerHeap(pe);
        // opaque: a g in the caller's polling loop is re-read each time, never hoisted
        return (at & 1) == 0 ? (char)CHAR.getOpaque(source, at) : source.get(ValueLayout.JAVA_CHAR_UNALIGNED, at);
    }

    @Override
    public void pInt(final SymmetricSegment dest, final long index, final int value, final int pe)
    {
        final long at = heap.elementOffset("pInt", "dest", dest, index, 4);
        heap.checkPe("pInt", pe);
        final MemorySegment target = heap.peerHeap(pe);
        if ((at & 3) == 0)
        {
            // opaque: the store is neither dropped nor merged by the JIT; ordering comes from fence/quiet/barrier
            INT.setOpaque(target, at, value);
        }
        else
        {
            target.set(ValueLayout.JAVA_INT_UNALIGNED, at, value);
        }
    }

    @Override
    public int gInt(final SymmetricSegment src, final long index, final int pe)
    {
        final long at = heap.elementOffset("gInt", "src", src, index, 4);
        heap.checkPe("gInt", pe);
        final MemorySegment source = heap.peerHeap(pe);
        // opaque: a g in the caller's polling loop is re-read each time, never hoisted
        return (at & 3) == 0 ? (int)INT.getOpaque(source, at) : source.get(ValueLayout.JAVA_INT_UNALIGNED, at);
    }

    @Override
    public void pLong(final SymmetricSegment dest, final long index, final long value, final int pe)
    {
        final long at = heap.elementOffset("pLong", "dest", dest, index, 8);
        heap.checkPe("pLong", pe);
        final MemorySegment target = heap.peerHeap(pe);
        if ((at & 7) == 0)
        {
            // opaque: the store is neither dropped nor merged by the JIT; ordering comes from fence/quiet/barrier
            LONG.setOpaque(target, at, value);
        }
        else
        {
            target.set(ValueLayout.JAVA_LONG_UNALIGNED, at, value);
        }
    }

    @Override
    public long gLong(final SymmetricSegment src, final long index, final int pe)
    {
        final long at = heap.elementOffset("gLong", "src", src, index, 8);
        heap.checkPe("gLong", pe);
        final MemorySegment source = heap.peerHeap(pe);
        // opaque: a g in the caller's polling loop is re-read each time, never hoisted
        return (at & 7) == 0 ? (long)LONG.getOpaque(source, at) : source.get(ValueLayout.JAVA_LONG_UNALIGNED, at);
    }

    @Override
    public void pFloat(final SymmetricSegment dest, final long index, final float value, final int pe)
    {
        final long at = heap.elementOffset("pFloat", "dest", dest, index, 4);
        heap.checkPe("pFloat", pe);
        final MemorySegment target = heap.peerHeap(pe);
        if ((at & 3) == 0)
        {
            // opaque: the store is neither dropped nor merged by the JIT; ordering comes from fence/quiet/barrier
            FLOAT.setOpaque(target, at, value);
        }
        else
        {
            target.set(ValueLayout.JAVA_FLOAT_UNALIGNED, at, value);
        }
    }

    @Override
    public float gFloat(final SymmetricSegment src, final long index, final int pe)
    {
        final long at = heap.elementOffset("gFloat", "src", src, index, 4);
        heap.checkPe("gFloat", pe);
        final MemorySegment source = heap.peerHeap(pe);
        // opaque: a g in the caller's polling loop is re-read each time, never hoisted
        return (at & 3) == 0 ? (float)FLOAT.getOpaque(source, at) : source.get(ValueLayout.JAVA_FLOAT_UNALIGNED, at);
    }

    @Override
    public void pDouble(final SymmetricSegment dest, final long index, final double value, final int pe)
    {
        final long at = heap.elementOffset("pDouble", "dest", dest, index, 8);
        heap.checkPe("pDouble", pe);
        final MemorySegment target = heap.peerHeap(pe);
        if ((at & 7) == 0)
        {
            // opaque: the store is neither dropped nor merged by the JIT; ordering comes from fence/quiet/barrier
            DOUBLE.setOpaque(target, at, value);
        }
        else
        {
            target.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, at, value);
        }
    }

    @Override
    public double gDouble(final SymmetricSegment src, final long index, final int pe)
    {
        final long at = heap.elementOffset("gDouble", "src", src, index, 8);
        heap.checkPe("gDouble", pe);
        final MemorySegment source = heap.peerHeap(pe);
        // opaque: a g in the caller's polling loop is re-read each time, never hoisted
        return (at & 7) == 0 ? (double)DOUBLE.getOpaque(source, at) : source.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, at);
    }

    // ---------------------------------------------------------------- ordering and synchronisation

    @Override
    public void quiet()
    {
        // every store this PE made, puts included, is globally visible before any later load or store
        VarHandle.fullFence();
    }

    @Override
    public void fence()
    {
        // earlier puts and signals are ordered before later ones (store-store); x86 keeps it, the JIT must too
        VarHandle.releaseFence();
    }

    @Override
    public void barrierAll()
    {
        checkOpen("barrierAll");
        quiet();
        worldSync.barrier(CollectiveOp.BARRIER_ALL, "barrierAll");
    }

    @Override
    public void syncAll()
    {
        checkOpen("syncAll");
        worldSync.barrier(CollectiveOp.SYNC_ALL, "syncAll");
    }

    @Override
    public long waitUntilLong(final SymmetricSegment ivar, final long index, final Cmp cmp, final long value)
    {
        final long at = waitOffset("waitUntilLong", ivar, index, 8, cmp);
        long seen = (long)LONG.getAcquire(localHeap, at);
        int idle = 0;
        while (!cmp.holds(seen, value))
        {
            idle = waitStrategy.idle(idle, liveness);
            if (idle < 0)
            {
                seen = (long)LONG.getAcquire(localHeap, at);
                if (cmp.holds(seen, value))
                {
                    break;
                }
                throw liveness.failure("waitUntilLong(" + cmp + " " + value + ", last seen " + seen + ")");
            }
            seen = (long)LONG.getAcquire(localHeap, at);
        }
        return seen;
    }

    @Override
    public int waitUntilInt(final SymmetricSegment ivar, final long index, final Cmp cmp, final int value)
    {
        final long at = waitOffset("waitUntilInt", ivar, index, 4, cmp);
        int seen = (int)INT.getAcquire(localHeap, at);
        int idle = 0;
        while (!cmp.holds(seen, value))
        {
            idle = waitStrategy.idle(idle, liveness);
            if (idle < 0)
            {
                seen = (int)INT.getAcquire(localHeap, at);
                if (cmp.holds(seen, value))
                {
                    break;
                }
                throw liveness.failure("waitUntilInt(" + cmp + " " + value + ", last seen " + seen + ")");
            }
            seen = (int)INT.getAcquire(localHeap, at);
        }
        return seen;
    }

    @Override
    public boolean testLong(final SymmetricSegment ivar, final long index, final Cmp cmp, final long value)
    {
        final long at = waitOffset("testLong", ivar, index, 8, cmp);
        return cmp.holds((long)LONG.getAcquire(localHeap, at), value);
    }

    @Override
    public boolean testInt(final SymmetricSegment ivar, final long index, final Cmp cmp, final int value)
    {
        final long at = waitOffset("testInt", ivar, index, 4, cmp);
        return cmp.holds((int)INT.getAcquire(localHeap, at), value);
    }

    private long waitOffset(final String call, final SymmetricSegment ivar, final long index, final int size,
        final Cmp cmp)
    {
        final long at = heap.elementOffset(call, "ivar", ivar, index, size);
        if (cmp == null)
        {
            throw new NullPointerException(call + ": cmp");
        }
        if ((at & (size - 1)) != 0)
        {
            throw new IllegalArgumentException(call + ": ivar element " + index + " is at heap offset " + at +
                ", not " + size + "-byte aligned (slice the segment at a multiple of " + size + ")");
        }
        return at;
    }

    // ---------------------------------------------------------------- signaling

    @Override
    public void putSignal(final SymmetricSegment dest, final long destOffset, final MemorySegment src,
        final long srcOffset, final long bytes, final SymmetricSegment sig, final long sigIndex, final long signal,
        final SignalOp op, final int pe)
    {
        putSignal("putSignal", dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, op, pe, true);
    }

    @Override
    public void putSignalNbi(final SymmetricSegment dest, final long destOffset, final MemorySegment src,
        final long srcOffset, final long bytes, final SymmetricSegment sig, final long sigIndex, final long signal,
        final SignalOp op, final int pe)
    {
        // shared memory completes the copy and the signal at once; quiet and fence still give what they promise
        putSignal("putSignalNbi", dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, op, pe, true);
    }

    @Override
    public CompletableFuture<Void> putSignalOnQueue(final SymmetricSegment dest, final long destOffset,
        final MemorySegment src, final long srcOffset, final long bytes, final SymmetricSegment sig,
        final long sigIndex, final long signal, final SignalOp op, final int pe, final CompletableFuture<?>... dependsOn)
    {
        // checked now, so a bad argument fails at its call; checked again when it runs, in case of a free
        putSignal("putSignalOnQueue", dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, op, pe, false);
        return queue.submit("putSignalOnQueue", () -> putSignal("putSignalOnQueue", dest, destOffset, src, srcOffset,
            bytes, sig, sigIndex, signal, op, pe, true), dependsOn);
    }

    @Override
    public CompletableFuture<Void> putSignalNbiOnQueue(final SymmetricSegment dest, final long destOffset,
        final MemorySegment src, final long srcOffset, final long bytes, final SymmetricSegment sig,
        final long sigIndex, final long signal, final SignalOp op, final int pe, final CompletableFuture<?>... dependsOn)
    {
        putSignal("putSignalNbiOnQueue", dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, op, pe,
            false);
        return queue.submit("putSignalNbiOnQueue", () -> putSignal("putSignalNbiOnQueue", dest, destOffset, src,
            srcOffset, bytes, sig, sigIndex, signal, op, pe, true), dependsOn);
    }

    /**
     * Every form of put-with-signal: all argument checks once, then, when {@code issue}, the data path.
     */
    private void putSignal(final String call, final SymmetricSegment dest, final long destOffset,
        final MemorySegment src, final long srcOffset, final long bytes, final SymmetricSegment sig,
        final long sigIndex, final long signal, final SignalOp op, final int pe, final boolean issue)
    {
        final long at = heap.rangeOffset(call, "dest", dest, destOffset, bytes);
        final long sigAt = signalOffset(call, sig, sigIndex);
        if (op == null)
        {
            throw nullOp(call);
        }
        heap.checkPe(call, pe);
        checkLocal(call, "src", src, srcOffset, bytes);
        // both live in the one symmetric heap: a payload that covered the word would race with the signal
        if (bytes > 0 && sigAt < at + bytes && at < sigAt + Long.BYTES)
        {
            throw overlap(call, sigAt, at, bytes);
        }
        if (issue)
        {
            ShmSignals.putSignal(src, srcOffset, heap.peerHeap(pe), at, bytes, sigAt, signal, op);
        }
    }

    @Override
    public long signalFetch(final SymmetricSegment sig, final long sigIndex)
    {
        return ShmSignals.fetch(localHeap, signalOffset("signalFetch", sig, sigIndex));
    }

    @Override
    public void signalAdd(final SymmetricSegment sig, final long sigIndex, final long value, final int pe)
    {
        final long sigAt = signalOffset("signalAdd", sig, sigIndex);
        heap.checkPe("signalAdd", pe);
        ShmSignals.add(heap.peerHeap(pe), sigAt, value);
    }

    @Override
    public void signalSet(final SymmetricSegment sig, final long sigIndex, final long value, final int pe)
    {
        final long sigAt = signalOffset("signalSet", sig, sigIndex);
        heap.checkPe("signalSet", pe);
        ShmSignals.set(heap.peerHeap(pe), sigAt, value);
    }

    @Override
    public long signalWaitUntil(final SymmetricSegment sig, final long sigIndex, final Cmp cmp, final long value)
    {
        final long sigAt = signalOffset("signalWaitUntil", sig, sigIndex);
        if (cmp == null)
        {
            throw new NullPointerException("signalWaitUntil: cmp is null");
        }
        long seen = ShmSignals.fetch(localHeap, sigAt);
        int idle = 0;
        while (!cmp.holdsUnsigned(seen, value))
        {
            // backs off to yields and parks, so 8 PEs waiting on 2 cores leave the core to the PE that signals
            idle = waitStrategy.idle(idle, liveness);
            if (idle < 0)
            {
                seen = ShmSignals.fetch(localHeap, sigAt);
                if (cmp.holdsUnsigned(seen, value))
                {
                    break;
                }
                throw liveness.failure("signalWaitUntil(" + cmp + " " + Long.toUnsignedString(value) +
                    ", last seen " + Long.toUnsignedString(seen) + ")");
            }
            seen = ShmSignals.fetch(localHeap, sigAt);
        }
        return seen;
    }

    private long signalOffset(final String call, final SymmetricSegment sig, final long sigIndex)
    {
        final long at = heap.elementOffset(call, "sig", sig, sigIndex, Long.BYTES);
        if ((at & (Long.BYTES - 1)) != 0)
        {
            throw misalignedSignal(call, sigIndex, at);
        }
        return at;
    }

    // the messages are built out of line, so the checked paths stay small enough for the JIT to inline whole

    private static NullPointerException nullOp(final String call)
    {
        return new NullPointerException(call + ": op is null (use SignalOp.SET or SignalOp.ADD)");
    }

    private static IllegalArgumentException overlap(final String call, final long sigAt, final long at,
        final long bytes)
    {
        return new IllegalArgumentException(call + ": sig word at heap offset range [" + sigAt + ", " +
            (sigAt + Long.BYTES) + ") overlaps dest at heap offset range [" + at + ", " + (at + bytes) + ")");
    }

    private static IllegalArgumentException misalignedSignal(final String call, final long sigIndex, final long at)
    {
        return new IllegalArgumentException(call + ": sig word " + sigIndex + " is at heap offset " + at +
            ", not 8-byte aligned (slice the segment at a multiple of 8)");
    }

    // ---------------------------------------------------------------- for the rest of the core

    JobIdentity identity()
    {
        return identity;
    }

    int maxTeams()
    {
        return maxTeams;
    }

    @Override
    public String toString()
    {
        return "Ishmem[pe=" + myPe + ", nPes=" + nPes + ", job=" + identity.jobId() + (closed ? ", closed]" : "]");
    }

}
