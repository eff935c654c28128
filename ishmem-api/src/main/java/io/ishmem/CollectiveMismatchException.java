package io.ishmem;

import java.io.Serial;

/**
 * PEs called collectives in a different order or with different arguments (OpenSHMEM makes equal
 * order and arguments the caller's duty). The message names both calls and both PEs.
 */
public class CollectiveMismatchException extends IshmemException
{
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * @param message names this PE's call, the peer PE and the peer's call.
     */
    public CollectiveMismatchException(final String message)
    {
        super(message);
    }
}
