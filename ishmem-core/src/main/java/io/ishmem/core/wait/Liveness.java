package io.ishmem.core.wait;

import io.ishmem.PeFailureException;

/**
 * Tells a waiting PE whether the job can still complete its wait. Implementations must be cheap to
 * call repeatedly; a negative answer is sticky.
 */
public interface Liveness
{
    /**
     * @param thorough whether to make system calls (process exit checks), not only memory reads.
     * @return true while every PE is alive and the job is not aborted.
     */
    boolean probe(boolean thorough);

    /**
     * @param call the routine that was waiting, for the message.
     * @return the failure seen by the last negative {@link #probe}.
     */
    PeFailureException failure(String call);
}
