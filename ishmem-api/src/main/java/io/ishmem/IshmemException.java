package io.ishmem;

import java.io.Serial;

/** Base of the exceptions the library throws for failures of the job or the system. */
public class IshmemException extends RuntimeException
{
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * @param message what failed, with the values involved.
     */
    public IshmemException(final String message)
    {
        super(message);
    }

    /**
     * @param message what failed, with the values involved.
     * @param cause   the underlying failure.
     */
    public IshmemException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
