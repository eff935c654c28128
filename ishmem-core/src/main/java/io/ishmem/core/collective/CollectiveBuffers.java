package io.ishmem.core.collective;

import io.ishmem.ReduceType;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The local buffers of one team's reductions, made on first use and kept: collectives of a team run one
 * at a time, so one set serves them all, and a reduction allocates nothing once its type has been seen.
 * A block is staged in a Java array of the type's width (where the combine loop vectorises), seen as a
 * segment for the copies in and out; device heaps, whose transports copy only native memory, also get a
 * native block.
 */
final class CollectiveBuffers
{
    /** Bytes reduced at a time: the running result and one contribution stay in L1. */
    static final int BLOCK = 8 * 1024;

    /** The two arrays (running result, contribution) and their segment views, by array kind. */
    private final Object[][] arrays = new Object[6][];
    private final MemorySegment[][] views = new MemorySegment[6][];
    private MemorySegment nativeBlock;

    /** @return the running-result array for {@code type}. */
    Object acc(final ReduceType type)
    {
        return kind(type)[0];
    }

    /** @return the contribution array for {@code type}. */
    Object in(final ReduceType type)
    {
        return kind(type)[1];
    }

    MemorySegment accView(final ReduceType type)
    {
        kind(type);
        return views[kindOf(type)][0];
    }

    MemorySegment inView(final ReduceType type)
    {
        kind(type);
        return views[kindOf(type)][1];
    }

    /** @return a native block of {@link #BLOCK} bytes, for device copies. */
    MemorySegment nativeBlock()
    {
        if (nativeBlock == null)
        {
            nativeBlock = Arena.ofAuto().allocate(BLOCK, 64);
        }
        return nativeBlock;
    }

    private Object[] kind(final ReduceType type)
    {
        final int kind = kindOf(type);
        if (arrays[kind] == null)
        {
            final Object acc = array(type);
            final Object in = array(type);
            arrays[kind] = new Object[] {acc, in};
            views[kind] = new MemorySegment[] {view(acc), view(in)};
        }
        return arrays[kind];
    }

    private static int kindOf(final ReduceType type)
    {
        return switch (type)
        {
            case BYTE, UBYTE -> 0;
            case SHORT, USHORT -> 1;
            case INT, UINT -> 2;
            case LONG, ULONG -> 3;
            case FLOAT -> 4;
            case DOUBLE -> 5;
        };
    }

    private static Object array(final ReduceType type)
    {
        final int elements = BLOCK / type.size();
        return switch (type)
        {
            case BYTE, UBYTE -> new byte[elements];
            case SHORT, USHORT -> new short[elements];
            case INT, UINT -> new int[elements];
            case LONG, ULONG -> new long[elements];
            case FLOAT -> new float[elements];
            case DOUBLE -> new double[elements];
        };
    }

    private static MemorySegment view(final Object array)
    {
        return switch (array)
        {
            case byte[] a -> MemorySegment.ofArray(a);
            case short[] a -> MemorySegment.ofArray(a);
            case int[] a -> MemorySegment.ofArray(a);
            case long[] a -> MemorySegment.ofArray(a);
            case float[] a -> MemorySegment.ofArray(a);
            case double[] a -> MemorySegment.ofArray(a);
            default -> throw new IllegalArgumentException("not a primitive array: " + array);
        };
    }
}
