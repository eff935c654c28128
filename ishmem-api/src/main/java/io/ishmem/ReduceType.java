package io.ishmem;

import java.lang.foreign.ValueLayout;

/**
 * The element types of reductions ({@code TYPENAME} in {@code shmem_TYPENAME_OP_reduce}): a layout and
 * whether it is compared signed or not. Sums, products and bitwise operations give the same bits signed or
 * not; {@link ReduceOp#MAX} and {@link ReduceOp#MIN} differ, so the unsigned C types have tokens of their
 * own. Each C type maps to the token of its width and signedness: {@code char}, {@code signed char} and
 * {@code int8_t} to {@link #BYTE}; {@code short}, {@code int16_t} to {@link #SHORT}; {@code int},
 * {@code int32_t} to {@link #INT}; {@code long}, {@code long long}, {@code ptrdiff_t}, {@code int64_t} to
 * {@link #LONG}; {@code unsigned char}, {@code uint8_t} to {@link #UBYTE}; {@code unsigned short},
 * {@code uint16_t} to {@link #USHORT}; {@code unsigned int}, {@code uint32_t} to {@link #UINT};
 * {@code unsigned long}, {@code unsigned long long}, {@code size_t}, {@code uint64_t} to {@link #ULONG}.
 *
 * <p>Floating-point {@link ReduceOp#MAX}/{@link ReduceOp#MIN} follow {@link Math#max(double, double)}:
 * a NaN anywhere gives NaN, and -0.0 is below 0.0. Every PE combines the contributions in team order, so
 * every PE gets the same bits.
 */
public enum ReduceType
{
    BYTE("Byte", "schar", ValueLayout.JAVA_BYTE, false, false),
    SHORT("Short", "short", ValueLayout.JAVA_SHORT, false, false),
    INT("Int", "int", ValueLayout.JAVA_INT, false, false),
    LONG("Long", "long", ValueLayout.JAVA_LONG, false, false),
    UBYTE("UByte", "uchar", ValueLayout.JAVA_BYTE, true, false),
    USHORT("UShort", "ushort", ValueLayout.JAVA_SHORT, true, false),
    UINT("UInt", "uint", ValueLayout.JAVA_INT, true, false),
    ULONG("ULong", "ulong", ValueLayout.JAVA_LONG, true, false),
    FLOAT("Float", "float", ValueLayout.JAVA_FLOAT, false, true),
    DOUBLE("Double", "double", ValueLayout.JAVA_DOUBLE, false, true);

    private final String javaName;
    private final String cName;
    private final ValueLayout layout;
    private final boolean unsigned;
    private final boolean floating;

    ReduceType(final String javaName, final String cName, final ValueLayout layout, final boolean unsigned,
        final boolean floating)
    {
        this.javaName = javaName;
        this.cName = cName;
        this.layout = layout;
        this.unsigned = unsigned;
        this.floating = floating;
    }

    /** @return the type's name in the typed routines, e.g. {@code ULong} in {@code maxReduceULong}. */
    public String javaName()
    {
        return javaName;
    }

    /** @return the C TYPENAME it stands for first, e.g. {@code ulong}. */
    public String cName()
    {
        return cName;
    }

    /** @return the element layout (native byte order). */
    public ValueLayout layout()
    {
        return layout;
    }

    /** @return the element size in bytes. */
    public int size()
    {
        return (int)layout.byteSize();
    }

    public boolean unsigned()
    {
        return unsigned;
    }

    public boolean floating()
    {
        return floating;
    }

    /** @return whether {@code op} is defined for this type: every op but the bitwise ones on floats. */
    public boolean supports(final ReduceOp op)
    {
        return !(floating && op.bitwise());
    }
}
