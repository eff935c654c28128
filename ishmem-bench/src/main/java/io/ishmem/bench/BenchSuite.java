package io.ishmem.bench;

import io.ishmem.bench.coll.CollPhase;
import io.ishmem.bench.tails.TailPhase;
import io.ishmem.launcher.CpuBinding;
import io.ishmem.launcher.JobResult;
import io.ishmem.launcher.JobSpec;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.io.File;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Runs the whole bench suite as jobs of the launcher (2 pinned PEs for the pair suite, 2 to 8 PEs for
 * barriers, 8 PEs for the ring), optionally the C anchor programs interleaved round by round with the
 * pair job, and writes
 * {@code table.md}, {@code results.csv}, {@code raw.txt} and PNG plots into the output folder; then the
 * tails phase ({@link TailPhase}: per-call latency distributions beside Open MPI's OpenSHMEM), which writes
 * {@code tails.md}, {@code tails.csv} and its plots; then the coll phase ({@link CollPhase}: collectives, atomics
 * and malloc beside their floors and Open MPI's OpenSHMEM), which writes {@code coll.md}, {@code coll.csv} and
 * its plots. {@code --only suite}, {@code --only tails} or {@code --only coll} runs one.
 */
@Command(name = "ishmem-bench", mixinStandardHelpOptions = true,
    description = "Measures ishmem4j beside the raw floor of each operation, in one run.")
public final class BenchSuite implements Callable<Integer>
{
    /** The targets of the hot-path issue (14) where it set one, else those of the bench issue before it. */
    static final Map<String, ResultSet.Target> TARGETS = Map.ofEntries(
        Map.entry("putsig_set_read_oneway/8", new ResultSet.Target("<= 1.10x floor", true, true, 1.10)),
        Map.entry("putsig_add_read_oneway/8", new ResultSet.Target("<= 1.10x floor", true, true, 1.10)),
        Map.entry("p_wait_oneway/8", new ResultSet.Target("<= 1.10x floor", true, true, 1.10)),
        Map.entry("barrier_2pes/0", new ResultSet.Target("<= 1.15x floor", true, true, 1.15)),
        Map.entry("put_bandwidth/8", new ResultSet.Target(">= 0.85x floor", true, false, 0.85)),
        Map.entry("signal_add_all_pes_one_word_2pes/8", new ResultSet.Target("<= 1.5x floor", true, true, 1.5)),
        Map.entry("team_split_2pes/0", new ResultSet.Target("<= 2 barriers", true, true, 1.0)),
        Map.entry("team_split_4pes/0", new ResultSet.Target("<= 2 barriers", true, true, 1.0)),
        Map.entry("team_split_8pes/0", new ResultSet.Target("<= 2 barriers", true, true, 1.0)),
        Map.entry("put_quiet/8", new ResultSet.Target("<= 15 ns", false, true, 15)),
        Map.entry("signal_add_uncontended/8", new ResultSet.Target("<= 12 ns", false, true, 12)),
        Map.entry("put_bandwidth/65536", new ResultSet.Target(">= 0.95x floor", true, false, 0.95)),
        Map.entry("put_bandwidth/1048576", new ResultSet.Target(">= 0.95x floor", true, false, 0.95)),
        Map.entry("ring_putsig_hops_8pes/10000", new ResultSet.Target("< 2 s", false, true, 2.0)));

    private static final Map<String, String> C_OPS = Map.of(
        "store_pingpong/half_rtt_ns", "p_wait_oneway",
        "putsig_store_read/half_rtt_ns", "putsig_set_read_oneway",
        "putsig_add_read/half_rtt_ns", "putsig_add_read_oneway",
        "barrier/ns_per_op", "barrier_2pes",
        "faa_local/ns_per_op", "signal_add_uncontended",
        "memcpy/GB_per_s", "put_bandwidth");

    @Option(names = "--rounds", description = "measured rounds per job (after one warm-up round); default ${DEFAULT-VALUE}")
    int rounds = 10;

    @Option(names = "--scale", description = "multiplies sample counts; 1 for a real run; default ${DEFAULT-VALUE}")
    double scale = 1.0;

    @Option(names = "--quick", description = "a smoke run of seconds: 1 round, tiny sample counts")
    boolean quick;

    @Option(names = "--out", description = "output folder; default bench-results/<timestamp>")
    Path out;

    @Option(names = "--c-pingpong", description = "the anchors' compiled shm_pingpong, run before and after the pair job")
    Path cPingpong;

    @Option(names = "--c-memcpy", description = "the anchors' compiled memcpy_bw, run before and after the pair job")
    Path cMemcpy;

    @Option(names = "--pes", split = ",", description = "PE counts of the barrier jobs; default ${DEFAULT-VALUE}")
    List<Integer> barrierPes = List.of(4, 8);

    @Option(names = "--ring-pes", description = "PEs of the ring job; default ${DEFAULT-VALUE}")
    int ringPes = 8;

    @Option(names = "--only", paramLabel = "PHASE", description = "run one phase only: suite (latency and " +
        "bandwidth beside the floor), tails (per-call distributions beside OpenSHMEM) or coll (collectives, " +
        "atomics and malloc beside their floors and OpenSHMEM); default all three")
    String only;

    @Option(names = "--tail-pes", split = ",", description = "PE counts of the tails phase, each >= 2; " +
        "default ${DEFAULT-VALUE}")
    List<Integer> tailPes = List.of(2, 4, 8);

    @Option(names = "--tail-rounds", description = "rounds per tails run, the first a warm-up; " +
        "default ${DEFAULT-VALUE}")
    int tailRounds = 3;

    @Option(names = "--tail-scale", description = "multiplies the tails phase's calls per round; " +
        "default ${DEFAULT-VALUE}")
    double tailScale = 1.0;

    @Option(names = "--c-tail", description = "the anchors' compiled oshm_tail, run under oshrun before our tails jobs")
    Path cTail;

    @Option(names = "--tail-jvm-arg", paramLabel = "OPTION", description = "a JVM option added to the tails PEs' " +
        "defaults (repeatable), for experiments; use --tail-jvm-arg=-X... for options starting with '-'")
    List<String> tailJvmArgs = new ArrayList<>();

    @Option(names = "--coll-pes", split = ",", description = "PE counts of the coll phase, each >= 2; " +
        "default ${DEFAULT-VALUE}")
    List<Integer> collPes = List.of(2, 4, 8);

    @Option(names = "--coll-rounds", description = "rounds per coll job, the first a warm-up; " +
        "default ${DEFAULT-VALUE}")
    int collRounds = 4;

    @Option(names = "--coll-scale", description = "multiplies the coll phase's ops per sample; " +
        "default ${DEFAULT-VALUE}")
    double collScale = 1.0;

    @Option(names = "--c-coll", description = "the anchors' compiled oshm_coll, run under oshrun before our coll jobs")
    Path cColl;

    @Option(names = "--coll-jvm-arg", paramLabel = "OPTION", description = "a JVM option added to the coll PEs' " +
        "defaults (repeatable), for experiments; use --coll-jvm-arg=-X... for options starting with '-'")
    List<String> collJvmArgs = new ArrayList<>();

    @Spec
    CommandSpec spec;

    public static void main(final String[] args)
    {
        System.exit(new CommandLine(new BenchSuite()).execute(args));
    }

    @Override
    public Integer call() throws IOException, InterruptedException
    {
        final boolean suite = only == null || only.equals("suite");
        final boolean tails = only == null || only.equals("tails");
        final boolean coll = only == null || only.equals("coll");
        validate();
        if (quick)
        {
            rounds = 1;
            scale = 0.01;
            tailRounds = 2;
            tailScale = 0.01;
            collRounds = 2;
            collScale = 0.01;
        }
        if (out == null)
        {
            out = Path.of("bench-results", LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        }
        Files.createDirectories(out);
        final List<String> raw = new ArrayList<>();
        final List<String> failures = new ArrayList<>();
        try
        {
            if (suite)
            {
                runSuite(raw);
            }
            if (tails)
            {
                failures.addAll(new TailPhase(new PhaseSettings(tailPes, tailRounds, tailScale, cTail,
                    tailJvmArgs, Duration.ofMinutes(10))).run(out, raw));
            }
            if (coll)
            {
                failures.addAll(new CollPhase(new PhaseSettings(collPes, collRounds, collScale, cColl, collJvmArgs,
                    Duration.ofMinutes(10))).run(out, raw));
            }
        }
        finally
        {
            // what ran is kept even when a suite's job failed
            Files.write(out.resolve("raw.txt"), raw, StandardCharsets.UTF_8);
        }
        System.out.println("written: " + out.toAbsolutePath());
        failures.forEach(failure -> System.err.println("FAILED: " + failure));
        return failures.isEmpty() ? 0 : 1;
    }

    private void validate()
    {
        if (only != null && !List.of("suite", "tails", "coll").contains(only))
        {
            throw usage("Invalid value for option '--only': '" + only + "' is not one of suite, tails, coll");
        }
        validatePhase("tail", tailPes, tailRounds, tailScale, "--c-tail", cTail);
        validatePhase("coll", collPes, collRounds, collScale, "--c-coll", cColl);
    }

    /** The options of a phase beside OpenSHMEM: {@code --NAME-pes}, {@code --NAME-rounds}, {@code --NAME-scale}. */
    private void validatePhase(final String name, final List<Integer> peCounts, final int phaseRounds,
        final double phaseScale, final String programOption, final Path program)
    {
        final HashSet<Integer> seen = new HashSet<>();
        for (final int pes : peCounts)
        {
            if (pes < 2 || pes > JobSpec.MAX_NPES)
            {
                throw usage("Invalid value for option '--" + name + "-pes': " + pes + " is not in [2, " +
                    JobSpec.MAX_NPES + "] (the ping-pongs and next-PE atomics need a pair)");
            }
            if (!seen.add(pes))
            {
                throw usage("Invalid value for option '--" + name + "-pes': " + pes + " is listed twice");
            }
        }
        if (phaseRounds < 2 || phaseRounds > PeArgs.MAX_ROUNDS)
        {
            throw usage("Invalid value for option '--" + name + "-rounds': " + phaseRounds + " is not in [2, " +
                PeArgs.MAX_ROUNDS + "] " +
                "(round 0 is the warm-up)");
        }
        if (!(phaseScale > 0 && phaseScale <= 100))
        {
            throw usage("Invalid value for option '--" + name + "-scale': " + phaseScale + " is not in (0, 100]");
        }
        if (program != null && !Files.isExecutable(program))
        {
            throw usage("Invalid value for option '" + programOption + "': " + program + " is not an executable file");
        }
        if (program != null && !onPath("oshrun"))
        {
            throw usage("Invalid value for option '" + programOption + "': oshrun is not on PATH to run " + program +
                " (apt-get install openmpi-bin libopenmpi-dev)");
        }
    }

    private static boolean onPath(final String program)
    {
        final String path = System.getenv("PATH");
        if (path != null)
        {
            for (final String dir : path.split(File.pathSeparator))
            {
                if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program)))
                {
                    return true;
                }
            }
        }
        return false;
    }

    private ParameterException usage(final String message)
    {
        return new ParameterException(spec.commandLine(), message);
    }

    private void runSuite(final List<String> raw) throws IOException, InterruptedException
    {
        final ResultSet results = new ResultSet();
        final int cpus = Runtime.getRuntime().availableProcessors();

        if (cPingpong != null || cMemcpy != null)
        {
            // interleaved as the anchors were measured: the VM moves its vCPUs, so C and Java must take
            // turns round by round to see the same machine; each Java round is a fresh job with its warm-up
            for (int round = 0; round < rounds; round++)
            {
                runAnchors(results, raw);
                runJob("pair", 2, cpus >= 2, 1, 3, results, raw);
            }
        }
        else
        {
            runJob("pair", 2, cpus >= 2, rounds, 1, results, raw);
        }
        for (final int pes : barrierPes)
        {
            runJob("barrier", pes, pes <= cpus, rounds, 1, results, raw);
        }
        runJob("ring", ringPes, ringPes <= cpus, rounds, 1, results, raw);

        final List<ResultSet.Row> rows = results.rows(TARGETS);
        Files.writeString(out.resolve("results.csv"), csv(rows), StandardCharsets.UTF_8);
        final String table = table(rows, cpus);
        Files.writeString(out.resolve("table.md"), table, StandardCharsets.UTF_8);
        Plots.write(rows, out);
        System.out.println(table);
    }

    private void runJob(final String suite, final int pes, final boolean pin, final int jobRounds,
        final int warmups, final ResultSet results, final List<String> raw)
    {
        // as every other phase: the JVM options ishmemrun gives a PE (put and putSignal inlined into the
        // caller's loop among them) and the timed loops compiled apart; a java command of its own left the
        // library's putSignal out of line in the ping-pong ("already compiled into a big method")
        final PeJob job = new PeJob(BenchPe.class, List.of(suite, Integer.toString(jobRounds), Double.toString(scale),
            Integer.toString(warmups)), List.of(), Duration.ofMinutes(10));
        System.out.printf(Locale.ROOT, "running %s on %d PEs%s ...%n", suite, pes, pin ? " (pinned)" : "");
        final JobResult result = job.run(pes, pin ? CpuBinding.CORE : CpuBinding.NONE,
            Map.of("ISHMEM_SYMMETRIC_SIZE", suite.equals("pair") ? "160M" : "16M"));
        for (final String line : PeJob.output(result, suite + "/" + pes, raw))
        {
            results.parse(line, C_OPS);
        }
        if (!result.succeeded())
        {
            throw new IllegalStateException("bench job " + suite + " on " + pes + " PEs failed with exit " +
                result.exitCode() + " (PE " + result.firstFailedPe() + "): " + result.output(result.firstFailedPe()));
        }
    }

    private void runAnchors(final ResultSet results, final List<String> raw) throws IOException, InterruptedException
    {
        if (cPingpong != null)
        {
            runC(List.of(cPingpong.toString(), "0", "1", "store,faa,barrier,putsig"), results, raw);
        }
        if (cMemcpy != null)
        {
            runC(List.of(cMemcpy.toString(), "0"), results, raw);
        }
    }

    private static void runC(final List<String> command, final ResultSet results, final List<String> raw)
        throws IOException, InterruptedException
    {
        System.out.println("running " + String.join(" ", command) + " ...");
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        final List<String> lines = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
            .lines().toList();
        if (process.waitFor() != 0)
        {
            throw new IllegalStateException(command.get(0) + " failed: " + lines);
        }
        for (final String line : lines)
        {
            raw.add("c " + line);
            results.parse(line, C_OPS);
        }
    }

    private static String csv(final List<ResultSet.Row> rows)
    {
        final StringBuilder csv = new StringBuilder("op,size_bytes,unit,ishmem,floor,ratio_to_floor,c_anchor,target,verdict," +
            "ratio_of_medians\n");
        for (final ResultSet.Row row : rows)
        {
            csv.append(String.join(",", row.key().op(), Long.toString(row.key().size()), row.key().unit(),
                num(row.ishmem()), num(row.floor()), num(row.ratio()), num(row.c()),
                row.target() == null ? "" : row.target().text(), row.verdict(), num(row.ratioOfMedians())))
                .append('\n');
        }
        return csv.toString();
    }

    private static String num(final double value)
    {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%.4f", value);
    }

    private static String ratio(final double value)
    {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.2fx", value);
    }

    private String table(final List<ResultSet.Row> rows, final int cpus)
    {
        final StringBuilder table = new StringBuilder();
        table.append(String.format(Locale.ROOT, "Medians of %d rounds (p50 within each round), %d CPUs, %s, %s. " +
            "ratio: the median of the rounds' own ratios, ours / floor in each round (both are timed in every " +
            "round), which the targets are checked on; ratio of medians: ishmem4j / floor as shown.%n%n",
            rounds, cpus, System.getProperty("java.vm.name") + " " + Runtime.version(), LocalDateTime.now()
                .format(DateTimeFormatter.ISO_LOCAL_DATE_TIME)));
        table.append("| operation | size | unit | ishmem4j | floor | ratio | ratio of medians | C anchor | target | |\n");
        table.append("|---|---:|---|---:|---:|---:|---:|---:|---|---|\n");
        for (final ResultSet.Row row : rows)
        {
            final String size = row.key().op().startsWith("ring") ? row.key().size() + " hops" :
                ResultSet.size(row.key().size());
            table.append("| ").append(row.key().op()).append(" | ").append(size)
                .append(" | ").append(row.key().unit()).append(" | ").append(ResultSet.format(row.ishmem()))
                .append(" | ").append(ResultSet.format(row.floor())).append(" | ")
                .append(ratio(row.ratio())).append(" | ").append(ratio(row.ratioOfMedians()))
                .append(" | ").append(ResultSet.format(row.c())).append(" | ")
                .append(row.target() == null ? "" : row.target().text()).append(" | ").append(row.verdict())
                .append(" |\n");
        }
        return table.toString();
    }
}
