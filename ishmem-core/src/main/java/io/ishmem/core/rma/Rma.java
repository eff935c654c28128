package io.ishmem.core.rma;

import io.ishmem.SymmetricSegment;
import io.ishmem.core.heap.LocalRange;
import io.ishmem.core.heap.SegmentAccess;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.observe.Traffic;
import io.ishmem.core.transport.Transport;

import java.lang.foreign.MemorySegment;

/**
 * put, get and the typed p and g: every argument checked once, here, then one call into the transport
 * of the segment's heap, which trusts what it is given. A local buffer the JDK refuses to copy (its arena
 * closed, or confined to another thread) is caught on the way out, and only then named.
 */
public final class Rma
{
    private final int myPe;

    public Rma(final int myPe)
    {
        this.myPe = myPe;
    }

    public static void put(final SymmetricSegment dest, final long destOffset, final MemorySegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        final long at = SymmetricHeap.rangeOffset("put", "dest", dest, destOffset, bytes);
        SymmetricHeap.checkPe("put", dest, pe);
        LocalRange.check("put", "src", src, srcOffset, bytes);
        if (Traffic.ENABLED)
        {
            Traffic.put(pe, bytes);
        }
        try
        {
            SegmentAccess.put(dest, pe, at, src, srcOffset, bytes);
        }
        catch (final IllegalStateException | WrongThreadException ex)
        {
            throw LocalRange.unusable("put", "src", src, ex);
        }
    }

    public static void putNbi(final SymmetricSegment dest, final long destOffset, final MemorySegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        final long at = SymmetricHeap.rangeOffset("putNbi", "dest", dest, destOffset, bytes);
        SymmetricHeap.checkPe("putNbi", dest, pe);
        LocalRange.check("putNbi", "src", src, srcOffset, bytes);
        if (Traffic.ENABLED)
        {
            Traffic.put(pe, bytes);
        }
        // a transport's put returns once src may be reused, which is all a blocking put needs and more than
        // an nbi one does; quiet and fence still give the ordering they promise
        try
        {
            SegmentAccess.put(dest, pe, at, src, srcOffset, bytes);
        }
        catch (final IllegalStateException | WrongThreadException ex)
        {
            throw LocalRange.unusable("putNbi", "src", src, ex);
        }
    }

    public static void get(final MemorySegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        final long at = SymmetricHeap.rangeOffset("get", "src", src, srcOffset, bytes);
        SymmetricHeap.checkPe("get", src, pe);
        LocalRange.check("get", "dest", dest, destOffset, bytes);
        if (Traffic.ENABLED)
        {
            Traffic.get(pe, bytes);
        }
        try
        {
            SegmentAccess.get(dest, destOffset, src, pe, at, bytes);
        }
        catch (final IllegalStateException | WrongThreadException | IllegalArgumentException ex)
        {
            throw LocalRange.unusable("get", "dest", dest, ex);
        }
    }

    public static void getNbi(final MemorySegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        final long at = SymmetricHeap.rangeOffset("getNbi", "src", src, srcOffset, bytes);
        SymmetricHeap.checkPe("getNbi", src, pe);
        LocalRange.check("getNbi", "dest", dest, destOffset, bytes);
        if (Traffic.ENABLED)
        {
            Traffic.get(pe, bytes);
        }
        try
        {
            SegmentAccess.get(dest, destOffset, src, pe, at, bytes);
        }
        catch (final IllegalStateException | WrongThreadException | IllegalArgumentException ex)
        {
            throw LocalRange.unusable("getNbi", "dest", dest, ex);
        }
    }

    /**
     * A put whose source is this PE's copy of symmetric memory: within one heap the transport copies
     * between its own mappings (device to peer device on a GPU); across heaps the host side is a plain
     * mapping that the device transport copies from or into.
     */
    public void putFromSymmetric(final String call, final SymmetricSegment dest, final long destOffset,
        final SymmetricSegment src, final long srcOffset, final long bytes, final int pe)
    {
        final long at = SymmetricHeap.rangeOffset(call, "dest", dest, destOffset, bytes);
        final long from = SymmetricHeap.rangeOffset(call, "src", src, srcOffset, bytes);
        SymmetricHeap.checkPe(call, src, pe);
        if (Traffic.ENABLED)
        {
            Traffic.put(pe, bytes);
        }
        final Transport to = SymmetricHeap.transportOf(dest);
        final Transport source = SymmetricHeap.transportOf(src);
        if (to == source)
        {
            to.putFromHeap(pe, at, from, bytes);
        }
        else if (SymmetricHeap.isDevice(src))
        {
            // device -> a host peer's mapping: the device transport copies out into that mapping
            source.get(dest.peerView(pe).orElseThrow(), destOffset, myPe, from, bytes);
        }
        else
        {
            to.put(pe, at, src.local(), srcOffset, bytes);
        }
    }

    /**
     * A get into this PE's copy of symmetric memory, from PE {@code pe}'s copy of {@code src}.
     */
    public void getIntoSymmetric(final String call, final SymmetricSegment dest, final long destOffset,
        final SymmetricSegment src, final long srcOffset, final long bytes, final int pe)
    {
        final long at = SymmetricHeap.rangeOffset(call, "dest", dest, destOffset, bytes);
        final long from = SymmetricHeap.rangeOffset(call, "src", src, srcOffset, bytes);
        SymmetricHeap.checkPe(call, src, pe);
        if (Traffic.ENABLED)
        {
            Traffic.get(pe, bytes);
        }
        final Transport to = SymmetricHeap.transportOf(dest);
        final Transport source = SymmetricHeap.transportOf(src);
        if (to == source)
        {
            to.getIntoHeap(at, pe, from, bytes);
        }
        else if (SymmetricHeap.isDevice(src))
        {
            source.get(dest.local(), destOffset, pe, from, bytes);
        }
        else
        {
            // a host peer's mapping -> this PE's device copy
            to.put(myPe, at, src.peerView(pe).orElseThrow(), srcOffset, bytes);
        }
    }

    // p and g pass their element size as a constant, so the transport's switch on it folds once inlined

    public static void pByte(final SymmetricSegment dest, final long index, final byte value, final int pe)
    {
        final long at = SymmetricHeap.elementOffset("pByte", "dest", dest, index, Byte.BYTES);
        SymmetricHeap.checkPe("pByte", dest, pe);
        if (Traffic.ENABLED)
        {
            Traffic.put(pe, Byte.BYTES);
        }
        SegmentAccess.p(dest, pe, at, value, Byte.BYTES);
    }

    public static byte gByte(final SymmetricSegment src, final long index, final int pe)
    {
        final long at = SymmetricHeap.elementOffset("gByte", "src", src, index, Byte.BYTES);
        SymmetricHeap.checkPe("gByte", src, pe);
        if (Traffic.ENABLED)
        {
            Traffic.get(pe, Byte.BYTES);
        }
        return (byte)SegmentAccess.g(src, pe, at, Byte.BYTES);
    }

    public static void pShort(final SymmetricSegment dest, final long index, final short value, final int pe)
    {
        final long at = SymmetricHeap.elementOffset("pShort", "dest", dest, index, Short.BYTES);
        SymmetricHeap.checkPe("pShort", dest, pe);
        if (Traffic.ENABLED)
        {
            Traffic.put(pe, Short.BYTES);
        }
        SegmentAccess.p(dest, pe, at, value, Short.BYTES);
    }

    public static short gShort(final SymmetricSegment src, final long index, final int pe)
    {
        final long at = SymmetricHeap.elementOffset("gShort", "src", src, index, Short.BYTES);
        SymmetricHeap.checkPe("gShort", src, pe);
        if (Traffic.ENABLED)
        {
            Traffic.get(pe, Short.BYTES);
        }
        return (short)SegmentAccess.g(src, pe, at, Short.BYTES);
    }

    public static void pChar(final SymmetricSegment dest, final long index, final char value, final int pe)
    {
        final long at = SymmetricHeap.elementOffset("pChar", "dest", dest, index, Character.BYTES);
        SymmetricHeap.checkPe("pChar", dest, pe);
        if (Traffic.ENABLED)
        {
            Traffic.put(pe, Character.BYTES);
        }
        SegmentAccess.p(dest, pe, at, value, Character.BYTES);
    }

    public static char gChar(final SymmetricSegment src, final long index, final int pe)
    {
        final long at = SymmetricHeap.elementOffset("gChar", "src", src, index, Character.BYTES);
        SymmetricHeap.checkPe("gChar", src, pe);
        if (Traffic.ENABLED)
        {
            Traffic.get(pe, Character.BYTES);
        }
        return (char)SegmentAccess.g(src, pe, at, Character.BYTES);
    }

    public static void pInt(final SymmetricSegment dest, final long index, final int value, final int pe)
    {
        final long at = SymmetricHeap.elementOffset("pInt", "dest", dest, index, Integer.BYTES);
        SymmetricHeap.checkPe("pInt", dest, pe);
        if (Traffic.ENABLED)
        {
            Traffic.put(pe, Integer.BYTES);
        }
        SegmentAccess.p(dest, pe, at, value, Integer.BYTES);
    }

    public static int gInt(final SymmetricSegment src, final long index, final int pe)
    {
        final long at = SymmetricHeap.elementOffset("gInt", "src", src, index, Integer.BYTES);
        SymmetricHeap.checkPe("gInt", src, pe);
        if (Traffic.ENABLED)
        {
            Traffic.get(pe, Integer.BYTES);
        }
        return (int)SegmentAccess.g(src, pe, at, Integer.BYTES);
    }

    public static void pLong(final SymmetricSegment dest, final long index, final long value, final int pe)
    {
        final long at = SymmetricHeap.elementOffset("pLong", "dest", dest, index, Long.BYTES);
        SymmetricHeap.checkPe("pLong", dest, pe);
        if (Traffic.ENABLED)
        {
            Traffic.put(pe, Long.BYTES);
        }
        SegmentAccess.p(dest, pe, at, value, Long.BYTES);
    }

    public static long gLong(final SymmetricSegment src, final long index, final int pe)
    {
        final long at = SymmetricHeap.elementOffset("gLong", "src", src, index, Long.BYTES);
        SymmetricHeap.checkPe("gLong", src, pe);
        if (Traffic.ENABLED)
        {
            Traffic.get(pe, Long.BYTES);
        }
        return SegmentAccess.g(src, pe, at, Long.BYTES);
    }

    public static void pFloat(final SymmetricSegment dest, final long index, final float value, final int pe)
    {
        final long at = SymmetricHeap.elementOffset("pFloat", "dest", dest, index, Float.BYTES);
        SymmetricHeap.checkPe("pFloat", dest, pe);
        if (Traffic.ENABLED)
        {
            Traffic.put(pe, Float.BYTES);
        }
        SegmentAccess.p(dest, pe, at, Float.floatToRawIntBits(value), Float.BYTES);
    }

    public static float gFloat(final SymmetricSegment src, final long index, final int pe)
    {
        final long at = SymmetricHeap.elementOffset("gFloat", "src", src, index, Float.BYTES);
        SymmetricHeap.checkPe("gFloat", src, pe);
        if (Traffic.ENABLED)
        {
            Traffic.get(pe, Float.BYTES);
        }
        return Float.intBitsToFloat((int)SegmentAccess.g(src, pe, at, Float.BYTES));
    }

    public static void pDouble(final SymmetricSegment dest, final long index, final double value, final int pe)
    {
        final long at = SymmetricHeap.elementOffset("pDouble", "dest", dest, index, Double.BYTES);
        SymmetricHeap.checkPe("pDouble", dest, pe);
        if (Traffic.ENABLED)
        {
            Traffic.put(pe, Double.BYTES);
        }
        SegmentAccess.p(dest, pe, at, Double.doubleToRawLongBits(value), Double.BYTES);
    }

    public static double gDouble(final SymmetricSegment src, final long index, final int pe)
    {
        final long at = SymmetricHeap.elementOffset("gDouble", "src", src, index, Double.BYTES);
        SymmetricHeap.checkPe("gDouble", src, pe);
        if (Traffic.ENABLED)
        {
            Traffic.get(pe, Double.BYTES);
        }
        return Double.longBitsToDouble(SegmentAccess.g(src, pe, at, Double.BYTES));
    }
}
