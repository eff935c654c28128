package io.ishmem;

import java.io.Serial;

/**
 * A team split failed: the nonzero return of {@code ishmem_team_split_strided} or
 * {@code ishmem_team_split_2d}. Every PE of the parent team gets the same failure with the same
 * {@link #code()}: no PE of the parent receives a new team while another fails. The parent team stays
 * usable.
 */
public class TeamSplitException extends IshmemException
{
    @Serial
    private static final long serialVersionUID = 1L;

    /** The parent team is {@link Team#INVALID}; nothing was communicated. */
    public static final int INVALID_PARENT = 1;
    /** The (start, stride, size) triplet does not lie inside the parent team. */
    public static final int INVALID_TRIPLET = 2;
    /** {@code xrange} of a 2D split is not positive. */
    public static final int INVALID_XRANGE = 3;
    /** A configuration or its mask is invalid on some PE (unknown mask bits, or no config for a nonzero mask). */
    public static final int INVALID_CONFIG = 4;
    /** No team slot is free on every PE of the parent ({@code ISHMEM_MAX_TEAMS} teams alive). */
    public static final int NO_TEAM_SLOT = 5;
    /**
     * A PE of a new team cannot reserve the contexts its config asks for ({@link TeamConfig#numContexts()}): its
     * {@code ISHMEM_MAX_CONTEXTS} are already reserved by its teams or held by its contexts.
     */
    public static final int NO_CONTEXTS = 6;

    private final int code;

    /**
     * @param code    the nonzero failure code, one of the constants of this class.
     * @param message what failed, with the values involved.
     */
    public TeamSplitException(final int code, final String message)
    {
        super(message + " (code " + code + ")");
        if (code == 0)
        {
            throw new IllegalArgumentException("a TeamSplitException needs a nonzero code");
        }
        this.code = code;
    }

    /**
     * @return the nonzero code that the C routine would return: one of the constants of this class.
     */
    public int code()
    {
        return code;
    }
}
