package io.ishmem.core.collective;

import io.ishmem.ReduceOp;
import io.ishmem.ReduceType;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.rma.Ordering;
import io.ishmem.core.transport.Transport;

import java.lang.foreign.ValueLayout;

import static io.ishmem.core.collective.Buffers.checkNotNegative;
import static io.ishmem.core.collective.Buffers.checkRoot;
import static io.ishmem.core.collective.Buffers.distinct;
import static io.ishmem.core.collective.Buffers.range;
import static io.ishmem.core.collective.Buffers.times;

/**
 * The collectives on teams: the barrier, the data-moving collectives, and (through {@link Reduction}) the
 * reductions. Every member checks its arguments, announces them, moves data and meets the others at one
 * team barrier that carries the op and the hash of the arguments, so a member in another collective or
 * with other arguments is found by every member.
 *
 * <p>Small and medium collectives push: each PE writes what it contributes straight into its peers'
 * destinations (OpenSHMEM requires every member's {@code dest} to be ready before any member calls) and
 * then one barrier publishes it. A large broadcast pulls instead, every PE copying from the root at once
 * between two barriers, so the root does not copy the data once per member.
 */
public final class TeamCollectives
{
    /** Above this a broadcast pulls from the root between two barriers rather than the root pushing. */
    static final long BROADCAST_PULL_BYTES = 16 * 1024;

    private static final ArgumentFormatter BROADCAST_ARGS =
        Described.of("bytes", "root", "dest at heap offset", "src at heap offset", "dest bytes");
    private static final ArgumentFormatter COLLECT_ARGS =
        Described.of("-", "-", "dest at heap offset", "src at heap offset", "dest bytes");
    private static final ArgumentFormatter BLOCK_ARGS =
        Described.of("bytes", "-", "dest at heap offset", "src at heap offset", "dest bytes");
    private static final ArgumentFormatter STRIDED_ARGS =
        Described.of("nelems", "dst", "dest at heap offset", "src at heap offset", "sst << 4 | element size");

    private final SymmetricHeap heap;
    private final Ordering ordering;
    private final TeamEntry teams;
    private final Reduction reduction;

    public TeamCollectives(final SymmetricHeap heap, final Ordering ordering, final TeamEntry teams)
    {
        this.heap = heap;
        this.ordering = ordering;
        this.teams = teams;
        this.reduction = new Reduction(heap);
    }

    /** @param sync the team's, checked by the caller ({@code TeamRegistry.usableSync}). */
    public void barrier(final TeamSync sync)
    {
        if (sync.unmarked("barrier"))
        {
            ordering.beforeSync();
            sync.syncUnmarked(CollectiveOp.BARRIER, "barrier");
            return;
        }
        sync.enter("barrier");
        try
        {
            ordering.beforeSync();
            sync.sync(CollectiveOp.BARRIER, "barrier");
        }
        finally
        {
            sync.exit();
        }
    }

    public void broadcast(final Team team, final SymmetricSegment dest, final SymmetricSegment src, final long bytes,
        final int root)
    {
        final String call = "broadcast";
        heap.checkOpen(call);
        final long destAt = range(call, "dest", dest, bytes);
        final long srcAt = range(call, "src", src, bytes);
        distinct(call, dest, destAt, bytes, src, srcAt, bytes, true);
        final TeamSync sync = teams.enter(call, team);
        try
        {
            checkRoot(call, root, sync);
            final CollectiveOp op = CollectiveOp.BROADCAST;
            final long seq = sync.announce(op, bytes, root, destAt, srcAt, dest.byteSize(), 0);
            final Transport transport = SymmetricHeap.transportOf(dest);
            final boolean isRoot = sync.myIndex() == root;
            if (bytes <= BROADCAST_PULL_BYTES)
            {
                if (isRoot)
                {
                    for (int k = 1; k <= sync.size(); k++)
                    {
                        final int member = (root + k) % sync.size();
                        if (member != root || destAt != srcAt)
                        {
                            transport.putFromHeap(sync.memberPe(member), destAt, srcAt, bytes);
                        }
                    }
                    complete(dest, transport);
                }
                sync.syncAnnounced(op, seq, call, BROADCAST_ARGS);
                return;
            }
            // every source and destination ready, and the arguments agreed, before anyone copies
            sync.syncAnnounced(op, seq, call, BROADCAST_ARGS);
            if (!isRoot)
            {
                transport.getIntoHeap(destAt, sync.memberPe(root), srcAt, bytes);
            }
            else if (destAt != srcAt)
            {
                transport.putFromHeap(sync.memberPe(root), destAt, srcAt, bytes);
            }
            complete(dest, transport);
            // the root's source may be reused once every member has copied it
            sync.sync(op, call);
        }
        finally
        {
            sync.exit();
        }
    }

    public void fcollect(final Team team, final SymmetricSegment dest, final SymmetricSegment src, final long bytes)
    {
        blockExchange("fcollect", CollectiveOp.FCOLLECT, team, dest, src, bytes, false);
    }

    public void alltoall(final Team team, final SymmetricSegment dest, final SymmetricSegment src, final long bytes)
    {
        blockExchange("alltoall", CollectiveOp.ALLTOALL, team, dest, src, bytes, true);
    }

    /**
     * fcollect and alltoall: member {@code me} writes a block of {@code bytes} into block {@code me} of every
     * member's {@code dest}: its whole {@code src} (fcollect) or block {@code j} of it for member {@code j}
     * (alltoall).
     */
    private void blockExchange(final String call, final CollectiveOp op, final Team team, final SymmetricSegment dest,
        final SymmetricSegment src, final long bytes, final boolean personalised)
    {
        heap.checkOpen(call);
        checkNotNegative(call, "bytes", bytes);
        final TeamSync sync = teams.enter(call, team);
        try
        {
            final int n = sync.size();
            final int me = sync.myIndex();
            final long total = times(call, "team size x bytes", n, bytes);
            final long destAt = range(call, "dest", dest, total);
            final long srcBytes = personalised ? total : bytes;
            final long srcAt = range(call, "src", src, srcBytes);
            distinct(call, dest, destAt, total, src, srcAt, srcBytes, false);
            final long seq = sync.announce(op, bytes, 0, destAt, srcAt, dest.byteSize(), 0);
            final Transport transport = SymmetricHeap.transportOf(dest);
            for (int k = 0; k < n; k++)
            {
                // each member starts with itself and then its successors, so no PE is everyone's first target
                final int member = (me + k) % n;
                transport.putFromHeap(sync.memberPe(member), destAt + me * bytes,
                    personalised ? srcAt + member * bytes : srcAt, bytes);
            }
            complete(dest, transport);
            sync.syncAnnounced(op, seq, call, BLOCK_ARGS);
        }
        finally
        {
            sync.exit();
        }
    }

    public void collect(final Team team, final SymmetricSegment dest, final SymmetricSegment src, final long bytes)
    {
        final String call = "collect";
        heap.checkOpen(call);
        checkNotNegative(call, "bytes", bytes);
        final long srcAt = range(call, "src", src, bytes);
        final TeamSync sync = teams.enter(call, team);
        try
        {
            final CollectiveOp op = CollectiveOp.COLLECT;
            final long destAt = range(call, "dest", dest, 0);
            // the contributions differ by PE: each announces its own, with its destination's length, and every
            // member works out the same offsets and the same verdict from them
            final long seq = sync.announce(op, 0, 0, destAt, srcAt, 0, bytes);
            sync.announceSecondOwn(seq, dest.byteSize());
            sync.syncAnnounced(op, seq, call, COLLECT_ARGS);
            long offset = 0;
            long total = 0;
            for (int i = 0; i < sync.size(); i++)
            {
                final long contribution = sync.announcedOwn(i, seq, 0);
                if (i == sync.myIndex())
                {
                    offset = total;
                }
                total = Math.addExact(total, contribution);
            }
            for (int i = 0; i < sync.size(); i++)
            {
                final long room = sync.announcedOwn(i, seq, 1);
                if (room < total)
                {
                    sync.sync(op, call);
                    throw new IndexOutOfBoundsException(call + ": the contributions add up to " + total +
                        " bytes but PE " + sync.memberPe(i) + "'s dest holds " + room + " (on every PE of team " +
                        sync.teamName() + ")");
                }
            }
            distinct(call, dest, destAt, total, src, srcAt, bytes, false);
            final Transport transport = SymmetricHeap.transportOf(dest);
            for (int k = 0; k < sync.size(); k++)
            {
                final int member = (sync.myIndex() + k) % sync.size();
                transport.putFromHeap(sync.memberPe(member), destAt + offset, srcAt, bytes);
            }
            complete(dest, transport);
            sync.sync(op, call);
        }
        finally
        {
            sync.exit();
        }
    }

    public void alltoalls(final Team team, final ValueLayout type, final SymmetricSegment dest,
        final SymmetricSegment src, final long dst, final long sst, final long nelems)
    {
        final String call = "alltoalls";
        heap.checkOpen(call);
        if (type == null)
        {
            throw new NullPointerException(call + ": type is null");
        }
        checkNotNegative(call, "nelems", nelems);
        if (dst < 1 || sst < 1)
        {
            throw new IllegalArgumentException(call + ": " + (dst < 1 ? "dst=" + dst : "sst=" + sst) +
                " is not a stride (>= 1)");
        }
        final long size = type.byteSize();
        final TeamSync sync = teams.enter(call, team);
        try
        {
            final int n = sync.size();
            final int me = sync.myIndex();
            // element e of a buffer strided s holds position e * s; the last position is (n * nelems - 1) * s
            final long positions = times(call, "team size x nelems", n, nelems);
            final long destBytes = positions == 0 ? 0 : times(call, "dest extent",
                times(call, "dest extent", positions - 1, dst) + 1, size);
            final long srcBytes = positions == 0 ? 0 : times(call, "src extent",
                times(call, "src extent", positions - 1, sst) + 1, size);
            final long destAt = range(call, "dest", dest, destBytes);
            final long srcAt = range(call, "src", src, srcBytes);
            distinct(call, dest, destAt, destBytes, src, srcAt, srcBytes, false);
            final CollectiveOp op = CollectiveOp.ALLTOALLS;
            final long shape = sst << 4 | size;
            final long seq = sync.announce(op, nelems, dst, destAt, srcAt, shape, 0);
            final Transport transport = SymmetricHeap.transportOf(dest);
            for (int k = 0; k < n; k++)
            {
                final int member = (me + k) % n;
                final int pe = sync.memberPe(member);
                for (long e = 0; e < nelems; e++)
                {
                    transport.putFromHeap(pe, destAt + (me * nelems + e) * dst * size,
                        srcAt + (member * nelems + e) * sst * size, size);
                }
            }
            complete(dest, transport);
            sync.syncAnnounced(op, seq, call, STRIDED_ARGS);
        }
        finally
        {
            sync.exit();
        }
    }

    public void reduce(final Team team, final ReduceOp op, final ReduceType type, final SymmetricSegment dest,
        final SymmetricSegment src, final long nreduce)
    {
        final String call = "reduce";
        heap.checkOpen(call);
        if (op == null || type == null)
        {
            throw new NullPointerException(call + ": " + (op == null ? "op" : "type") + " is null");
        }
        if (!type.supports(op))
        {
            throw new IllegalArgumentException(call + ": op=" + op + " is not defined for type=" + type +
                " (the bitwise operations take integer types only)");
        }
        checkNotNegative(call, "nreduce", nreduce);
        final long bytes = times(call, "nreduce x element size", nreduce, type.size());
        final long destAt = range(call, "dest", dest, bytes);
        final long srcAt = range(call, "src", src, bytes);
        distinct(call, dest, destAt, bytes, src, srcAt, bytes, true);
        final TeamSync sync = teams.enter(call, team);
        try
        {
            reduction.run(sync, op, type, dest, destAt, srcAt, nreduce);
        }
        finally
        {
            sync.exit();
        }
    }

    /**
     * Device and UCX copies complete at quiet; shared-memory copies are complete on return, and the barrier
     * publishes them.
     */
    static void complete(final SymmetricSegment dest, final Transport transport)
    {
        if (!transport.deliversOnReturn())
        {
            transport.quiet();
        }
    }
}
