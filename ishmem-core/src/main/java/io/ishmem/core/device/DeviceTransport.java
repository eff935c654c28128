package io.ishmem.core.device;

import io.ishmem.AmoOp;
import io.ishmem.SignalOp;
import io.ishmem.core.transport.Transport;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The {@link Transport} of a device heap: every PE's heap is mapped into this PE's device address space
 * (its own allocation and the peers' through IPC), so each operation is one or two commands on the
 * backend's ordered queue at {@code base[pe] + offset}. The queue's order gives put-with-signal its
 * guarantee: the signal command runs after the data command has completed.
 */
public final class DeviceTransport implements Transport
{
    private final DeviceBackend backend;
    private final long[] base;
    private final int myPe;
    // p and g pass one element through host memory; a thread's own buffer keeps them allocation-free and
    // safe for several threads of one PE (the backend orders their commands under its own lock)
    private final ThreadLocal<MemorySegment> scalar = ThreadLocal.withInitial(() -> MemorySegment.ofArray(new long[1]));

    /**
     * @param backend this PE's device backend.
     * @param base    device address of every PE's heap in this PE's address space, by world PE.
     * @param myPe    this PE.
     */
    public DeviceTransport(final DeviceBackend backend, final long[] base, final int myPe)
    {
        this.backend = backend;
        this.base = base.clone();
        this.myPe = myPe;
    }

    /**
     * The same heaps through another queue of the backend ({@link DeviceBackend#openQueue}): a communication
     * context's own ordering domain.
     *
     * @param queue the queue, which the caller closes after the last operation.
     */
    public DeviceTransport onQueue(final DeviceBackend queue)
    {
        return new DeviceTransport(queue, base, myPe);
    }

    public DeviceBackend backend()
    {
        return backend;
    }

    public int myPe()
    {
        return myPe;
    }

    public int nPes()
    {
        return base.length;
    }

    /**
     * @return the device address of PE {@code pe}'s heap in this process.
     */
    public long base(final int pe)
    {
        return base[pe];
    }

    @Override
    public long atomic(final AmoOp op, final int pe, final long at, final int size, final long value,
        final long compare)
    {
        throw new UnsupportedOperationException(op.callName() + ": the word is on the device heap, where atomic " +
            "operations are not available yet: keep atomic words on the host heap (shmem.malloc)");
    }

    @Override
    public void put(final int pe, final long destAt, final MemorySegment src, final long srcOffset, final long bytes)
    {
        if (bytes > 0)
        {
            backend.copyFromHost(base[pe] + destAt, src, srcOffset, bytes);
        }
    }

    @Override
    public void get(final MemorySegment dest, final long destOffset, final int pe, final long srcAt, final long bytes)
    {
        if (bytes > 0)
        {
            backend.copyToHost(dest, destOffset, base[pe] + srcAt, bytes);
        }
    }

    @Override
    public void putFromHeap(final int pe, final long destAt, final long srcAt, final long bytes)
    {
        if (bytes > 0)
        {
            backend.copyDeviceToDevice(base[pe] + destAt, base[myPe] + srcAt, bytes);
        }
    }

    @Override
    public void getIntoHeap(final long destAt, final int pe, final long srcAt, final long bytes)
    {
        if (bytes > 0)
        {
            backend.copyDeviceToDevice(base[myPe] + destAt, base[pe] + srcAt, bytes);
            // a get is complete on return: wait for this copy (and, with it, everything issued before)
            backend.quiet();
        }
    }

    @Override
    public void p(final int pe, final long at, final long bits, final int size)
    {
        final MemorySegment buffer = scalar.get();
        buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, bits);
        // little-endian: the low bytes of the long come first, which is the element
        backend.copyFromHost(base[pe] + at, buffer, 0, size);
    }

    @Override
    public long g(final int pe, final long at, final int size)
    {
        final MemorySegment buffer = scalar.get();
        buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 0L);
        backend.copyToHost(buffer, 0, base[pe] + at, size);
        return buffer.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
    }

    @Override
    public long loadAcquire(final long at, final int size)
    {
        if (size == Long.BYTES)
        {
            // read64 is ordered after this PE's earlier commands and reads the word as the device holds it
            return backend.read64(base[myPe] + at);
        }
        return g(myPe, at, size);
    }

    @Override
    public void putSignal(final int pe, final long destAt, final MemorySegment src, final long srcOffset,
        final long bytes, final long sigAt, final long signal, final SignalOp op)
    {
        put(pe, destAt, src, srcOffset, bytes);
        // the backend's queue runs the signal command only after the data command before it has completed
        signalUpdate(pe, sigAt, signal, op);
    }

    @Override
    public void putSignalFromHeap(final int pe, final long destAt, final long srcAt, final long bytes, final long sigAt,
        final long signal, final SignalOp op)
    {
        putFromHeap(pe, destAt, srcAt, bytes);
        signalUpdate(pe, sigAt, signal, op);
    }

    @Override
    public void signalSet(final int pe, final long sigAt, final long value)
    {
        backend.write64(base[pe] + sigAt, value);
    }

    @Override
    public void signalAdd(final int pe, final long sigAt, final long value)
    {
        backend.add64(base[pe] + sigAt, value);
    }

    @Override
    public void fence()
    {
        backend.fence();
    }

    @Override
    public void quiet()
    {
        backend.quiet();
    }
}
