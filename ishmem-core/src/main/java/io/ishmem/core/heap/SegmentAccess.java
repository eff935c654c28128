package io.ishmem.core.heap;

import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;

import java.lang.foreign.MemorySegment;

/**
 * The data calls' last step on a segment their checks have accepted: where its heap is mapped into this process
 * (its transport's {@link io.ishmem.core.transport.Transport#directBases() directBases}), the access itself, at the
 * PE's base plus the heap offset; else the segment's transport. The address is then one load off the segment, as a
 * raw {@code MemorySegment}'s is, where through the transport it was two (the transport, its bases) and a type
 * check; the test of the bases against null takes the type check's place. Every method is small, for the JIT to
 * inline whole into the call.
 */
public final class SegmentAccess
{
    private SegmentAccess()
    {
    }

    /** {@code Transport.put}: {@code bytes} of {@code src} into PE {@code pe}'s heap at {@code at}. */
    public static void put(final SymmetricSegment checked, final int pe, final long at, final MemorySegment src,
        final long srcOffset, final long bytes)
    {
        final HeapSegment segment = (HeapSegment)checked;
        final long[] bases = segment.directBases;
        if (bases != null)
        {
            DirectAccess.put(src, srcOffset, bases[pe] + at, bytes);
        }
        else
        {
            segment.transport.put(pe, at, src, srcOffset, bytes);
        }
    }

    /** {@code Transport.get}: {@code bytes} of PE {@code pe}'s heap at {@code at} into {@code dest}. */
    public static void get(final MemorySegment dest, final long destOffset, final SymmetricSegment checked,
        final int pe, final long at, final long bytes)
    {
        final HeapSegment segment = (HeapSegment)checked;
        final long[] bases = segment.directBases;
        if (bases != null)
        {
            DirectAccess.get(bases[pe] + at, dest, destOffset, bytes);
        }
        else
        {
            segment.transport.get(dest, destOffset, pe, at, bytes);
        }
    }

    /** {@code Transport.p}: an element of {@code size} bytes into PE {@code pe}'s heap. */
    public static void p(final SymmetricSegment checked, final int pe, final long at, final long bits, final int size)
    {
        final HeapSegment segment = (HeapSegment)checked;
        final long[] bases = segment.directBases;
        if (bases != null)
        {
            DirectAccess.p(bases[pe] + at, bits, size);
        }
        else
        {
            segment.transport.p(pe, at, bits, size);
        }
    }

    /** @return {@code Transport.g}: an element of {@code size} bytes of PE {@code pe}'s heap, zero-extended. */
    public static long g(final SymmetricSegment checked, final int pe, final long at, final int size)
    {
        final HeapSegment segment = (HeapSegment)checked;
        final long[] bases = segment.directBases;
        return bases != null ? DirectAccess.g(bases[pe] + at, size) : segment.transport.g(pe, at, size);
    }

    /** @return {@code Transport.loadAcquire}: a word of this PE's heap, of 4 or 8 bytes, zero-extended. */
    public static long loadAcquire(final SymmetricSegment checked, final long at, final int size)
    {
        final HeapSegment segment = (HeapSegment)checked;
        // no mapping is at address 0: the base alone says whether the heap is mapped here, one load for both
        final long base = segment.localBase;
        return base != 0 ? DirectAccess.loadAcquire(base + at, size) : segment.transport.loadAcquire(at, size);
    }

    /** {@code Transport.signalSet}. */
    public static void signalSet(final SymmetricSegment checked, final int pe, final long sigAt, final long value)
    {
        final HeapSegment segment = (HeapSegment)checked;
        final long[] bases = segment.directBases;
        if (bases != null)
        {
            DirectAccess.set(bases[pe] + sigAt, value);
        }
        else
        {
            segment.transport.signalSet(pe, sigAt, value);
        }
    }

    /** {@code Transport.signalAdd}. */
    public static void signalAdd(final SymmetricSegment checked, final int pe, final long sigAt, final long value)
    {
        final HeapSegment segment = (HeapSegment)checked;
        final long[] bases = segment.directBases;
        if (bases != null)
        {
            DirectAccess.add(bases[pe] + sigAt, value);
        }
        else
        {
            segment.transport.signalAdd(pe, sigAt, value);
        }
    }

    /** @return whether the segment's heap is mapped into this process, so that its calls make their accesses here. */
    public static boolean mappedHere(final SymmetricSegment checked)
    {
        return ((HeapSegment)checked).directBases != null;
    }

    /** {@code Transport.signalUpdate}. */
    public static void signalUpdate(final SymmetricSegment checked, final int pe, final long sigAt, final long signal,
        final SignalOp op)
    {
        final HeapSegment segment = (HeapSegment)checked;
        final long[] bases = segment.directBases;
        if (bases != null)
        {
            DirectAccess.update(bases[pe] + sigAt, signal, op);
        }
        else
        {
            segment.transport.signalUpdate(pe, sigAt, signal, op);
        }
    }
}
