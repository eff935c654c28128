package io.ishmem.bench.coll;

import io.ishmem.bench.OshmemRunner;
import io.ishmem.bench.PeJob;
import io.ishmem.bench.PhaseSettings;
import io.ishmem.bench.Sizes;
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
 * The coll phase of the bench: for each PE count, Open MPI's OpenSHMEM running {@code oshm_coll} (when given),
 * then our {@link CollPe} job, then the same job again with {@code ISHMEM_TRANSPORT=ucx}, one after the other so
 * all see the machine in the same state, each bound one CPU per PE while the PEs fit the CPUs and unbound when
 * they do not, as the anchors run {@code oshrun}; then {@code coll.md}, {@code coll.csv} and the plots. The
 * goals are checked on the normal run only.
 */
public final class CollPhase
{
    private final PhaseSettings settings;
    private final int cpus = Runtime.getRuntime().availableProcessors();
    private final CollResults results = new CollResults();
    private final List<String> notes = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();

    /** Our two runs per PE count: the default transport (shared memory), and the host heaps through UCX. */
    private enum OurRun
    {
        OURS("ours", "ours", Map.of()),
        OURS_UCX("ours over UCX", "ours-ucx", Map.of("ISHMEM_TRANSPORT", "ucx"));

        private final String label;
        private final String tag;
        private final Map<String, String> env;

        OurRun(final String label, final String tag, final Map<String, String> env)
        {
            this.label = label;
            this.tag = tag;
            this.env = env;
        }
    }

    public CollPhase(final PhaseSettings settings)
    {
        this.settings = settings;
    }

    /**
     * Runs everything and writes the report into {@code out}.
     *
     * @param out folder for {@code coll.md}, {@code coll.csv}, the plots and {@code oshmem-coll-N.log}.
     * @param raw receives every line each run printed, tagged with the run.
     * @return what failed (a run that exited non-zero, timed out, or printed no figures); empty if nothing did.
     */
    public List<String> run(final Path out, final List<String> raw) throws IOException, InterruptedException
    {
        final PeJob job = new PeJob(CollPe.class, List.of(Integer.toString(settings.rounds()),
            Double.toString(settings.scale()), Integer.toString(cpus)), settings.jvmArgs(), settings.jobTimeout());
        header(job);
        final OshmemRunner oshmem = settings.anchor() == null ? null :
            new OshmemRunner(settings.anchor(), settings.jobTimeout());
        for (final int pes : settings.peCounts())
        {
            if (oshmem != null)
            {
                System.out.printf(Locale.ROOT, "coll: OSHMEM on %d PEs ...%n", pes);
                final OshmemRunner.Run run = oshmem.run(pes, List.of("--bind-to", bound(pes) ? "core" : "none"),
                    out.resolve("oshmem-coll-" + pes + ".log"),
                    lines -> !CollOutput.parse(lines, pes).oshmem().isEmpty());
                notes.addAll(run.notes());
                run.echo("coll/oshmem/" + pes, raw);
                take(pes, null, run.lines(), run.exitCode(), run.timedOut());
            }
            for (final OurRun run : OurRun.values())
            {
                runOurs(job, pes, run, raw);
            }
        }

        final List<String> allNotes = new ArrayList<>(notes);
        failures.forEach(failure -> allNotes.add("**FAILED:** " + failure));
        System.out.println(write(results, settings.peCounts(), allNotes, out));
        return List.copyOf(failures);
    }

    /**
     * Writes {@code coll.md}, {@code coll.csv} and, where this runtime has AWT, the plots.
     *
     * @return the table.
     */
    static String write(final CollResults results, final List<Integer> peCounts, final List<String> notes,
        final Path out) throws IOException
    {
        final List<CollRow> rows = CollTargets.rows(results, peCounts);
        final boolean awt = ModuleLayer.boot().findModule("java.desktop").isPresent();
        final List<String> allNotes = new ArrayList<>(notes);
        if (!awt)
        {
            allNotes.add("No plots: this runtime has no java.desktop.");
        }
        final String table = CollTable.markdown(rows, allNotes);
        Files.writeString(out.resolve("coll.md"), table, StandardCharsets.UTF_8);
        Files.writeString(out.resolve("coll.csv"), CollCsv.write(rows), StandardCharsets.UTF_8);
        if (awt)
        {
            CollPlots.write(rows, out);
        }
        return table;
    }

    /** Both sides bind as {@code oshrun} does: a core per PE while they fit the CPUs, none when oversubscribed. */
    private boolean bound(final int pes)
    {
        return pes <= cpus;
    }

    private void header(final PeJob job) throws InterruptedException
    {
        final StringBuilder calls = new StringBuilder();
        for (final CollCase c : CollCase.values())
        {
            calls.append(calls.isEmpty() ? "" : ", ").append(c.lineName()).append(c.bytes(2) == 0 ? "" :
                " " + Sizes.of(c.bytes(2))).append(' ').append(c.calls(settings.scale()));
        }
        notes.add(String.format(Locale.ROOT, "%s, %d CPUs, %s %s; %d rounds of our job (round 0 is the warm-up); " +
            "ops per sample (k, at 2 PEs): %s.", LocalDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME),
            cpus, System.getProperty("java.vm.name"), Runtime.version(), settings.rounds(), calls));
        notes.add("Ours: CollPe as a launcher job on the world team, bound one CPU per PE (taskset) while the PEs " +
            "fit the CPUs, unbound when they do not; PE JVM options: " + String.join(" ", job.jvmOptions()) + ".");
        notes.add("Ours over UCX: the same job, bound the same way, run right after ours with ISHMEM_TRANSPORT=ucx " +
            "in every PE's environment, so the host heaps go through UCX (docs/ucx.md; UCX's transports but self, " +
            "which on one host are the same posix/sysv shared memory OSHMEM's spml ucx uses). The atomics and " +
            "the collectives' puts and gets of data go through UCX (the collectives then quiet before their " +
            "closing barrier), while barriers, the collectives' agreement, malloc/free agreement and the large " +
            "reductions' reads of the peers' sources still run on the shared control blocks and mappings: the " +
            "barriers and malloc + free measure the same path as ours, the collectives mostly so. Its figures are " +
            "shown beside ours (the floors are those of our normal run); the goals are checked on ours only.");
        final List<Integer> oversubscribed = settings.peCounts().stream().filter(pes -> !bound(pes)).toList();
        if (!oversubscribed.isEmpty())
        {
            notes.add(String.format(Locale.ROOT, "PEs outnumber the CPUs at %s PEs: there, much of a collective's " +
                "time is waiting for a descheduled PE, in both libraries.", oversubscribed));
        }
        if (settings.anchor() == null)
        {
            notes.add("OSHMEM not run (no --c-coll: scripts/bench.sh builds oshm_coll when Open MPI's oshcc is " +
                "installed): its column is empty and its goals say \"no reference\".");
        }
        else
        {
            notes.add("OSHMEM: " + OshmemRunner.version() + ", `" + String.join(" ", OshmemRunner.command(
                settings.anchor(), "N", List.of("--bind-to", "core|none"))) + "` (core while the PEs fit the CPUs), " +
                "one run per PE count just before ours; its figure is the slowest PE's p50 (oshm_coll prints no " +
                "tails).");
        }
    }

    private void runOurs(final PeJob job, final int pes, final OurRun run, final List<String> raw)
    {
        final JobResult result;
        try
        {
            System.out.printf(Locale.ROOT, "coll: %s on %d PEs ...%n", run.label, pes);
            result = job.run(pes, bound(pes) ? CpuBinding.CORE : CpuBinding.NONE, run.env);
        }
        catch (final LaunchException ex)
        {
            failures.add(run.label + " on " + pes + " PEs did not start: " + ex.getMessage());
            return;
        }
        take(pes, run, PeJob.output(result, "coll/" + run.tag + "/" + pes, raw), result.exitCode(),
            result.timedOut());
    }

    /** @param run which of ours printed the lines; {@code null} for {@code oshm_coll}. */
    private void take(final int pes, final OurRun run, final List<String> lines, final int exitCode,
        final boolean timedOut)
    {
        final String who = run == null ? "OSHMEM" : run.label;
        final CollOutput.Parsed parsed = CollOutput.parse(lines, pes);
        // the run over UCX keeps figures of its own: the goals and the floors are those of the normal run
        parsed.lines().forEach(line ->
        {
            if (run == OurRun.OURS_UCX)
            {
                results.addOverUcx(pes, line);
            }
            else
            {
                results.add(pes, line);
            }
        });
        parsed.oshmem().forEach(results::add);
        parsed.rejected().forEach(why -> notes.add(who + " on " + pes + " PEs, line rejected: " + why));
        final int figures = parsed.lines().size() + parsed.oshmem().size();
        if (exitCode != 0 || timedOut || figures == 0)
        {
            failures.add(String.format(Locale.ROOT, "%s on %d PEs: exit %d%s, %d figure lines; see raw.txt", who,
                pes, exitCode, timedOut ? " (timed out)" : "", figures));
        }
    }
}
