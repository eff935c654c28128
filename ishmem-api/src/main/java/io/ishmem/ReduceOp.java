package io.ishmem;

/**
 * The reduction operations of OpenSHMEM 1.5 ({@code shmem_TYPE_OP_reduce}), as the token of
 * {@link Reductions#reduce}.
 */
public enum ReduceOp
{
    /** Bitwise and; integer types only. */
    AND("and", true),
    /** Bitwise or; integer types only. */
    OR("or", true),
    /** Bitwise exclusive or; integer types only. */
    XOR("xor", true),
    /** The largest value, compared as the type is signed or not (NaN: see {@link ReduceType#FLOAT}). */
    MAX("max", false),
    /** The smallest value, compared as the type is signed or not. */
    MIN("min", false),
    /** The sum, wrapping for integer types. */
    SUM("sum", false),
    /** The product, wrapping for integer types. */
    PROD("prod", false);

    private final String cName;
    private final boolean bitwise;

    ReduceOp(final String cName, final boolean bitwise)
    {
        this.cName = cName;
        this.bitwise = bitwise;
    }

    /** @return the operation's name in C routine names, e.g. {@code sum} in {@code shmem_int_sum_reduce}. */
    public String cName()
    {
        return cName;
    }

    /** @return whether the operation is defined for integer types only. */
    public boolean bitwise()
    {
        return bitwise;
    }
}
