package io.ishmem;

import java.io.Serial;

/** A system or driver call failed; the message names the call, its arguments and the error name. */
public class NativeCallException extends IshmemException
{
    @Serial
    private static final long serialVersionUID = 1L;

    private final int errorCode;

    /**
     * @param message   e.g. "pidfd_getfd(pid=4121, fd=9) failed: EPERM (1)".
     * @param errorCode the errno or driver status.
     */
    public NativeCallException(final String message, final int errorCode)
    {
        super(message);
        this.errorCode = errorCode;
    }

    /**
     * @return the errno or driver status of the failed call.
     */
    public int errorCode()
    {
        return errorCode;
    }
}
