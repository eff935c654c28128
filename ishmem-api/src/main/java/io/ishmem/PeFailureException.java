package io.ishmem;

import java.io.Serial;

/**
 * Another PE of the job failed (exited, crashed, stopped heart-beating) or the job was aborted while
 * this PE waited for it. The job cannot go on; let the exception end this PE.
 */
public class PeFailureException extends IshmemException
{
    @Serial
    private static final long serialVersionUID = 1L;

    private final int failedPe;

    /**
     * @param failedPe the world PE number that failed, or -1 when the job was aborted as a whole.
     * @param message  what was seen, naming the PE and the call that was waiting.
     */
    public PeFailureException(final int failedPe, final String message)
    {
        super(message);
        this.failedPe = failedPe;
    }

    /**
     * @return the world PE number that failed, or -1 when the job as a whole was aborted.
     */
    public int failedPe()
    {
        return failedPe;
    }
}
