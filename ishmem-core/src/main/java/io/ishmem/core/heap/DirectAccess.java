package io.ishmem.core.heap;

import io.ishmem.SignalOp;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The operations of a host heap mapped into this process, by address through {@link AddressSpace#ALL}: what the
 * shared-memory transport does for every call, and what a call on a segment of such a heap does where it is made
 * ({@link SegmentAccess}), without the transport between. The caller has checked every argument.
 */
public final class DirectAccess
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

    /**
     * The bits an address of a mapped heap can have: Linux gives user space at most 56 bits (x86-64 with five-level
     * paging, arm64 with 52-bit addresses), and {@link #base} refuses a mapping above them. Every address is and'ed
     * with this before its access, which changes no address and tells C2 the access cannot run past the end of
     * {@link #MEMORY}, so the JDK's bounds check on it folds away: a compare and a branch less on every access, and
     * C2 proves it from the constant, where it cannot from a base loaded out of an array.
     */
    private static final long ADDRESS_BITS = 0x00FF_FFFF_FFFF_FFFFL;
    /**
     * {@link #ADDRESS_BITS} of an aligned 8-byte word: the low three bits clear too, so the JDK's alignment test
     * folds away as well. Only for a signal word, whose heap offset every call checks to be aligned (Signals), in
     * a heap whose base {@link #base} checked to be.
     */
    private static final long WORD_ADDRESS_BITS = ADDRESS_BITS & -Long.BYTES;

    private DirectAccess()
    {
    }

    /**
     * @param mapping a heap mapped into this process, or null for one that is not (a PE on another node).
     * @return the address of its first byte, 0 for null.
     * @throws IllegalStateException where the address has bits above {@link #ADDRESS_BITS} or is not 8-byte aligned,
     *                               which no mapping of Linux has: every access here relies on both.
     */
    public static long base(final MemorySegment mapping)
    {
        final long address = AddressSpace.addressOf(mapping);
        if ((address & ~WORD_ADDRESS_BITS) != 0)
        {
            throw new IllegalStateException(String.format("a heap mapped at 0x%x: outside the 56-bit user address " +
                "space or not 8-byte aligned, which direct access relies on", address));
        }
        return address;
    }

    // p and g: opaque, so a p is neither dropped nor merged by the JIT and a g in the caller's polling loop
    // is re-read each time; ordering comes from fence, quiet or a barrier. Misaligned elements (a slice at
    // an odd offset) take a plain unaligned access, which cannot be opaque. Every call site passes a
    // constant size, so once this small method is inlined the switch folds to one access. Heaps start on a
    // 2 MiB boundary, so an address is aligned exactly when its heap offset is

    public static void p(final long address, final long bits, final int size)
    {
        final long at = address & ADDRESS_BITS;
        switch (size)
        {
            case 1 -> BYTE.setOpaque(MEMORY, at, (byte)bits);
            case 2 -> p2(at, (short)bits);
            case 4 -> p4(at, (int)bits);
            default -> p8(at, bits);
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

    /** @return the element at {@code address}, zero-extended from {@code size} bytes. */
    public static long g(final long address, final int size)
    {
        final long at = address & ADDRESS_BITS;
        return switch (size)
        {
            case 1 -> Byte.toUnsignedLong((byte)BYTE.getOpaque(MEMORY, at));
            case 2 -> Short.toUnsignedLong(g2(at));
            case 4 -> Integer.toUnsignedLong(g4(at));
            default -> g8(at);
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

    /** @return the word of 4 or 8 bytes at {@code address}, zero-extended, read with acquire semantics. */
    public static long loadAcquire(final long address, final int size)
    {
        // acquire pairs with the writer's release store or atomic add: the payload that came before is visible
        final long at = address & ADDRESS_BITS;
        return size == Integer.BYTES ? Integer.toUnsignedLong((int)INT.getAcquire(MEMORY, at)) :
            (long)LONG.getAcquire(MEMORY, at);
    }

    /** {@code bytes} of {@code src} from {@code srcOffset} to the mapped heap at {@code address}. */
    public static void put(final MemorySegment src, final long srcOffset, final long address, final long bytes)
    {
        copy(src, srcOffset, MEMORY, address & ADDRESS_BITS, bytes);
    }

    /** {@code bytes} of the mapped heap at {@code address} to {@code dest} from {@code destOffset}. */
    public static void get(final long address, final MemorySegment dest, final long destOffset, final long bytes)
    {
        copy(MEMORY, address & ADDRESS_BITS, dest, destOffset, bytes);
    }

    /** {@code bytes} from one mapped heap's address to another's (or the same heap's). */
    public static void copy(final long from, final long to, final long bytes)
    {
        copy(MEMORY, from & ADDRESS_BITS, MEMORY, to & ADDRESS_BITS, bytes);
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

    public static void update(final long signalAddress, final long signal, final SignalOp op)
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

    public static void set(final long signalAddress, final long signal)
    {
        // release, not a locked RMW: one writer's aligned 8-byte store is atomic, and the release orders
        // the payload before it; a locked exchange costs 60-100 ns more per signal and buys nothing here
        LONG.setRelease(MEMORY, signalAddress & WORD_ADDRESS_BITS, signal);
    }

    public static long add(final long signalAddress, final long signal)
    {
        // an atomic read-modify-write, so adds from many PEs and threads are never lost; it is a full
        // fence too, so the payload is visible before the sum. The cast keeps the call site's type exact
        return (long)LONG.getAndAdd(MEMORY, signalAddress & WORD_ADDRESS_BITS, signal);
    }
}
