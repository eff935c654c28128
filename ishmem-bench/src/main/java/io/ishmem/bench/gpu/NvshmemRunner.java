package io.ishmem.bench.gpu;

import io.ishmem.bench.LoggedProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Runs the NVSHMEM comparison script once and reads its figures. The output goes to a log file in the
 * output folder rather than a pipe, so a hung run can be timed out without a reader thread and its
 * partial output still read; on a timeout the script's whole process tree is ended (it starts a rank in
 * the background).
 */
final class NvshmemRunner
{
    /**
     * One run.
     *
     * @param label    {@code before} or {@code after}.
     * @param lines    everything it printed.
     * @param figures  what {@link NvshmemOutput} read from it.
     * @param exitCode the script's exit status (-1 if it timed out).
     */
    record Run(String label, List<String> lines, Map<ResultKey, Double> figures, int exitCode, boolean timedOut)
    {
    }

    private final Path script;
    private final Path out;
    private final Duration timeout;

    NvshmemRunner(final Path script, final Path out, final Duration timeout)
    {
        this.script = script;
        this.out = out;
        this.timeout = timeout;
    }

    Run run(final String label) throws IOException, InterruptedException
    {
        final Path log = out.resolve("nvshmem-" + label + ".log");
        // run through bash when the executable bit got lost on the way to the GPU machine
        final List<String> command = Files.isExecutable(script) ? List.of(script.toString()) :
            List.of("bash", script.toString());
        System.out.println("running NVSHMEM (" + label + "): " + String.join(" ", command) + " > " + log);
        final LoggedProcess run = LoggedProcess.run(command, log, timeout);
        run.lines().forEach(line -> System.out.println("[nvshmem " + label + "] " + line));
        return new Run(label, run.lines(), NvshmemOutput.parse(run.lines()), run.exitCode(), run.timedOut());
    }
}
