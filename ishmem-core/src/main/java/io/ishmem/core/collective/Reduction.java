package io.ishmem.core.collective;

import io.ishmem.ReduceOp;
import io.ishmem.ReduceType;
import io.ishmem.SymmetricSegment;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.transport.Transport;

import java.lang.foreign.MemorySegment;

/**
 * Reductions over a team, in one of two ways by size.
 *
 * <p>Small (a contribution that fits a reduction scratch entry, 512 bytes up to 8 PEs): every member copies
 * its source into its own entry of every member's scratch, meets the others at one barrier, and combines
 * the entries of its own scratch in team order. The scratch half is chosen by the collective's parity, so a
 * member one collective ahead never writes where a slower one still reads.
 *
 * <p>Large: a reduce-scatter and an all-gather in one pass between two barriers. Member {@code i} owns the
 * {@code i}-th of {@code n} slices; it reads that slice of every member's source a block at a time, combines
 * the blocks in team order, and writes the result into that slice of every member's destination. Each PE
 * reads and writes about the bytes of one source, whatever the team size, and only member {@code i} touches
 * slice {@code i}, so an in-place reduction is safe.
 */
final class Reduction
{
    /** Bytes combined at a time on the large path: the running result stays in L1. */
    private static final long BLOCK = 8 * 1024;

    private static final TeamSync.ArgumentFormatter ARGS =
        Described.of("nreduce", "op << 8 | type", "dest at heap offset", "src at heap offset", "dest bytes");

    private final SymmetricHeap heap;

    Reduction(final SymmetricHeap heap)
    {
        this.heap = heap;
    }

    void run(final TeamSync sync, final ReduceOp op, final ReduceType type, final SymmetricSegment dest,
        final long destAt, final long srcAt, final long nreduce)
    {
        final CollectiveOp collective = CollectiveOp.REDUCE;
        final long kind = (long)op.ordinal() << 8 | type.ordinal();
        final long seq = sync.announce(collective, nreduce, kind, destAt, srcAt, dest.byteSize(), 0);
        final long hash = TeamSync.argumentHash(collective, nreduce, kind, destAt, srcAt, dest.byteSize());
        final long bytes = nreduce * type.size();
        final Transport transport = SymmetricHeap.transportOf(dest);
        final int me = sync.myIndex();
        final int myPe = sync.memberPe(me);
        if (bytes <= sync.reduceEntryLength())
        {
            final long entry = sync.reduceEntryOffset(seq, me);
            for (int i = 0; i < sync.size(); i++)
            {
                transport.get(sync.memberBlock(i), entry, myPe, srcAt, bytes);
            }
            sync.sync(collective, hash, "reduce", ARGS);
            final MemorySegment mine = sync.memberBlock(me);
            final MemorySegment acc = sync.workspace(sync.reduceEntryLength());
            MemorySegment.copy(mine, sync.reduceEntryOffset(seq, 0), acc, 0, bytes);
            for (int i = 1; i < sync.size(); i++)
            {
                Combine.into(op, type, acc, mine.asSlice(sync.reduceEntryOffset(seq, i), bytes), nreduce);
            }
            transport.put(myPe, destAt, acc, 0, bytes);
            TeamCollectives.complete(dest, transport);
            return;
        }
        // every source and destination ready, and the arguments agreed, before anyone reads a peer's source
        sync.sync(collective, hash, "reduce", ARGS);
        final int n = sync.size();
        final long first = nreduce * me / n;
        final long end = nreduce * (me + 1) / n;
        final int size = type.size();
        final long perBlock = BLOCK / size;
        final boolean device = SymmetricHeap.isDevice(dest);
        final MemorySegment acc = sync.workspace(device ? 2 * BLOCK : BLOCK);
        final MemorySegment staged = device ? acc.asSlice(BLOCK, BLOCK) : null;
        for (long at = first; at < end; at += perBlock)
        {
            final long count = Math.min(perBlock, end - at);
            final long offset = srcAt + at * size;
            final long length = count * size;
            transport.get(acc, 0, sync.memberPe(0), offset, length);
            for (int i = 1; i < n; i++)
            {
                final MemorySegment in;
                if (device)
                {
                    transport.get(staged, 0, sync.memberPe(i), offset, length);
                    in = staged;
                }
                else
                {
                    // a host peer's source is mapped here: combine straight from it, with no copy first
                    in = heap.peerHeap(sync.memberPe(i)).asSlice(offset, length);
                }
                Combine.into(op, type, acc, in, count);
            }
            for (int k = 0; k < n; k++)
            {
                transport.put(sync.memberPe((me + k) % n), destAt + at * size, acc, 0, length);
            }
        }
        TeamCollectives.complete(dest, transport);
        // every slice is written into every destination, and every source is read, before anyone returns
        sync.sync(collective, "reduce");
    }
}
