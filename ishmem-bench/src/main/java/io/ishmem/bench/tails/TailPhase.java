package io.ishmem.bench.tails;

import io.ishmem.launcher.JobResult;
import io.ishmem.launcher.LaunchException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The tails phase of the bench: for each PE count, Open MPI's OpenSHMEM running {@code oshm_tail} (when
 * given), then our {@link TailPe} job unbound, then bound one CPU per PE, one after the other, so all three
 * see the machine in the same state; then {@code tails.md}, {@code tails.csv} and one plot per op.
 */
public final class TailPhase
{
    /**
     * What to run.
     *
     * @param peCounts   the PE counts, each at least 2.
     * @param rounds     rounds per run, the first of them the warm-up; at least 2.
     * @param scale      multiplies our calls per round (1 for a real run; {@code oshm_tail}'s are fixed).
     * @param cTail      the compiled {@code oshm_tail}, or {@code null} to leave OpenSHMEM out.
     * @param jvmArgs    JVM options added to our PEs' defaults, for experiments.
     * @param jobTimeout how long any one run may take.
     */
    public record Settings(List<Integer> peCounts, int rounds, double scale, Path cTail, List<String> jvmArgs,
        Duration jobTimeout)
    {
        public Settings
        {
            peCounts = List.copyOf(peCounts);
            jvmArgs = List.copyOf(jvmArgs);
        }
    }

    private final Settings settings;
    private final TailResults results = new TailResults();
    private final List<String> notes = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();

    public TailPhase(final Settings settings)
    {
        this.settings = settings;
    }

    /**
     * Runs everything and writes the report into {@code out}.
     *
     * @param out folder for {@code tails.md}, {@code tails.csv}, the plots and {@code oshmem-tail-N.log}.
     * @param raw receives every line each run printed, tagged with the run.
     * @return what failed (a run that exited non-zero, timed out, or printed no figures); empty if nothing did.
     */
    public List<String> run(final Path out, final List<String> raw) throws IOException, InterruptedException
    {
        final TailJob job = new TailJob(settings.rounds(), settings.scale(), settings.jvmArgs(), settings.jobTimeout());
        header(job);
        final OshmemTailRunner oshmem = settings.cTail() == null ? null :
            new OshmemTailRunner(settings.cTail(), settings.jobTimeout());
        for (final int pes : settings.peCounts())
        {
            if (oshmem != null)
            {
                System.out.printf(Locale.ROOT, "tails: OSHMEM on %d PEs ...%n", pes);
                OshmemTailRunner.Run run = oshmem.run(pes, out.resolve("oshmem-tail-" + pes + ".log"));
                if (run.exitCode() != 0 && !run.timedOut() && TailOutput.parse(run.lines()).lines().isEmpty())
                {
                    // Open MPI 4.1.6 with UCX was seen to crash in shmem_init now and then (SIGSEGV in the
                    // memheap exchange); the reference is worth a second try, and the note says it was needed
                    notes.add(String.format(Locale.ROOT, "OSHMEM on %d PEs ended with exit %d before printing " +
                        "anything and was run once more (oshmem-tail-%d.log).", pes, run.exitCode(), pes));
                    run = oshmem.run(pes, out.resolve("oshmem-tail-" + pes + "-again.log"));
                }
                for (final String line : run.lines())
                {
                    System.out.println("  " + line);
                    raw.add("tails/" + Variant.OSHMEM.tag() + "/" + pes + " " + line);
                }
                take(pes, Variant.OSHMEM, run.lines(), run.exitCode(), run.timedOut());
            }
            for (final Variant variant : new Variant[] {Variant.OURS_UNBOUND, Variant.OURS_BOUND})
            {
                runOurs(job, pes, variant, raw);
            }
        }

        final List<String> allNotes = new ArrayList<>(notes);
        failures.forEach(failure -> allNotes.add("**FAILED:** " + failure));
        System.out.println(write(results, settings.peCounts(), allNotes, out));
        return List.copyOf(failures);
    }

    /**
     * Writes {@code tails.md}, {@code tails.csv} and, where this runtime has AWT, the plots.
     *
     * @return the table.
     */
    static String write(final TailResults results, final List<Integer> peCounts, final List<String> notes,
        final Path out) throws IOException
    {
        final List<TailSummary> summaries = results.summaries();
        final List<TailTargets.Check> checks = TailTargets.check(summaries, peCounts);
        final List<String> allNotes = new ArrayList<>(notes);
        if (ModuleLayer.boot().findModule("java.desktop").isEmpty())
        {
            // a jlinked runtime on a GPU machine: TailReport draws them from raw.txt on a full JDK
            allNotes.add("No plots: this runtime has no java.desktop; run TailReport on raw.txt with a full JDK.");
        }
        final String table = TailTable.markdown(summaries, checks, allNotes);
        Files.writeString(out.resolve("tails.md"), table, StandardCharsets.UTF_8);
        Files.writeString(out.resolve("tails.csv"), TailCsv.write(summaries), StandardCharsets.UTF_8);
        if (ModuleLayer.boot().findModule("java.desktop").isPresent())
        {
            TailPlots.write(summaries, out);
        }
        return table;
    }

    private void header(final TailJob job) throws InterruptedException
    {
        final StringBuilder calls = new StringBuilder();
        for (final TailOp op : TailOp.values())
        {
            calls.append(calls.isEmpty() ? "" : ", ").append(op.lineName()).append(' ')
                .append(op.calls(settings.scale()));
        }
        notes.add(String.format(Locale.ROOT, "%s, %d CPUs, %s %s; %d rounds per run (round 0 is the warm-up), " +
            "calls per round: %s.", LocalDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME),
            Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"), Runtime.version(),
            settings.rounds(), calls));
        notes.add("Ours: TailPe as a launcher job, each call timed with System.nanoTime into a pre-allocated " +
            "HdrHistogram; PE JVM options: " + String.join(" ", job.jvmOptions()) + "; bound: taskset, one CPU " +
            "per PE, round robin over the launcher's CPUs.");
        if (settings.cTail() == null)
        {
            notes.add("OSHMEM not run (no --c-tail): its rows are missing and its goals say \"no reference\".");
        }
        else
        {
            notes.add("OSHMEM: " + OshmemTailRunner.version() + ", `" +
                String.join(" ", OshmemTailRunner.command(settings.cTail(), "N")) +
                "` (Open MPI binds each rank to a core while the ranks fit the CPUs, to none when oversubscribed); " +
                "oshm_tail prints PE 0 only, no p99.99, and its calls per round are fixed (barrier 20000, " +
                "malloc+free 4000).");
        }
    }

    private void runOurs(final TailJob job, final int pes, final Variant variant, final List<String> raw)
    {
        final JobResult result;
        try
        {
            result = job.run(pes, variant);
        }
        catch (final LaunchException ex)
        {
            failures.add(variant.label() + " on " + pes + " PEs did not start: " + ex.getMessage());
            return;
        }
        final List<String> lines = new ArrayList<>();
        for (int pe = 0; pe < result.npes(); pe++)
        {
            for (final String line : result.output(pe))
            {
                raw.add("tails/" + variant.tag() + "/" + pes + " [" + pe + "] " + line);
                lines.add(line);
            }
        }
        take(pes, variant, lines, result.exitCode(), result.timedOut());
    }

    private void take(final int pes, final Variant variant, final List<String> lines, final int exitCode,
        final boolean timedOut)
    {
        final TailOutput.Parsed parsed = TailOutput.parse(lines);
        parsed.lines().forEach(line -> results.add(pes, variant, line));
        parsed.rejected().forEach(why -> notes.add(variant.label() + " on " + pes + " PEs, line rejected: " + why));
        if (exitCode != 0 || timedOut || parsed.lines().isEmpty())
        {
            failures.add(String.format(Locale.ROOT, "%s on %d PEs: exit %d%s, %d figure lines; see raw.txt",
                variant.label(), pes, exitCode, timedOut ? " (timed out)" : "", parsed.lines().size()));
        }
    }
}
