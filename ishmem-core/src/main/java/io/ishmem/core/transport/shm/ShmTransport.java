package io.ishmem.core.transport.shm;

import io.ishmem.AmoOp;
import io.ishmem.SignalOp;
import io.ishmem.core.transport.Transport;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The host heaps of the PEs on this node, each mapped into this process: a put is one
 * {@code MemorySegment.copy} into the target PE's mapping, a signal update or a {@code p} one
 * {@code VarHandle} access on it. The runtime has checked every argument (see {@link Transport}).
 */
public final class ShmTransport implements Transport
{
    private static final VarHandle BYTE = ValueLayout.JAVA_BYTE.varHandle();
    private static final VarHandle SHORT = ValueLayout.JAVA_SHORT.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private final MemorySegment[] heaps;
    private final MemorySegment localHeap;

    /**
     * @param myPe  this PE.
     * @param heaps the heap part of every PE's mapping, by world PE.
     */
    public ShmTransport(final int myPe, final MemorySegment[] heaps)
    {
        this.heaps = heaps.clone();
        this.localHeap = this.heaps[myPe];
    }

    // one small chain of identity tests per width, each small enough to inline: at a typed call site the
    // operation is a constant, so the JIT keeps only its branch. Not a switch: a switch on an enum reads the
    // constant's ordinal and a switch map, which the JIT does not fold (JMH: 1.5 ns of a 5 ns fetch-add)

    @Override
    public long atomic(final AmoOp op, final int pe, final long at, final int size, final long value,
        final long compare)
    {
        return size == Long.BYTES ? atomic64(op, heaps[pe], at, value, compare) :
            atomic32(op, heaps[pe], at, (int)value, (int)compare);
    }

    private static long atomic64(final AmoOp op, final MemorySegment target, final long at, final long value,
        final long compare)
    {
        if (op == AmoOp.FETCH_ADD || op == AmoOp.ADD)
        {
            return (long)LONG.getAndAdd(target, at, value);
        }
        if (op == AmoOp.COMPARE_SWAP)
        {
            return (long)LONG.compareAndExchange(target, at, compare, value);
        }
        if (op == AmoOp.FETCH)
        {
            return (long)LONG.getVolatile(target, at);
        }
        if (op == AmoOp.SET)
        {
            LONG.setVolatile(target, at, value);
            return 0L;
        }
        if (op == AmoOp.SWAP)
        {
            return (long)LONG.getAndSet(target, at, value);
        }
        if (op == AmoOp.FETCH_INC || op == AmoOp.INC)
        {
            return (long)LONG.getAndAdd(target, at, 1L);
        }
        if (op == AmoOp.FETCH_AND || op == AmoOp.AND)
        {
            return (long)LONG.getAndBitwiseAnd(target, at, value);
        }
        if (op == AmoOp.FETCH_OR || op == AmoOp.OR)
        {
            return (long)LONG.getAndBitwiseOr(target, at, value);
        }
        return (long)LONG.getAndBitwiseXor(target, at, value);
    }

    private static long atomic32(final AmoOp op, final MemorySegment target, final long at, final int value,
        final int compare)
    {
        if (op == AmoOp.FETCH_ADD || op == AmoOp.ADD)
        {
            return (int)INT.getAndAdd(target, at, value);
        }
        if (op == AmoOp.COMPARE_SWAP)
        {
            return (int)INT.compareAndExchange(target, at, compare, value);
        }
        if (op == AmoOp.FETCH)
        {
            return (int)INT.getVolatile(target, at);
        }
        if (op == AmoOp.SET)
        {
            INT.setVolatile(target, at, value);
            return 0L;
        }
        if (op == AmoOp.SWAP)
        {
            return (int)INT.getAndSet(target, at, value);
        }
        if (op == AmoOp.FETCH_INC || op == AmoOp.INC)
        {
            return (int)INT.getAndAdd(target, at, 1);
        }
        if (op == AmoOp.FETCH_AND || op == AmoOp.AND)
        {
            return (int)INT.getAndBitwiseAnd(target, at, value);
        }
        if (op == AmoOp.FETCH_OR || op == AmoOp.OR)
        {
            return (int)INT.getAndBitwiseOr(target, at, value);
        }
        return (int)INT.getAndBitwiseXor(target, at, value);
    }

    @Override
    public void put(final int pe, final long destAt, final MemorySegment src, final long srcOffset, final long bytes)
    {
        MemorySegment.copy(src, srcOffset, heaps[pe], destAt, bytes);
    }

    @Override
    public void get(final MemorySegment dest, final long destOffset, final int pe, final long srcAt, final long bytes)
    {
        MemorySegment.copy(heaps[pe], srcAt, dest, destOffset, bytes);
    }

    @Override
    public void putFromHeap(final int pe, final long destAt, final long srcAt, final long bytes)
    {
        MemorySegment.copy(localHeap, srcAt, heaps[pe], destAt, bytes);
    }

    @Override
    public void getIntoHeap(final long destAt, final int pe, final long srcAt, final long bytes)
    {
        MemorySegment.copy(heaps[pe], srcAt, localHeap, destAt, bytes);
    }

    // p and g: opaque, so a p is neither dropped nor merged by the JIT and a g in the caller's polling loop
    // is re-read each time; ordering comes from fence, quiet or a barrier. Misaligned elements (a slice at
    // an odd offset) take a plain unaligned access, which cannot be opaque. Every call site passes a
    // constant size, so once this small method is inlined the switch folds to one access

    @Override
    public void p(final int pe, final long at, final long bits, final int size)
    {
        final MemorySegment target = heaps[pe];
        switch (size)
        {
            case 1 -> BYTE.setOpaque(target, at, (byte)bits);
            case 2 -> p2(target, at, (short)bits);
            case 4 -> p4(target, at, (int)bits);
            default -> p8(target, at, bits);
        }
    }

    private static void p2(final MemorySegment target, final long at, final short value)
    {
        if ((at & 1) == 0)
        {
            SHORT.setOpaque(target, at, value);
        }
        else
        {
            target.set(ValueLayout.JAVA_SHORT_UNALIGNED, at, value);
        }
    }

    private static void p4(final MemorySegment target, final long at, final int value)
    {
        if ((at & 3) == 0)
        {
            INT.setOpaque(target, at, value);
        }
        else
        {
            target.set(ValueLayout.JAVA_INT_UNALIGNED, at, value);
        }
    }

    private static void p8(final MemorySegment target, final long at, final long value)
    {
        if ((at & 7) == 0)
        {
            LONG.setOpaque(target, at, value);
        }
        else
        {
            target.set(ValueLayout.JAVA_LONG_UNALIGNED, at, value);
        }
    }

    @Override
    public long g(final int pe, final long at, final int size)
    {
        final MemorySegment source = heaps[pe];
        return switch (size)
        {
            case 1 -> Byte.toUnsignedLong((byte)BYTE.getOpaque(source, at));
            case 2 -> Short.toUnsignedLong(g2(source, at));
            case 4 -> Integer.toUnsignedLong(g4(source, at));
            default -> g8(source, at);
        };
    }

    private static short g2(final MemorySegment source, final long at)
    {
        return (at & 1) == 0 ? (short)SHORT.getOpaque(source, at) : source.get(ValueLayout.JAVA_SHORT_UNALIGNED, at);
    }

    private static int g4(final MemorySegment source, final long at)
    {
        return (at & 3) == 0 ? (int)INT.getOpaque(source, at) : source.get(ValueLayout.JAVA_INT_UNALIGNED, at);
    }

    private static long g8(final MemorySegment source, final long at)
    {
        return (at & 7) == 0 ? (long)LONG.getOpaque(source, at) : source.get(ValueLayout.JAVA_LONG_UNALIGNED, at);
    }

    @Override
    public long loadAcquire(final long at, final int size)
    {
        // acquire pairs with the writer's release store or atomic add: the payload that came before is visible
        return size == Integer.BYTES ? Integer.toUnsignedLong((int)INT.getAcquire(localHeap, at)) :
            (long)LONG.getAcquire(localHeap, at);
    }

    @Override
    public void putSignal(final int pe, final long destAt, final MemorySegment src, final long srcOffset,
        final long bytes, final long sigAt, final long signal, final SignalOp op)
    {
        final MemorySegment target = heaps[pe];
        MemorySegment.copy(src, srcOffset, target, destAt, bytes);
        update(target, sigAt, signal, op);
    }

    @Override
    public void putSignalFromHeap(final int pe, final long destAt, final long srcAt, final long bytes,
        final long sigAt, final long signal, final SignalOp op)
    {
        final MemorySegment target = heaps[pe];
        MemorySegment.copy(localHeap, srcAt, target, destAt, bytes);
        update(target, sigAt, signal, op);
    }

    @Override
    public void signalSet(final int pe, final long sigAt, final long value)
    {
        set(heaps[pe], sigAt, value);
    }

    @Override
    public void signalAdd(final int pe, final long sigAt, final long value)
    {
        add(heaps[pe], sigAt, value);
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

    private static void update(final MemorySegment target, final long sigAt, final long signal, final SignalOp op)
    {
        if (op == SignalOp.SET)
        {
            set(target, sigAt, signal);
        }
        else
        {
            add(target, sigAt, signal);
        }
    }

    private static void set(final MemorySegment target, final long sigAt, final long signal)
    {
        // release, not a locked RMW: one writer's aligned 8-byte store is atomic, and the release orders
        // the payload before it; a locked exchange costs 60-100 ns more per signal and buys nothing here
        LONG.setRelease(target, sigAt, signal);
    }

    private static long add(final MemorySegment target, final long sigAt, final long signal)
    {
        // an atomic read-modify-write, so adds from many PEs and threads are never lost; it is a full
        // fence too, so the payload is visible before the sum. The cast keeps the call site's type exact
        return (long)LONG.getAndAdd(target, sigAt, signal);
    }
}
