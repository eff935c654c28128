package io.ishmem.bench.tails;

import io.ishmem.bench.LoggedProcess;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the anchors' compiled {@code oshm_tail} under Open MPI's {@code oshrun}. The output goes to a log
 * file in the output folder rather than a pipe, so a hung run can be timed out without a reader thread and
 * its partial output still read; on a timeout the whole process tree (oshrun's daemon and its ranks) is ended.
 */
final class OshmemTailRunner
{
    /**
     * One run.
     *
     * @param command  what ran.
     * @param lines    everything it printed.
     * @param exitCode its exit status, -1 if it timed out.
     * @param timedOut whether it ran past the timeout.
     */
    record Run(List<String> command, List<String> lines, int exitCode, boolean timedOut)
    {
    }

    private final Path binary;
    private final Duration timeout;

    OshmemTailRunner(final Path binary, final Duration timeout)
    {
        this.binary = binary;
        this.timeout = timeout;
    }

    /**
     * @param npes the PE count, or a placeholder for the report.
     */
    static List<String> command(final Path binary, final String npes)
    {
        final List<String> command = new ArrayList<>(List.of("oshrun", "--allow-run-as-root", "--oversubscribe",
            "-np", npes));
        // Debian's Open MPI 4.1.4 segfaults in shmem_finalize through osc/rdma (anchors README, "Known
        // issues"): without this every run ends with exit 139 after its figures are printed
        command.addAll(List.of("--mca", "osc", "^rdma"));
        command.add(binary.toString());
        return command;
    }

    /**
     * @return the first line of {@code oshrun --version}, or why there is none.
     */
    static String version() throws InterruptedException
    {
        try
        {
            final Process process = new ProcessBuilder("oshrun", "--version").redirectErrorStream(true).start();
            final List<String> lines = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                .lines().toList();
            process.waitFor();
            return lines.isEmpty() ? "oshrun --version printed nothing" : lines.getFirst();
        }
        catch (final IOException ex)
        {
            return "oshrun --version failed: " + ex.getMessage();
        }
    }

    Run run(final int pes, final Path log) throws IOException, InterruptedException
    {
        final List<String> command = command(binary, Integer.toString(pes));
        final LoggedProcess run = LoggedProcess.run(command, log, timeout);
        return new Run(command, run.lines(), run.exitCode(), run.timedOut());
    }
}
