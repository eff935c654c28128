package io.ishmem.core.transport;

import io.ishmem.AmoOp;
import io.ishmem.SignalOp;
import io.ishmem.core.wait.Progress;

import java.lang.foreign.MemorySegment;

/**
 * The host heaps of a job across nodes: the bytes to and from a PE of this node move through its mapping (the
 * shared-memory transport), those of the other nodes through the network; every atomic and signal update goes
 * through the network transport, this node's included, so that the updates of one word are all made by one agent
 * (a NIC's atomics are not atomic against the CPU's). Chosen once per runtime; each call is one array load and
 * branch more than its transport's.
 */
public final class NodeSplitTransport implements Transport, Progress
{
    private final Transport local;
    private final Transport network;
    private final Progress progress;
    /** Per world PE: whether its heap is mapped here. */
    private final boolean[] onNode;

    /**
     * @param local   the mapped heaps of this node's PEs.
     * @param network every PE's heap, through the network; progressed while waiting.
     * @param onNode  per world PE, whether {@code local} serves it.
     */
    public <T extends Transport & Progress> NodeSplitTransport(final Transport local, final T network,
        final boolean[] onNode)
    {
        this.local = local;
        this.network = network;
        this.progress = network;
        this.onNode = onNode.clone();
    }

    private Transport bytes(final int pe)
    {
        return onNode[pe] ? local : network;
    }

    @Override
    public void put(final int pe, final long destAt, final MemorySegment src, final long srcOffset, final long bytes)
    {
        bytes(pe).put(pe, destAt, src, srcOffset, bytes);
    }

    @Override
    public void get(final MemorySegment dest, final long destOffset, final int pe, final long srcAt, final long bytes)
    {
        bytes(pe).get(dest, destOffset, pe, srcAt, bytes);
    }

    @Override
    public void putFromHeap(final int pe, final long destAt, final long srcAt, final long bytes)
    {
        bytes(pe).putFromHeap(pe, destAt, srcAt, bytes);
    }

    @Override
    public void getIntoHeap(final long destAt, final int pe, final long srcAt, final long bytes)
    {
        bytes(pe).getIntoHeap(destAt, pe, srcAt, bytes);
    }

    @Override
    public void p(final int pe, final long at, final long bits, final int size)
    {
        bytes(pe).p(pe, at, bits, size);
    }

    @Override
    public long g(final int pe, final long at, final int size)
    {
        return bytes(pe).g(pe, at, size);
    }

    @Override
    public long loadAcquire(final long at, final int size)
    {
        // the network transport's: it also progresses the worker that applies the peers' atomics to this heap
        return network.loadAcquire(at, size);
    }

    @Override
    public void putSignal(final int pe, final long destAt, final MemorySegment src, final long srcOffset,
        final long bytes, final long sigAt, final long signal, final SignalOp op)
    {
        if (onNode[pe])
        {
            // the copy is done, and visible to the target's CPU, before the network transport updates the signal
            local.put(pe, destAt, src, srcOffset, bytes);
            network.signalUpdate(pe, sigAt, signal, op);
        }
        else
        {
            network.putSignal(pe, destAt, src, srcOffset, bytes, sigAt, signal, op);
        }
    }

    @Override
    public void putSignalFromHeap(final int pe, final long destAt, final long srcAt, final long bytes,
        final long sigAt, final long signal, final SignalOp op)
    {
        if (onNode[pe])
        {
            local.putFromHeap(pe, destAt, srcAt, bytes);
            network.signalUpdate(pe, sigAt, signal, op);
        }
        else
        {
            network.putSignalFromHeap(pe, destAt, srcAt, bytes, sigAt, signal, op);
        }
    }

    @Override
    public void signalSet(final int pe, final long sigAt, final long value)
    {
        network.signalSet(pe, sigAt, value);
    }

    @Override
    public void signalAdd(final int pe, final long sigAt, final long value)
    {
        network.signalAdd(pe, sigAt, value);
    }

    @Override
    public long atomic(final AmoOp op, final int pe, final long at, final int size, final long value,
        final long compare)
    {
        return network.atomic(op, pe, at, size, value, compare);
    }

    @Override
    public void fence()
    {
        local.fence();
        // a network update to a PE of this node may still be in flight when a copy after the fence lands: ordering
        // the two takes the update's completion, not a network fence
        network.quiet();
    }

    @Override
    public void quiet()
    {
        local.quiet();
        network.quiet();
    }

    @Override
    public boolean deliversOnReturn()
    {
        return false;
    }

    @Override
    public void progress()
    {
        progress.progress();
    }
}
