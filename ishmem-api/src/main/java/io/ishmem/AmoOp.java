package io.ishmem;

/**
 * The atomic memory operations of OpenSHMEM 1.5 ({@code shmem_TYPE_atomic_OP}), as the token of
 * {@link Atomics#atomic}. Each is atomic with respect to every other atomic operation and signal update on
 * the same word, from any PE and any thread.
 */
public enum AmoOp
{
    /** The word's value. */
    FETCH("atomicFetch", Kind.ANY, true),
    /** Writes the value. */
    SET("atomicSet", Kind.ANY, false),
    /** Writes the value if the word equals {@code compare}; returns the word's old value. */
    COMPARE_SWAP("atomicCompareSwap", Kind.INTEGER, true),
    /** Writes the value; returns the old one. */
    SWAP("atomicSwap", Kind.ANY, true),
    /** Adds one; returns the old value. */
    FETCH_INC("atomicFetchInc", Kind.INTEGER, true),
    /** Adds one. */
    INC("atomicInc", Kind.INTEGER, false),
    /** Adds the value, wrapping; returns the old value. */
    FETCH_ADD("atomicFetchAdd", Kind.INTEGER, true),
    /** Adds the value, wrapping. */
    ADD("atomicAdd", Kind.INTEGER, false),
    /** Bitwise and; returns the old value. */
    FETCH_AND("atomicFetchAnd", Kind.INTEGER, true),
    /** Bitwise and. */
    AND("atomicAnd", Kind.INTEGER, false),
    /** Bitwise or; returns the old value. */
    FETCH_OR("atomicFetchOr", Kind.INTEGER, true),
    /** Bitwise or. */
    OR("atomicOr", Kind.INTEGER, false),
    /** Bitwise exclusive or; returns the old value. */
    FETCH_XOR("atomicFetchXor", Kind.INTEGER, true),
    /** Bitwise exclusive or. */
    XOR("atomicXor", Kind.INTEGER, false);

    /** Which element types an operation is defined for. */
    public enum Kind
    {
        /** The extended AMO types: every integer type, and float and double. */
        ANY,
        /** The standard and bitwise AMO types: the integer types (Java {@code int} and {@code long}). */
        INTEGER
    }

    private final String callName;
    private final Kind kind;
    private final boolean fetches;

    AmoOp(final String callName, final Kind kind, final boolean fetches)
    {
        this.callName = callName;
        this.kind = kind;
        this.fetches = fetches;
    }

    /** @return the routine's name in messages, e.g. {@code atomicFetchAdd}. */
    public String callName()
    {
        return callName;
    }

    /** @return the element types the operation is defined for. */
    public Kind kind()
    {
        return kind;
    }

    /** @return whether the operation returns the word's old value. */
    public boolean fetches()
    {
        return fetches;
    }
}
