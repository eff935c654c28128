package io.ishmem.core.transport.shm;

import io.ishmem.AmoOp;
import io.ishmem.SignalOp;
import io.ishmem.core.heap.AddressSpace;
import io.ishmem.core.heap.DirectAccess;
import io.ishmem.core.heap.SpinLoads;
import io.ishmem.core.transport.Transport;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The host heaps of the PEs on this node, each mapped into this process: a put is one
 * {@code MemorySegment.copy} into the target PE's mapping, a signal update or a {@code p} one
 * {@code VarHandle} access on it. The runtime has checked every argument (see {@link Transport}).
 *
 * <p>Every access goes through {@link AddressSpace#ALL} at the mapping's address plus the offset, not through
 * the mapping's own segment: see there for why that is faster and why it is safe.
 */
public final class ShmTransport implements Transport
{
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final MemorySegment MEMORY = AddressSpace.ALL;

    private final long[] bases;
    private final long localBase;

    /**
     * @param myPe  this PE.
     * @param heaps the heap part of every PE's mapping, by world PE; null for a PE on another node. Each
     *              must stay mapped (or be replaced by anonymous memory) for the life of the process.
     */
    public ShmTransport(final int myPe, final MemorySegment[] heaps)
    {
        this.bases = new long[heaps.length];
        for (int pe = 0; pe < heaps.length; pe++)
        {
            bases[pe] = DirectAccess.base(heaps[pe]);
        }
        this.localBase = bases[myPe];
    }

    // one small chain of identity tests per width, each small enough to inline: at a typed call site the
    // operation is a constant, so the JIT keeps only its branch. Not a switch: a switch on an enum reads the
    // constant's ordinal and a switch map, which the JIT does not fold (JMH: 1.5 ns of a 5 ns fetch-add)

    @Override
    public long atomic(final AmoOp op, final int pe, final long at, final int size, final long value,
        final long compare)
    {
        return size == Long.BYTES ? atomic64(op, bases[pe] + at, value, compare) :
            atomic32(op, bases[pe] + at, (int)value, (int)compare);
    }

    private static long atomic64(final AmoOp op, final long at, final long value,
        final long compare)
    {
        if (op == AmoOp.FETCH_ADD || op == AmoOp.ADD)
        {
            return (long)LONG.getAndAdd(MEMORY, at, value);
        }
        if (op == AmoOp.COMPARE_SWAP)
        {
            return (long)LONG.compareAndExchange(MEMORY, at, compare, value);
        }
        if (op == AmoOp.FETCH)
        {
            return (long)LONG.getVolatile(MEMORY, at);
        }
        if (op == AmoOp.SET)
        {
            LONG.setVolatile(MEMORY, at, value);
            return 0L;
        }
        if (op == AmoOp.SWAP)
        {
            return (long)LONG.getAndSet(MEMORY, at, value);
        }
        if (op == AmoOp.FETCH_INC || op == AmoOp.INC)
        {
            return (long)LONG.getAndAdd(MEMORY, at, 1L);
        }
        if (op == AmoOp.FETCH_AND || op == AmoOp.AND)
        {
            return (long)LONG.getAndBitwiseAnd(MEMORY, at, value);
        }
        if (op == AmoOp.FETCH_OR || op == AmoOp.OR)
        {
            return (long)LONG.getAndBitwiseOr(MEMORY, at, value);
        }
        return (long)LONG.getAndBitwiseXor(MEMORY, at, value);
    }

    private static long atomic32(final AmoOp op, final long at, final int value,
        final int compare)
    {
        if (op == AmoOp.FETCH_ADD || op == AmoOp.ADD)
        {
            return (int)INT.getAndAdd(MEMORY, at, value);
        }
        if (op == AmoOp.COMPARE_SWAP)
        {
            return (int)INT.compareAndExchange(MEMORY, at, compare, value);
        }
        if (op == AmoOp.FETCH)
        {
            return (int)INT.getVolatile(MEMORY, at);
        }
        if (op == AmoOp.SET)
        {
            INT.setVolatile(MEMORY, at, value);
            return 0L;
        }
        if (op == AmoOp.SWAP)
        {
            return (int)INT.getAndSet(MEMORY, at, value);
        }
        if (op == AmoOp.FETCH_INC || op == AmoOp.INC)
        {
            return (int)INT.getAndAdd(MEMORY, at, 1);
        }
        if (op == AmoOp.FETCH_AND || op == AmoOp.AND)
        {
            return (int)INT.getAndBitwiseAnd(MEMORY, at, value);
        }
        if (op == AmoOp.FETCH_OR || op == AmoOp.OR)
        {
            return (int)INT.getAndBitwiseOr(MEMORY, at, value);
        }
        return (int)INT.getAndBitwiseXor(MEMORY, at, value);
    }

    @Override
    public void put(final int pe, final long destAt, final MemorySegment src, final long srcOffset, final long bytes)
    {
        DirectAccess.put(src, srcOffset, bases[pe] + destAt, bytes);
    }

    @Override
    public void get(final MemorySegment dest, final long destOffset, final int pe, final long srcAt, final long bytes)
    {
        DirectAccess.get(bases[pe] + srcAt, dest, destOffset, bytes);
    }

    @Override
    public void putFromHeap(final int pe, final long destAt, final long srcAt, final long bytes)
    {
        DirectAccess.copy(localBase + srcAt, bases[pe] + destAt, bytes);
    }

    @Override
    public void getIntoHeap(final long destAt, final int pe, final long srcAt, final long bytes)
    {
        DirectAccess.copy(bases[pe] + srcAt, localBase + destAt, bytes);
    }

    // p and g: opaque, see DirectAccess

    @Override
    public void p(final int pe, final long at, final long bits, final int size)
    {
        DirectAccess.p(bases[pe] + at, bits, size);
    }

    @Override
    public long g(final int pe, final long at, final int size)
    {
        return DirectAccess.g(bases[pe] + at, size);
    }

    @Override
    public long loadAcquire(final long at, final int size)
    {
        return DirectAccess.loadAcquire(localBase + at, size);
    }

    @Override
    public long spinWhileUnchanged(final long at, final int size, final long seen, final int spins)
    {
        return size == Integer.BYTES ? SpinLoads.intWhileUnchanged(localBase + at, seen, spins) :
            SpinLoads.longWhileUnchanged(localBase + at, seen, spins);
    }

    @Override
    public void putSignal(final int pe, final long destAt, final MemorySegment src, final long srcOffset,
        final long bytes, final long sigAt, final long signal, final SignalOp op)
    {
        final long base = bases[pe];
        DirectAccess.put(src, srcOffset, base + destAt, bytes);
        DirectAccess.update(base + sigAt, signal, op);
    }

    @Override
    public void putSignalFromHeap(final int pe, final long destAt, final long srcAt, final long bytes,
        final long sigAt, final long signal, final SignalOp op)
    {
        final long base = bases[pe];
        DirectAccess.copy(localBase + srcAt, base + destAt, bytes);
        DirectAccess.update(base + sigAt, signal, op);
    }

    @Override
    public void signalSet(final int pe, final long sigAt, final long value)
    {
        DirectAccess.set(bases[pe] + sigAt, value);
    }

    @Override
    public void signalAdd(final int pe, final long sigAt, final long value)
    {
        DirectAccess.add(bases[pe] + sigAt, value);
    }

    @Override
    public void fence()
    {
        // earlier puts and signals are ordered before later ones (store-store); x86 keeps it, the JIT must too
        VarHandle.releaseFence();
    }

    @Override
    public void quiet()
    {
        // every store this PE made, puts included, is globally visible before any later load or store
        VarHandle.fullFence();
    }

    @Override
    public boolean deliversOnReturn()
    {
        // a put is a store into the target's mapping
        return true;
    }

    @Override
    public long[] directBases()
    {
        // every operation here is an access at these addresses, so a call on a segment may make it itself
        return bases;
    }
}
