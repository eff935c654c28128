package io.ishmem.bench.tails;

import io.ishmem.bench.OshmemRunner;
import io.ishmem.bench.PeJob;
import io.ishmem.bench.PhaseSettings;
import io.ishmem.launcher.CpuBinding;
import io.ishmem.launcher.JobResult;
import io.ishmem.launcher.LaunchException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The tails phase of the bench: for each PE count, Open MPI's OpenSHMEM running {@code oshm_tail} (when
 * given), then our {@link TailPe} job unbound, then bound one CPU per PE, then over UCX, one after the other, so all
 * see the machine in the same state; then {@code tails.md}, {@code tails.csv} and one plot per op.
 */
public final class TailPhase
{
    private final PhaseSettings settings;
    private final TailResults results = new TailResults();
    private final List<String> notes = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();

    public TailPhase(final PhaseSettings settings)
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
        final PeJob job = new PeJob(TailPe.class, List.of(Integer.toString(settings.rounds()),
            Double.toString(settings.scale())), settings.jvmArgs(), settings.jobTimeout());
        header(job);
        final OshmemRunner oshmem = settings.anchor() == null ? null :
            new OshmemRunner(settings.anchor(), settings.jobTimeout());
        for (final int pes : settings.peCounts())
        {
            if (oshmem != null)
            {
                System.out.printf(Locale.ROOT, "tails: OSHMEM on %d PEs ...%n", pes);
                final OshmemRunner.Run run = oshmem.run(pes, List.of(), out.resolve("oshmem-tail-" + pes + ".log"),
                    lines -> !TailOutput.parse(lines).lines().isEmpty());
                notes.addAll(run.notes());
                run.echo("tails/" + Variant.OSHMEM.tag() + "/" + pes, raw);
                take(pes, Variant.OSHMEM, run.lines(), run.exitCode(), run.timedOut());
            }
            for (final Variant variant : new Variant[] {Variant.OURS_UNBOUND, Variant.OURS_BOUND, Variant.OURS_UCX})
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

    private void header(final PeJob job) throws InterruptedException
    {
        final StringBuilder calls = new StringBuilder();
        for (final TailOp op : TailOp.values())
        {
            calls.append(calls.isEmpty() ? "" : ", ").append(op.lineName()).append(' ')
                .append(op.calls(settings.scale()));
        }
        notes.add(String.format(Locale.ROOT, "%s, %d CPUs, %s %s; %d rounds per run after an unreported warm-up " +
            "of whole rounds, at least %d of them and %.1f s (round 0 is left out of the targets too), calls per " +
            "round: %s.", LocalDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME),
            Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"), Runtime.version(),
            settings.rounds(), TailPe.warmupRounds(settings.scale()), TailPe.warmupNs(settings.scale()) / 1e9,
            calls));
        notes.add("Ours: TailPe as a launcher job, each call timed with System.nanoTime into a pre-allocated " +
            "HdrHistogram; PE JVM options: " + String.join(" ", job.jvmOptions()) + "; bound: taskset, one CPU " +
            "per PE, round robin over the launcher's CPUs; over UCX: unbound, ISHMEM_TRANSPORT=ucx, so puts, " +
            "signals and atomics go through UCX (its transports but self, which on one host are the same " +
            "posix/sysv shared memory OSHMEM's spml ucx uses) while barriers, splits and allocation agreement " +
            "still run on the shared control blocks.");
        if (settings.anchor() == null)
        {
            notes.add("OSHMEM not run (no --c-tail): its rows are missing and its goals say \"no reference\".");
        }
        else
        {
            notes.add("OSHMEM: " + OshmemRunner.version() + ", `" +
                String.join(" ", OshmemRunner.command(settings.anchor(), "N", List.of())) +
                "` (Open MPI binds each rank to a core while the ranks fit the CPUs, to none when oversubscribed); " +
                "oshm_tail prints PE 0 only, no p99.99, and its calls per round are fixed (barrier 20000, " +
                "malloc+free 4000).");
        }
    }

    private void runOurs(final PeJob job, final int pes, final Variant variant, final List<String> raw)
    {
        final JobResult result;
        try
        {
            System.out.printf(Locale.ROOT, "tails: %s on %d PEs ...%n", variant.label(), pes);
            result = job.run(pes, variant == Variant.OURS_BOUND ? CpuBinding.CORE : CpuBinding.NONE,
                variant == Variant.OURS_UCX ? Map.of("ISHMEM_TRANSPORT", "ucx") : Map.of());
        }
        catch (final LaunchException ex)
        {
            failures.add(variant.label() + " on " + pes + " PEs did not start: " + ex.getMessage());
            return;
        }
        take(pes, variant, PeJob.output(result, "tails/" + variant.tag() + "/" + pes, raw), result.exitCode(),
            result.timedOut());
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
