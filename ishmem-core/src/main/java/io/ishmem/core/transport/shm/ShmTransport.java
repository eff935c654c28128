package io.ishmem.core.transport.shm;

import io.ishmem.AmoOp;
import io.ishmem.SignalOp;
import io.ishmem.core.heap.AddressSpace;
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
    private static final VarHandle BYTE = ValueLayout.JAVA_BYTE.varHandle();
    private static final VarHandle SHORT = ValueLayout.JAVA_SHORT.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private static final ValueLayout.OfLong LONG_UNALIGNED = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfInt INT_UNALIGNED = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfShort SHORT_UNALIGNED = ValueLayout.JAVA_SHORT_UNALIGNED;
    private static final long SHORT_COPY = 64;
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
            bases[pe] = AddressSpace.addressOf(heaps[pe]);
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
        copy(src, srcOffset, MEMORY, bases[pe] + destAt, bytes);
    }

    @Override
    public void get(final MemorySegment dest, final long destOffset, final int pe, final long srcAt, final long bytes)
    {
        copy(MEMORY, bases[pe] + srcAt, dest, destOffset, bytes);
    }

    @Override
    public void putFromHeap(final int pe, final long destAt, final long srcAt, final long bytes)
    {
        copy(MEMORY, localBase + srcAt, MEMORY, bases[pe] + destAt, bytes);
    }

    @Override
    public void getIntoHeap(final long destAt, final int pe, final long srcAt, final long bytes)
    {
        copy(MEMORY, bases[pe] + srcAt, MEMORY, localBase + destAt, bytes);
    }

    // p and g: opaque, so a p is neither dropped nor merged by the JIT and a g in the caller's polling loop
    // is re-read each time; ordering comes from fence, quiet or a barrier. Misaligned elements (a slice at
    // an odd offset) take a plain unaligned access, which cannot be opaque. Every call site passes a
    // constant size, so once this small method is inlined the switch folds to one access. Heaps start on a
    // 2 MiB boundary, so an address is aligned exactly when its heap offset is

    @Override
    public void p(final int pe, final long at, final long bits, final int size)
    {
        final long address = bases[pe] + at;
        switch (size)
        {
            case 1 -> BYTE.setOpaque(MEMORY, address, (byte)bits);
            case 2 -> p2(address, (short)bits);
            case 4 -> p4(address, (int)bits);
            default -> p8(address, bits);
        }
    }

    private static void p2(final long address, final short value)
    {
        if ((address & 1) == 0)
        {
            SHORT.setOpaque(MEMORY, address, value);
        }
        else
        {
            MEMORY.set(ValueLayout.JAVA_SHORT_UNALIGNED, address, value);
        }
    }

    private static void p4(final long address, final int value)
    {
        if ((address & 3) == 0)
        {
            INT.setOpaque(MEMORY, address, value);
        }
        else
        {
            MEMORY.set(ValueLayout.JAVA_INT_UNALIGNED, address, value);
        }
    }

    private static void p8(final long address, final long value)
    {
        if ((address & 7) == 0)
        {
            LONG.setOpaque(MEMORY, address, value);
        }
        else
        {
            MEMORY.set(ValueLayout.JAVA_LONG_UNALIGNED, address, value);
        }
    }

    @Override
    public long g(final int pe, final long at, final int size)
    {
        final long address = bases[pe] + at;
        return switch (size)
        {
            case 1 -> Byte.toUnsignedLong((byte)BYTE.getOpaque(MEMORY, address));
            case 2 -> Short.toUnsignedLong(g2(address));
            case 4 -> Integer.toUnsignedLong(g4(address));
            default -> g8(address);
        };
    }

    private static short g2(final long address)
    {
        return (address & 1) == 0 ? (short)SHORT.getOpaque(MEMORY, address) :
            MEMORY.get(ValueLayout.JAVA_SHORT_UNALIGNED, address);
    }

    private static int g4(final long address)
    {
        return (address & 3) == 0 ? (int)INT.getOpaque(MEMORY, address) :
            MEMORY.get(ValueLayout.JAVA_INT_UNALIGNED, address);
    }

    private static long g8(final long address)
    {
        return (address & 7) == 0 ? (long)LONG.getOpaque(MEMORY, address) :
            MEMORY.get(ValueLayout.JAVA_LONG_UNALIGNED, address);
    }

    @Override
    public long loadAcquire(final long at, final int size)
    {
        // acquire pairs with the writer's release store or atomic add: the payload that came before is visible
        return size == Integer.BYTES ? Integer.toUnsignedLong((int)INT.getAcquire(MEMORY, localBase + at)) :
            (long)LONG.getAcquire(MEMORY, localBase + at);
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
        copy(src, srcOffset, MEMORY, base + destAt, bytes);
        update(base + sigAt, signal, op);
    }

    @Override
    public void putSignalFromHeap(final int pe, final long destAt, final long srcAt, final long bytes,
        final long sigAt, final long signal, final SignalOp op)
    {
        final long base = bases[pe];
        copy(MEMORY, localBase + srcAt, MEMORY, base + destAt, bytes);
        update(base + sigAt, signal, op);
    }

    @Override
    public void signalSet(final int pe, final long sigAt, final long value)
    {
        set(bases[pe] + sigAt, value);
    }

    @Override
    public void signalAdd(final int pe, final long sigAt, final long value)
    {
        add(bases[pe] + sigAt, value);
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

    /**
     * {@code MemorySegment.copy}, but a short range (under 64 bytes) is copied here, as the JDK copies it
     * between segments that do not overlap: {@link #MEMORY} overlaps every native segment, and for
     * overlapping segments the JDK takes its native copy (memmove semantics), 3-4 ns more than an 8-byte put.
     * One access per set bit of the length, widest first, without a loop: a put of one size takes the same
     * branches every time. Any failure (a closed or foreign-thread segment, a read-only destination) comes
     * from the first access, before a byte is written.
     */
    private static void copy(final MemorySegment src, final long srcOffset, final MemorySegment dest,
        final long destOffset, final long bytes)
    {
        if (bytes == Long.BYTES)
        {
            // one word, the commonest message: one test where the length is not a constant of the call site
            dest.set(LONG_UNALIGNED, destOffset, src.get(LONG_UNALIGNED, srcOffset));
            return;
        }
        if (bytes >= SHORT_COPY)
        {
            MemorySegment.copy(src, srcOffset, dest, destOffset, bytes);
            return;
        }
        long i = 0;
        if ((bytes & 32) != 0)
        {
            copyLongs(src, srcOffset, dest, destOffset, 4);
            i = 32;
        }
        if ((bytes & 16) != 0)
        {
            copyLongs(src, srcOffset + i, dest, destOffset + i, 2);
            i += 16;
        }
        if ((bytes & Long.BYTES) != 0)
        {
            dest.set(LONG_UNALIGNED, destOffset + i, src.get(LONG_UNALIGNED, srcOffset + i));
            i += Long.BYTES;
        }
        if ((bytes & Integer.BYTES) != 0)
        {
            dest.set(INT_UNALIGNED, destOffset + i, src.get(INT_UNALIGNED, srcOffset + i));
            i += Integer.BYTES;
        }
        if ((bytes & Short.BYTES) != 0)
        {
            dest.set(SHORT_UNALIGNED, destOffset + i, src.get(SHORT_UNALIGNED, srcOffset + i));
            i += Short.BYTES;
        }
        if ((bytes & 1) != 0)
        {
            dest.set(ValueLayout.JAVA_BYTE, destOffset + i, src.get(ValueLayout.JAVA_BYTE, srcOffset + i));
        }
    }

    private static void copyLongs(final MemorySegment src, final long srcOffset, final MemorySegment dest,
        final long destOffset, final int count)
    {
        for (int w = 0; w < count; w++)
        {
            dest.set(LONG_UNALIGNED, destOffset + w * 8L, src.get(LONG_UNALIGNED, srcOffset + w * 8L));
        }
    }

    private static void update(final long signalAddress, final long signal, final SignalOp op)
    {
        if (op == SignalOp.SET)
        {
            set(signalAddress, signal);
        }
        else
        {
            add(signalAddress, signal);
        }
    }

    private static void set(final long signalAddress, final long signal)
    {
        // release, not a locked RMW: one writer's aligned 8-byte store is atomic, and the release orders
        // the payload before it; a locked exchange costs 60-100 ns more per signal and buys nothing here
        LONG.setRelease(MEMORY, signalAddress, signal);
    }

    private static long add(final long signalAddress, final long signal)
    {
        // an atomic read-modify-write, so adds from many PEs and threads are never lost; it is a full
        // fence too, so the payload is visible before the sum. The cast keeps the call site's type exact
        return (long)LONG.getAndAdd(MEMORY, signalAddress, signal);
    }
}
