package io.ishmem.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a reference program (NVSHMEM's, Open MPI's) with its output in a log file and a time limit: the
 * bench must end, and leave no process behind, whatever the program does.
 *
 * @param lines    every line it wrote, stdout and stderr together.
 * @param exitCode its exit status, or -1 if it ran out of time.
 * @param timedOut whether it ran out of time and was killed with all its descendants.
 */
public record LoggedProcess(List<String> lines, int exitCode, boolean timedOut)
{
    /**
     * @param command the program and its arguments.
     * @param log     where its output goes.
     * @param timeout how long it may run.
     * @return what it did.
     */
    public static LoggedProcess run(final List<String> command, final Path log, final Duration timeout)
        throws IOException, InterruptedException
    {
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
            .start();
        final boolean finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (!finished)
        {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor();
        }
        final List<String> lines = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).lines().toList();
        return new LoggedProcess(lines, finished ? process.exitValue() : -1, !finished);
    }
}
