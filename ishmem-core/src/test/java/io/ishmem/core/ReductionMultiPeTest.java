package io.ishmem.core;

import io.ishmem.Ishmem;
import io.ishmem.ReduceOp;
import io.ishmem.ReduceType;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import io.ishmem.junit.MultiPeTest;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static io.ishmem.core.CollectiveTeams.worldPe;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every reduction operation over every type (issue 12) on five kinds of team at 2, 4 and 8 PEs: small
 * (through the scratch, one barrier) and large (reduce-scatter and all-gather), out of place and in place,
 * each element checked on every PE against a reference computed here in team order, bit for bit (so every
 * PE has the same floating-point result).
 */
class ReductionMultiPeTest
{
    /** Elements of the large case: past the 512-byte scratch entry even for bytes, and not a multiple of 8. */
    private static final int LARGE = 1_003;
    private static final int[] COUNTS = {1, 3, LARGE};

    @MultiPeTest(pes = {2, 4, 8})
    void shouldReduceEveryOperationAndTypeOnEveryTeam(final Ishmem shmem)
    {
        final CollectiveTeams teams = CollectiveTeams.of(shmem);
        final SymmetricSegment src = shmem.calloc(LARGE, ValueLayout.JAVA_LONG);
        final SymmetricSegment dest = shmem.calloc(LARGE + 1, ValueLayout.JAVA_LONG);
        teams.forEachMine(shmem, named ->
        {
            final Team team = named.team();
            int round = named.ordinal() * 1_000;
            for (final ReduceOp op : ReduceOp.values())
            {
                for (final ReduceType type : ReduceType.values())
                {
                    if (!type.supports(op))
                    {
                        continue;
                    }
                    for (final int count : COUNTS)
                    {
                        round++;
                        final boolean inPlace = count != 1 && round % 3 == 0;
                        final SymmetricSegment in = inPlace ? dest : src;
                        dest.local().fill((byte)0x5A);
                        for (int i = 0; i < count; i++)
                        {
                            write(in.local(), type, i, value(type, op, shmem.myPe(), i, round));
                        }
                        shmem.barrier(team);
                        if (round % 2 == 0)
                        {
                            shmem.reduce(team, op, type, dest, in, count);
                        }
                        else
                        {
                            typed(shmem, team, op, type, dest, in, count);
                        }
                        for (int i = 0; i < count; i++)
                        {
                            long expected = value(type, op, worldPe(shmem, team, 0), i, round);
                            for (int j = 1; j < team.nPes(); j++)
                            {
                                expected = combine(op, type, expected,
                                    value(type, op, worldPe(shmem, team, j), i, round));
                            }
                            assertEquals(expected, read(dest.local(), type, i), named + ": " + op + " of " + type +
                                " over " + count + (inPlace ? " in place" : "") + ", element " + i);
                        }
                        assertEquals(0x5A, dest.local().get(ValueLayout.JAVA_BYTE, (long)count * type.size()) & 0xFF,
                            named + ": " + op + " of " + type + " wrote past the end");
                        shmem.barrier(team);
                    }
                }
            }
        });
        teams.destroy();
    }

    /** The typed routine for (op, type), where it is one of the common ones; else the generic one. */
    private static void typed(final Ishmem shmem, final Team team, final ReduceOp op, final ReduceType type,
        final SymmetricSegment dest, final SymmetricSegment src, final int count)
    {
        if (type == ReduceType.LONG && op == ReduceOp.SUM)
        {
            shmem.sumReduceLong(team, dest, src, count);
        }
        else if (type == ReduceType.DOUBLE && op == ReduceOp.MAX)
        {
            shmem.maxReduceDouble(team, dest, src, count);
        }
        else if (type == ReduceType.UINT && op == ReduceOp.MIN)
        {
            shmem.minReduceUInt(team, dest, src, count);
        }
        else if (type == ReduceType.UBYTE && op == ReduceOp.XOR)
        {
            shmem.xorReduceUByte(team, dest, src, count);
        }
        else
        {
            shmem.reduce(team, op, type, dest, src, count);
        }
    }

    /**
     * Element {@code i} of a PE's contribution, as raw bits of the type's width: integers spread over the
     * whole range (negative and past the signed maximum), floats with fractions so that order matters, and
     * factors near one for products.
     */
    static long value(final ReduceType type, final ReduceOp op, final int worldPe, final int i, final int round)
    {
        long x = (worldPe + 1) * 0x9E37_79B9_7F4A_7C15L ^ (i + 1L) * 0xC2B2_AE3D_27D4_EB4FL ^ round;
        x ^= x >>> 29;
        return switch (type)
        {
            case FLOAT -> Float.floatToRawIntBits(op == ReduceOp.PROD ? 1 + (x & 0xFF) / 1000f :
                ((int)x % 100_000) / 7.3f) & 0xFFFF_FFFFL;
            case DOUBLE -> Double.doubleToRawLongBits(op == ReduceOp.PROD ? 1 + (x & 0xFFF) / 10_000.0 :
                (x % 1_000_000_000L) / 7.3);
            default -> x & mask(type);
        };
    }

    /** The reference: {@code a OP b} on raw bits, written from the spec, not from the library's code. */
    static long combine(final ReduceOp op, final ReduceType type, final long a, final long b)
    {
        if (type == ReduceType.FLOAT)
        {
            final float x = Float.intBitsToFloat((int)a);
            final float y = Float.intBitsToFloat((int)b);
            final float r = switch (op)
            {
                case SUM -> x + y;
                case PROD -> x * y;
                case MAX -> Math.max(x, y);
                case MIN -> Math.min(x, y);
                default -> throw new AssertionError(op);
            };
            return Float.floatToRawIntBits(r) & 0xFFFF_FFFFL;
        }
        if (type == ReduceType.DOUBLE)
        {
            final double x = Double.longBitsToDouble(a);
            final double y = Double.longBitsToDouble(b);
            return Double.doubleToRawLongBits(switch (op)
            {
                case SUM -> x + y;
                case PROD -> x * y;
                case MAX -> Math.max(x, y);
                case MIN -> Math.min(x, y);
                default -> throw new AssertionError(op);
            });
        }
        final long x = extend(type, a);
        final long y = extend(type, b);
        final boolean xFirst = type == ReduceType.ULONG ? Long.compareUnsigned(x, y) >= 0 : x >= y;
        final long r = switch (op)
        {
            case SUM -> x + y;
            case PROD -> x * y;
            case AND -> x & y;
            case OR -> x | y;
            case XOR -> x ^ y;
            case MAX -> xFirst ? x : y;
            case MIN -> xFirst ? y : x;
        };
        return r & mask(type);
    }

    /** Sign- or zero-extends raw bits of the type's width to a long that compares as the type does. */
    private static long extend(final ReduceType type, final long bits)
    {
        final int width = type.size() * 8;
        if (width == 64)
        {
            return bits;
        }
        return type.unsigned() ? bits & mask(type) : bits << (64 - width) >> (64 - width);
    }

    private static long mask(final ReduceType type)
    {
        return type.size() == 8 ? -1L : (1L << type.size() * 8) - 1;
    }

    static void write(final MemorySegment segment, final ReduceType type, final long index, final long bits)
    {
        switch (type.size())
        {
            case 1 -> segment.setAtIndex(ValueLayout.JAVA_BYTE, index, (byte)bits);
            case 2 -> segment.setAtIndex(ValueLayout.JAVA_SHORT, index, (short)bits);
            case 4 -> segment.setAtIndex(ValueLayout.JAVA_INT, index, (int)bits);
            default -> segment.setAtIndex(ValueLayout.JAVA_LONG, index, bits);
        }
    }

    static long read(final MemorySegment segment, final ReduceType type, final long index)
    {
        return switch (type.size())
        {
            case 1 -> segment.getAtIndex(ValueLayout.JAVA_BYTE, index) & 0xFFL;
            case 2 -> segment.getAtIndex(ValueLayout.JAVA_SHORT, index) & 0xFFFFL;
            case 4 -> segment.getAtIndex(ValueLayout.JAVA_INT, index) & 0xFFFF_FFFFL;
            default -> segment.getAtIndex(ValueLayout.JAVA_LONG, index);
        };
    }
}
