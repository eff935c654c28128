package io.ishmem.core.transport.ucx;

import io.ishmem.core.transport.RemoteControl;

/**
 * The control blocks of the PEs on other nodes, through the UCX transport that serves their heaps: every PE
 * registers its whole mapping, control block then heap, so a word of a peer's block is a heap offset less the
 * block's length (the same on every PE of a job).
 */
final class UcxControl implements RemoteControl
{
    private final UcxTransport transport;
    private final long controlLength;

    UcxControl(final UcxTransport transport, final long controlLength)
    {
        this.transport = transport;
        this.controlLength = controlLength;
    }

    @Override
    public void putLong(final int pe, final long offset, final long value)
    {
        transport.controlP(pe, offset - controlLength, value, Long.BYTES);
    }

    @Override
    public long getLong(final int pe, final long offset)
    {
        return transport.controlG(pe, offset - controlLength, Long.BYTES);
    }

    @Override
    public void putFromHeap(final int pe, final long offset, final long heapAt, final long bytes)
    {
        transport.controlPutFromHeap(pe, offset - controlLength, heapAt, bytes);
    }

    @Override
    public void fence()
    {
        transport.fence();
    }

    @Override
    public void complete()
    {
        transport.quiet();
    }
}
