package io.ishmem.launcher;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One started PE: its process and the two threads that read its output.
 */
final class PeProcess
{
    private final int pe;
    private final Process process;
    private final List<String> lines;
    private final Thread stdoutPump;
    private final Thread stderrPump;

    private PeProcess(final int pe, final Process process, final JobListener listener, final boolean capture)
    {
        this.pe = pe;
        this.process = process;
        this.lines = capture ? new ArrayList<>() : null;
        this.stdoutPump = startPump(new OutputPump(pe, PeStream.STDOUT, process.getInputStream(), listener, lines),
            "ishmemrun-pe" + pe + "-out");
        // with stderr merged into stdout, the error stream is empty at once and its pump ends at once
        this.stderrPump = startPump(new OutputPump(pe, PeStream.STDERR, process.getErrorStream(), listener, lines),
            "ishmemrun-pe" + pe + "-err");
    }

    /**
     * @param pe       the PE number.
     * @param builder  the process to start, environment set.
     * @param listener receives the PE's output lines.
     * @param capture  whether to keep the lines for {@link #lines()}.
     * @return the running PE.
     * @throws IOException if the process cannot be started.
     */
    static PeProcess start(final int pe, final ProcessBuilder builder, final JobListener listener, final boolean capture)
        throws IOException
    {
        final Process process = builder.start();
        // PEs read no input: end of file at once, rather than a pipe that nobody ever writes
        process.getOutputStream().close();
        return new PeProcess(pe, process, listener, capture);
    }

    int pe()
    {
        return pe;
    }

    Process process()
    {
        return process;
    }

    /**
     * Waits for both output streams to reach end of file; a descendant that escaped the kill may hold
     * a pipe open forever, so the wait is bounded.
     *
     * @param deadlineNs {@link System#nanoTime()} after which to stop waiting.
     * @throws InterruptedException if interrupted while waiting.
     */
    void awaitOutput(final long deadlineNs) throws InterruptedException
    {
        join(stdoutPump, deadlineNs);
        join(stderrPump, deadlineNs);
    }

    /**
     * @return a copy of every line read so far, or an empty list if output is not captured.
     */
    List<String> lines()
    {
        if (lines == null)
        {
            return List.of();
        }
        synchronized (lines)
        {
            return List.copyOf(lines);
        }
    }

    private static void join(final Thread thread, final long deadlineNs) throws InterruptedException
    {
        final long remainingNs = deadlineNs - System.nanoTime();
        if (remainingNs > 0)
        {
            thread.join(TimeUnit.NANOSECONDS.toMillis(remainingNs) + 1);
        }
    }

    private static Thread startPump(final Runnable pump, final String name)
    {
        // daemon: a pump stuck on a pipe held by an escaped process must not keep the launcher alive
        return Thread.ofPlatform().name(name).daemon().start(pump);
    }
}
