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
    private final CallGate gate;

    UcxControl(final UcxTransport transport, final long controlLength)
    {
        this.transport = transport;
        this.gate = transport.gate();
        this.controlLength = controlLength;
    }

    @Override
    public void putLong(final int pe, final long offset, final long value)
    {
        gate.enterControl();
        try
        {
            transport.p(pe, offset - controlLength, value, Long.BYTES);
        }
        finally
        {
            gate.leave();
        }
    }

    @Override
    public long getLong(final int pe, final long offset)
    {
        gate.enterControl();
        try
        {
            return transport.g(pe, offset - controlLength, Long.BYTES);
        }
        finally
        {
            gate.leave();
        }
    }

    @Override
    public void putFromHeap(final int pe, final long offset, final long heapAt, final long bytes)
    {
        gate.enterControl();
        try
        {
            transport.putFromHeap(pe, offset - controlLength, heapAt, bytes);
        }
        finally
        {
            gate.leave();
        }
    }

    @Override
    public void fence()
    {
        gate.enterControl();
        try
        {
            transport.fence();
        }
        finally
        {
            gate.leave();
        }
    }

    @Override
    public void complete()
    {
        gate.enterControl();
        try
        {
            transport.quiet();
        }
        finally
        {
            gate.leave();
        }
    }
}
