package io.ishmem.launcher;

import java.time.Duration;

/**
 * Receives the output of a running job line by line, from one reader thread per PE stream.
 */
@FunctionalInterface
public interface JobListener
{
    /**
     * A listener that ignores everything.
     */
    JobListener NONE = (pe, stream, line) -> {};

    /**
     * Called for each complete line a PE writes; calls for different PEs and streams may be concurrent.
     *
     * @param pe     the PE that wrote the line, in {@code [0, npes)}.
     * @param stream the stream it wrote the line to.
     * @param line   the line without its line terminator.
     */
    void onLine(int pe, PeStream stream, String line);

    /**
     * Called once when the job's timeout expires, before its PEs are stopped.
     *
     * @param timeout    the job's timeout.
     * @param runningPes how many PEs were still running.
     */
    default void onTimeout(final Duration timeout, final int runningPes)
    {
    }

    /**
     * Called when a PE on another host could not be started: its remote shell failed itself (ssh exits 255).
     *
     * @param pe      the PE.
     * @param message what failed and what to check, naming the PE and its host.
     */
    default void onStartFailure(final int pe, final String message)
    {
    }
}
