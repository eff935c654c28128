package io.ishmem;

import java.io.Serial;

/** A configuration variable or the job's environment is invalid; the message names the variable. */
public class IshmemConfigException extends IshmemException
{
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * @param message names the variable, its value and what is accepted.
     */
    public IshmemConfigException(final String message)
    {
        super(message);
    }
}
