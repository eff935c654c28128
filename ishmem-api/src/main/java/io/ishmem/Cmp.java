package io.ishmem;

/**
 * The comparison of a point-to-point wait or test: {@code ISHMEM_CMP_EQ} and its siblings.
 * Signal waits compare unsigned 64-bit values; {@code waitUntilInt}/{@code waitUntilLong} compare
 * signed values, as the C {@code int}/{@code long} routines do.
 */
public enum Cmp
{
    /** {@code ISHMEM_CMP_EQ}: equal. */
    EQ,
    /** {@code ISHMEM_CMP_NE}: not equal. */
    NE,
    /** {@code ISHMEM_CMP_GT}: greater than. */
    GT,
    /** {@code ISHMEM_CMP_GE}: greater than or equal. */
    GE,
    /** {@code ISHMEM_CMP_LT}: less than. */
    LT,
    /** {@code ISHMEM_CMP_LE}: less than or equal. */
    LE;

    /**
     * Compares signed values.
     *
     * @param actual the value read from memory.
     * @param target the value of the wait.
     * @return whether {@code actual cmp target} holds.
     */
    public boolean holds(final long actual, final long target)
    {
        return test(Long.compare(actual, target));
    }

    /**
     * Compares unsigned 64-bit values, as every signal comparison does.
     *
     * @param actual the value read from memory.
     * @param target the value of the wait.
     * @return whether {@code actual cmp target} holds with both read as unsigned.
     */
    public boolean holdsUnsigned(final long actual, final long target)
    {
        return test(Long.compareUnsigned(actual, target));
    }

    private boolean test(final int order)
    {
        return switch (this)
        {
            case EQ -> order == 0;
            case NE -> order != 0;
            case GT -> order > 0;
            case GE -> order >= 0;
            case LT -> order < 0;
            case LE -> order <= 0;
        };
    }
}
