package io.ishmem.core.transport.ucx;

import io.ishmem.AmoOp;
import io.ishmem.SignalOp;
import io.ishmem.core.transport.Transport;
import io.ishmem.core.wait.Progress;

import java.lang.foreign.MemorySegment;

/**
 * The UCX transport as the heaps and the waits see it: every call counted in and out of the {@link CallGate}, so
 * that {@link UcxTransport#close()} frees nothing under a call of another thread. Data calls are refused once
 * close has begun; fence, quiet and progress, which the runtime's own close still makes, until UCX is freed
 * (progress then does nothing). The count costs two atomic updates a call, on paths of a microsecond or more.
 */
public final class GatedUcxTransport implements Transport, Progress
{
    private final UcxTransport ucx;
    private final CallGate gate;

    public GatedUcxTransport(final UcxTransport ucx)
    {
        this.ucx = ucx;
        this.gate = ucx.gate();
    }

    @Override
    public void put(final int pe, final long destAt, final MemorySegment src, final long srcOffset, final long bytes)
    {
        gate.enterData();
        try
        {
            ucx.put(pe, destAt, src, srcOffset, bytes);
        }
        finally
        {
            gate.leave();
        }
    }

    @Override
    public void get(final MemorySegment dest, final long destOffset, final int pe, final long srcAt, final long bytes)
    {
        gate.enterData();
        try
        {
            ucx.get(dest, destOffset, pe, srcAt, bytes);
        }
        finally
        {
            gate.leave();
        }
    }

    @Override
    public void putFromHeap(final int pe, final long destAt, final long srcAt, final long bytes)
    {
        gate.enterData();
        try
        {
            ucx.putFromHeap(pe, destAt, srcAt, bytes);
        }
        finally
        {
            gate.leave();
        }
    }

    @Override
    public void getIntoHeap(final long destAt, final int pe, final long srcAt, final long bytes)
    {
        gate.enterData();
        try
        {
            ucx.getIntoHeap(destAt, pe, srcAt, bytes);
        }
        finally
        {
            gate.leave();
        }
    }

    @Override
    public void p(final int pe, final long at, final long bits, final int size)
    {
        gate.enterData();
        try
        {
            ucx.p(pe, at, bits, size);
        }
        finally
        {
            gate.leave();
        }
    }

    @Override
    public long g(final int pe, final long at, final int size)
    {
        gate.enterData();
        try
        {
            return ucx.g(pe, at, size);
        }
        finally
        {
            gate.leave();
        }
    }

    @Override
    public long loadAcquire(final long at, final int size)
    {
        gate.enterData();
        try
        {
            return ucx.loadAcquire(at, size);
        }
        finally
        {
            gate.leave();
        }
    }

    @Override
    public void putSignal(final int pe, final long destAt, final MemorySegment src, final long srcOffset,
        final long bytes, final long sigAt, final long signal, final SignalOp op)
    {
        gate.enterData();
        try
        {
            ucx.putSignal(pe, destAt, src, srcOffset, bytes, sigAt, signal, op);
        }
        finally
        {
            gate.leave();
        }
    }

    @Override
    public void putSignalFromHeap(final int pe, final long destAt, final long srcAt, final long bytes,
        final long sigAt, final long signal, final SignalOp op)
    {
        gate.enterData();
        try
        {
            ucx.putSignalFromHeap(pe, destAt, srcAt, bytes, sigAt, signal, op);
        }
        finally
        {
            gate.leave();
        }
    }

    @Override
    public void signalSet(final int pe, final long sigAt, final long value)
    {
        gate.enterData();
        try
        {
            ucx.signalSet(pe, sigAt, value);
        }
        finally
        {
            gate.leave();
        }
    }

    @Override
    public void signalAdd(final int pe, final long sigAt, final long value)
    {
        gate.enterData();
        try
        {
            ucx.signalAdd(pe, sigAt, value);
        }
        finally
        {
            gate.leave();
        }
    }

    @Override
    public long atomic(final AmoOp op, final int pe, final long at, final int size, final long value,
        final long compare)
    {
        gate.enterData();
        try
        {
            return ucx.atomic(op, pe, at, size, value, compare);
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
            ucx.fence();
        }
        finally
        {
            gate.leave();
        }
    }

    @Override
    public void quiet()
    {
        gate.enterControl();
        try
        {
            ucx.quiet();
        }
        finally
        {
            gate.leave();
        }
    }

    @Override
    public boolean deliversOnReturn()
    {
        return ucx.deliversOnReturn();
    }

    @Override
    public void progress()
    {
        if (!gate.enterUnlessFreed())
        {
            // UCX is freed or about to be: nothing is left to progress
            return;
        }
        try
        {
            ucx.progress();
        }
        finally
        {
            gate.leave();
        }
    }
}
