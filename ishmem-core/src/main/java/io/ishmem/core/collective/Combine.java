package io.ishmem.core.collective;

import io.ishmem.ReduceOp;
import io.ishmem.ReduceType;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The arithmetic of reductions: {@code acc[i] = acc[i] OP in[i]} over {@code count} elements. One loop per
 * element width and operation, the switch outside it, so each loop is a plain counted loop the JIT can
 * unroll and vectorise. Sums, products and bitwise operations give the same bits signed or not; only max
 * and min look at {@link ReduceType#unsigned()}. Elements may sit at any alignment (a user's slice).
 */
final class Combine
{
    private static final ValueLayout.OfByte B = ValueLayout.JAVA_BYTE;
    private static final ValueLayout.OfShort S = ValueLayout.JAVA_SHORT_UNALIGNED;
    private static final ValueLayout.OfInt I = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong L = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT_UNALIGNED;
    private static final ValueLayout.OfDouble D = ValueLayout.JAVA_DOUBLE_UNALIGNED;

    private Combine()
    {
    }

    /**
     * @param acc the running result, from offset 0.
     * @param in  the next contribution, from offset 0.
     */
    static void into(final ReduceOp op, final ReduceType type, final MemorySegment acc, final MemorySegment in,
        final long count)
    {
        switch (type)
        {
            case BYTE, UBYTE -> bytes(op, type.unsigned(), acc, in, count);
            case SHORT, USHORT -> shorts(op, type.unsigned(), acc, in, count);
            case INT, UINT -> ints(op, type.unsigned(), acc, in, count);
            case LONG, ULONG -> longs(op, type.unsigned(), acc, in, count);
            case FLOAT -> floats(op, acc, in, count);
            case DOUBLE -> doubles(op, acc, in, count);
        }
    }

    private static void longs(final ReduceOp op, final boolean unsigned, final MemorySegment a, final MemorySegment b,
        final long n)
    {
        switch (op)
        {
            case SUM ->
            {
                for (long i = 0; i < n; i++)
                {
                    a.setAtIndex(L, i, a.getAtIndex(L, i) + b.getAtIndex(L, i));
                }
            }
            case PROD ->
            {
                for (long i = 0; i < n; i++)
                {
                    a.setAtIndex(L, i, a.getAtIndex(L, i) * b.getAtIndex(L, i));
                }
            }
            case AND ->
            {
                for (long i = 0; i < n; i++)
                {
                    a.setAtIndex(L, i, a.getAtIndex(L, i) & b.getAtIndex(L, i));
                }
            }
            case OR ->
            {
                for (long i = 0; i < n; i++)
                {
                    a.setAtIndex(L, i, a.getAtIndex(L, i) | b.getAtIndex(L, i));
                }
            }
            case XOR ->
            {
                for (long i = 0; i < n; i++)
                {
                    a.setAtIndex(L, i, a.getAtIndex(L, i) ^ b.getAtIndex(L, i));
                }
            }
            case MAX, MIN ->
            {
                // unsigned order is signed order with the top bit flipped
                final long flip = unsigned ? Long.MIN_VALUE : 0;
                final boolean max = op == ReduceOp.MAX;
                for (long i = 0; i < n; i++)
                {
                    final long x = a.getAtIndex(L, i) ^ flip;
                    final long y = b.getAtIndex(L, i) ^ flip;
                    a.setAtIndex(L, i, (max ? Math.max(x, y) : Math.min(x, y)) ^ flip);
                }
            }
        }
    }

    private static void ints(final ReduceOp op, final boolean unsigned, final MemorySegment a, final MemorySegment b,
        final long n)
    {
        switch (op)
        {
            case SUM ->
            {
                for (long i = 0; i < n; i++)
                {
                    a.setAtIndex(I, i, a.getAtIndex(I, i) + b.getAtIndex(I, i));
                }
            }
            case PROD ->
            {
                for (long i = 0; i < n; i++)
                {
                    a.setAtIndex(I, i, a.getAtIndex(I, i) * b.getAtIndex(I, i));
                }
            }
            case AND ->
            {
                for (long i = 0; i < n; i++)
                {
                    a.setAtIndex(I, i, a.getAtIndex(I, i) & b.getAtIndex(I, i));
                }
            }
            case OR ->
            {
                for (long i = 0; i < n; i++)
                {
                    a.setAtIndex(I, i, a.getAtIndex(I, i) | b.getAtIndex(I, i));
                }
            }
            case XOR ->
            {
                for (long i = 0; i < n; i++)
                {
                    a.setAtIndex(I, i, a.getAtIndex(I, i) ^ b.getAtIndex(I, i));
                }
            }
            case MAX, MIN ->
            {
                final int flip = unsigned ? Integer.MIN_VALUE : 0;
                final boolean max = op == ReduceOp.MAX;
                for (long i = 0; i < n; i++)
                {
                    final int x = a.getAtIndex(I, i) ^ flip;
                    final int y = b.getAtIndex(I, i) ^ flip;
                    a.setAtIndex(I, i, (max ? Math.max(x, y) : Math.min(x, y)) ^ flip);
                }
            }
        }
    }

    private static void shorts(final ReduceOp op, final boolean unsigned, final MemorySegment a, final MemorySegment b,
        final long n)
    {
        // widened to int: the low 16 bits of a sum, product or bitwise result are the same either way
        final int mask = unsigned ? 0xFFFF : -1;
        for (long i = 0; i < n; i++)
        {
            final int x = a.getAtIndex(S, i) & mask;
            final int y = b.getAtIndex(S, i) & mask;
            a.setAtIndex(S, i, (short)small(op, x, y));
        }
    }

    private static void bytes(final ReduceOp op, final boolean unsigned, final MemorySegment a, final MemorySegment b,
        final long n)
    {
        final int mask = unsigned ? 0xFF : -1;
        for (long i = 0; i < n; i++)
        {
            final int x = a.getAtIndex(B, i) & mask;
            final int y = b.getAtIndex(B, i) & mask;
            a.setAtIndex(B, i, (byte)small(op, x, y));
        }
    }

    /** The op on two sub-int values widened to int (sign- or zero-extended as the type is compared). */
    private static int small(final ReduceOp op, final int x, final int y)
    {
        return switch (op)
        {
            case SUM -> x + y;
            case PROD -> x * y;
            case AND -> x & y;
            case OR -> x | y;
            case XOR -> x ^ y;
            case MAX -> Math.max(x, y);
            case MIN -> Math.min(x, y);
        };
    }

    private static void doubles(final ReduceOp op, final MemorySegment a, final MemorySegment b, final long n)
    {
        switch (op)
        {
            case SUM ->
            {
                for (long i = 0; i < n; i++)
                {
                    a.setAtIndex(D, i, a.getAtIndex(D, i) + b.getAtIndex(D, i));
                }
            }
            case PROD ->
            {
                for (long i = 0; i < n; i++)
                {
                    a.setAtIndex(D, i, a.getAtIndex(D, i) * b.getAtIndex(D, i));
                }
            }
            case MAX ->
            {
                for (long i = 0; i < n; i++)
                {
                    a.setAtIndex(D, i, Math.max(a.getAtIndex(D, i), b.getAtIndex(D, i)));
                }
            }
            case MIN ->
            {
                for (long i = 0; i < n; i++)
                {
                    a.setAtIndex(D, i, Math.min(a.getAtIndex(D, i), b.getAtIndex(D, i)));
                }
            }
            default -> throw new IllegalArgumentException("reduce: " + op + " is not defined for DOUBLE");
        }
    }

    private static void floats(final ReduceOp op, final MemorySegment a, final MemorySegment b, final long n)
    {
        switch (op)
        {
            case SUM ->
            {
                for (long i = 0; i < n; i++)
                {
                    a.setAtIndex(F, i, a.getAtIndex(F, i) + b.getAtIndex(F, i));
                }
            }
            case PROD ->
            {
                for (long i = 0; i < n; i++)
                {
                    a.setAtIndex(F, i, a.getAtIndex(F, i) * b.getAtIndex(F, i));
                }
            }
            case MAX ->
            {
                for (long i = 0; i < n; i++)
                {
                    a.setAtIndex(F, i, Math.max(a.getAtIndex(F, i), b.getAtIndex(F, i)));
                }
            }
            case MIN ->
            {
                for (long i = 0; i < n; i++)
                {
                    a.setAtIndex(F, i, Math.min(a.getAtIndex(F, i), b.getAtIndex(F, i)));
                }
            }
            default -> throw new IllegalArgumentException("reduce: " + op + " is not defined for FLOAT");
        }
    }
}
