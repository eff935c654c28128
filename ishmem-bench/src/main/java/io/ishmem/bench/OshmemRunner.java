package io.ishmem.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Runs one of the anchors' OpenSHMEM programs ({@code oshm_tail}, {@code oshm_coll}) under Open MPI's
 * {@code oshrun}. The output goes to a log file in the output folder rather than a pipe, so a hung run can be
 * timed out without a reader thread and its partial output still read; on a timeout the whole process tree
 * (oshrun's daemon and its ranks) is ended.
 */
public final class OshmemRunner
{
    /**
     * One run.
     *
     * @param command  what ran (the last try).
     * @param lines    everything it printed.
     * @param exitCode its exit status, -1 if it timed out.
     * @param timedOut whether it ran past the timeout.
     * @param notes    a line for the report when it had to be run twice; else empty.
     */
    public record Run(List<String> command, List<String> lines, int exitCode, boolean timedOut, List<String> notes)
    {
        public Run
        {
            command = List.copyOf(command);
            lines = List.copyOf(lines);
            notes = List.copyOf(notes);
        }

        /**
         * Prints every line, indented, and adds it to {@code raw} as {@code TAG LINE}.
         */
        public void echo(final String tag, final List<String> raw)
        {
            for (final String line : lines)
            {
                System.out.println("  " + line);
                raw.add(tag + " " + line);
            }
        }
    }

    private final Path binary;
    private final Duration timeout;

    /**
     * @param binary  the program, built with {@code oshcc}.
     * @param timeout how long one run may take.
     */
    public OshmemRunner(final Path binary, final Duration timeout)
    {
        this.binary = binary;
        this.timeout = timeout;
    }

    /**
     * @param binary  the program.
     * @param npes    the PE count, or a placeholder for the report.
     * @param options {@code oshrun} options put before the program ({@code --bind-to core}); empty for Open
     *                MPI's defaults.
     * @return the command line.
     */
    public static List<String> command(final Path binary, final String npes, final List<String> options)
    {
        final List<String> command = new ArrayList<>(List.of("oshrun", "--allow-run-as-root", "--oversubscribe",
            "-np", npes));
        command.addAll(options);
        // Debian's Open MPI 4.1.4 segfaults in shmem_finalize through osc/rdma (anchors README, "Known
        // issues"): without this every run ends with exit 139 after its figures are printed
        command.addAll(List.of("--mca", "osc", "^rdma"));
        command.add(binary.toString());
        return command;
    }

    /**
     * @return the first line of {@code oshrun --version}, or why there is none.
     */
    public static String version() throws InterruptedException
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

    /** Tries of one OSHMEM run that crashes before printing anything: the first and four more. */
    static final int TRIES = 5;

    /**
     * Runs the program on {@code pes} PEs, and again, up to {@value #TRIES} tries in all (into
     * {@code NAME-again.log}, {@code NAME-again2.log}...), while it exits non-zero before printing a figure:
     * Open MPI 4.1.6 with UCX (Ubuntu 24.04, the 16-core machine) crashes in {@code shmem_init} in about one
     * run in two (SIGSEGV in {@code mca_memheap_modex_recv_all}), before it measures anything, and the
     * reference is worth more tries; the run's notes say how many were needed.
     *
     * @param pes            the PE count.
     * @param options        {@code oshrun} options put before the program.
     * @param log            where its output goes.
     * @param printedFigures whether some of the lines it printed are figures.
     * @return the last run.
     */
    public Run run(final int pes, final List<String> options, final Path log,
        final Predicate<List<String>> printedFigures) throws IOException, InterruptedException
    {
        final List<String> command = command(binary, Integer.toString(pes), options);
        final String name = log.getFileName().toString();
        final String stem = name.endsWith(".log") ? name.substring(0, name.length() - 4) : name;
        LoggedProcess run = LoggedProcess.run(command, log, timeout);
        int tries = 1;
        while (tries < TRIES && run.exitCode() != 0 && !run.timedOut() && !printedFigures.test(run.lines()))
        {
            tries++;
            final Path again = log.resolveSibling(stem + "-again" + (tries == 2 ? "" : Integer.toString(tries - 1)) +
                (name.endsWith(".log") ? ".log" : ""));
            run = LoggedProcess.run(command, again, timeout);
        }
        final List<String> notes = tries == 1 ? List.of() : List.of(String.format(Locale.ROOT, "OSHMEM on %d PEs " +
            "ended before printing anything and was run %d times in all (%s and its -again logs).", pes, tries, name));
        return new Run(command, run.lines(), run.exitCode(), run.timedOut(), notes);
    }
}
