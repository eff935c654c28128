package io.ishmem.core.runtime;

import io.ishmem.ReduceOp;
import io.ishmem.ReduceType;
import io.ishmem.Cmp;
import io.ishmem.Context;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import io.ishmem.core.collective.CollectiveOp;
import io.ishmem.core.collective.TeamSync;
import io.ishmem.core.observe.Observe;
import io.ishmem.core.rendezvous.RendezvousClient;
import io.ishmem.core.wait.Waits;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.ValueLayout;

/**
 * The calls that synchronise, allocate, wait and make contexts: symmetric memory, ordering, barrierAll and
 * syncAll (with their shortest path, {@link #plainWorld}), the collectives on teams, the point-to-point waits
 * and tests, and communication contexts; each but barrierAll and syncAll a one-line delegation to the class of
 * its family. {@link DataCalls} has the one-sided data calls; {@link IshmemRuntime} adds the runtime's life.
 */
abstract class RuntimeCalls extends DataCalls
{
    /**
     * {@link #worldSync} while a barrierAll needs nothing before its flags but the thread rule: the runtime is open,
     * every PE is on this node, no transport must be quieted first and no flight recorder exists; null before the
     * runtime is started, from close on, and once a recorder starts. One load where the closed flag, the sync's
     * remote members, the ordering's transports and the recorder took five on every barrierAll (JMH, barrierAll of
     * one PE on an Intel VM, with the team's idle owner: 4.6 -> 2.5 ns against a release fence's
     * 0.6-0.7).
     */
    private volatile TeamSync plainWorld;
    /**
     * Stops the watch for a flight recorder that empties {@link #plainWorld}; null while there is none. Volatile: the
     * thread that started the runtime sets it, and close may run in the shutdown hook's thread.
     */
    private volatile Runnable recorderWatch;

    RuntimeCalls(final JobIdentity identity, final JobMappings mappings, final StartSettings settings,
        final int launcherPidfd, final NodeMap nodes, final RendezvousClient rendezvous)
    {
        super(identity, mappings, settings, launcherPidfd, nodes, rendezvous);
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
        final Runnable watch = recorderWatch;
        if (watch != null)
        {
            recorderWatch = null;
            watch.run();
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
