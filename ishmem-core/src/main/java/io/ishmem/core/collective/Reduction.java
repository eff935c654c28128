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
    private static final ArgumentFormatter ARGS =
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
        final long bytes = nreduce * type.size();
        final Transport transport = SymmetricHeap.transportOf(dest);
        final int me = sync.myIndex();
        final int myPe = sync.memberPe(me);
        final CollectiveBuffers buffers = sync.buffers();
        final boolean device = SymmetricHeap.isDevice(dest);
        if (bytes <= sync.reduceEntryLength())
        {
            final long entry = sync.reduceEntryOffset(seq, me);
            for (int i = 0; i < sync.size(); i++)
            {
                final MemorySegment block = sync.memberBlock(i);
                if (block != null)
                {
                    transport.get(block, entry, myPe, srcAt, bytes);
                }
                else
                {
                    // a member on another node: the barrier's fence puts this ahead of its flag
                    sync.remote().putFromHeap(sync.memberPe(i), entry, srcAt, bytes);
                }
            }
            sync.syncAnnounced(collective, seq, "reduce", ARGS);
            final MemorySegment mine = sync.memberBlock(me);
            MemorySegment.copy(mine, sync.reduceEntryOffset(seq, 0), buffers.accView(type), 0, bytes);
            for (int i = 1; i < sync.size(); i++)
            {
                MemorySegment.copy(mine, sync.reduceEntryOffset(seq, i), buffers.inView(type), 0, bytes);
                Combine.into(op, type, buffers.acc(type), buffers.in(type), (int)nreduce);
            }
            putResult(transport, buffers, type, device, myPe, destAt, bytes);
            TeamCollectives.complete(dest, transport);
            return;
        }
        // every source and destination ready, and the arguments agreed, before anyone reads a peer's source
        sync.syncAnnounced(collective, seq, "reduce", ARGS);
        final int n = sync.size();
        final long first = nreduce * me / n;
        final long end = nreduce * (me + 1) / n;
        final int size = type.size();
        final int perBlock = CollectiveBuffers.BLOCK / size;
        final MemorySegment accView = buffers.accView(type);
        final MemorySegment inView = buffers.inView(type);
        for (long at = first; at < end; at += perBlock)
        {
            final int count = (int)Math.min(perBlock, end - at);
            final long offset = srcAt + at * size;
            final long length = (long)count * size;
            read(transport, buffers, device, sync.memberPe(0), offset, accView, length);
            for (int i = 1; i < n; i++)
            {
                read(transport, buffers, device, sync.memberPe(i), offset, inView, length);
                Combine.into(op, type, buffers.acc(type), buffers.in(type), count);
            }
            for (int k = 0; k < n; k++)
            {
                putResult(transport, buffers, type, device, sync.memberPe((me + k) % n), destAt + at * size, length);
            }
        }
        TeamCollectives.complete(dest, transport);
        // every slice is written into every destination, and every source is read, before anyone returns
        sync.sync(collective, "reduce");
    }

    /** Copies {@code length} bytes of PE {@code pe}'s heap at {@code at} into a staging array's view. */
    private void read(final Transport transport, final CollectiveBuffers buffers, final boolean device, final int pe,
        final long at, final MemorySegment view, final long length)
    {
        if (device)
        {
            // a device transport copies into native memory only
            transport.get(buffers.nativeBlock(), 0, pe, at, length);
            MemorySegment.copy(buffers.nativeBlock(), 0, view, 0, length);
        }
        else
        {
            final MemorySegment peerHeap = heap.peerHeap(pe);
            if (peerHeap != null)
            {
                // a host peer's heap on this node is mapped here: straight into the array, with no copy between
                MemorySegment.copy(peerHeap, at, view, 0, length);
            }
            else
            {
                transport.get(view, 0, pe, at, length);
            }
        }
    }

    /** Puts the running result's first {@code length} bytes into PE {@code pe}'s heap at {@code at}. */
    private static void putResult(final Transport transport, final CollectiveBuffers buffers, final ReduceType type,
        final boolean device, final int pe, final long at, final long length)
    {
        if (device)
        {
            MemorySegment.copy(buffers.accView(type), 0, buffers.nativeBlock(), 0, length);
            transport.put(pe, at, buffers.nativeBlock(), 0, length);
        }
        else
        {
            transport.put(pe, at, buffers.accView(type), 0, length);
        }
    }
}
