package io.ishmem.bench.jmh;

import io.ishmem.bench.Spread;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@link CallPathBenchmark}'s library paths, each against the raw operation it ends in, timed as pairs: every
 * round runs one fork of each, the library's next to its raw twin, which goes first alternating from round to
 * round, and a path's cost over raw is the median over the rounds of its round's difference. JMH's own order
 * (by name, all forks of one benchmark, then the next) put a path and its twin minutes apart, and on a VM whose
 * speed drifts a path's excess over raw moved by up to 3.6 ns between two runs of one code: more than the 2-ns
 * budget it is measured against. Writes callpath.md and callpath.csv.
 * <p>
 * Usage: {@code CallPathPairs --out DIR [--rounds N] [--raw NAME,...]}: {@code --raw} runs only the pairs of those
 * raw operations.
 */
public final class CallPathPairs
{
    /** The budget: what a call path may cost over its raw operation. */
    static final double BUDGET_NS = 2.0;

    /** Each raw operation and the library paths that end in it. */
    static final Map<String, List<String>> PAIRS = pairs();

    private CallPathPairs()
    {
    }

    public static void main(final String[] args) throws RunnerException, IOException
    {
        Path out = null;
        int rounds = 5;
        Map<String, List<String>> pairs = PAIRS;
        for (int i = 0; i < args.length; i++)
        {
            switch (args[i])
            {
                case "--out" -> out = Path.of(value(args, ++i, "--out"));
                case "--rounds" -> rounds = rounds(value(args, ++i, "--rounds"));
                case "--raw" -> pairs = only(value(args, ++i, "--raw"));
                default -> throw new IllegalArgumentException("unknown argument " + args[i] +
                    " (usage: CallPathPairs --out DIR [--rounds N] [--raw NAME,...])");
            }
        }
        if (out == null)
        {
            throw new IllegalArgumentException("--out DIR is required (where callpath.md and callpath.csv go)");
        }
        Files.createDirectories(out);
        final PairedScores scores = new PairedScores(pairs, BUDGET_NS);
        for (int round = 1; round <= rounds; round++)
        {
            for (final Map.Entry<String, List<String>> pair : pairs.entrySet())
            {
                scores.addRound(pair.getKey(), round(round, pair.getKey(), pair.getValue()));
            }
        }
        final String table = scores.markdown();
        System.out.print(table);
        Files.writeString(out.resolve("callpath.md"), table);
        Files.writeString(out.resolve("callpath.csv"), scores.csv());
    }

    /** One fork of the raw operation and of each of its paths: the raw first in odd rounds, last in even ones. */
    private static Map<String, Double> round(final int round, final String raw, final List<String> paths)
        throws RunnerException
    {
        final List<String> order = new ArrayList<>();
        order.add(raw);
        order.addAll(paths);
        if (round % 2 == 0)
        {
            Collections.reverse(order);
        }
        final Map<String, Double> scores = new LinkedHashMap<>();
        for (final String name : order)
        {
            final double score = fork(name);
            scores.put(name, score);
            System.out.printf(Locale.ROOT, "round %d %s %.3f ns%n", round, name, score);
        }
        return scores;
    }

    /**
     * One fork of one benchmark, with the JMH settings its class declares but the fork count: the median of its
     * measured iterations, where JMH's score is their mean. On the project's VM one iteration in a few runs 2-4
     * times slower than the rest of its fork (a copy and a release store: 7.9 +- 39.6 ns over three iterations),
     * and a mean carries that into the difference it is meant to resolve.
     */
    private static double fork(final String name) throws RunnerException
    {
        final Options options = new OptionsBuilder()
            .include(CallPathBenchmark.class.getName().replace(".", "\\.") + "\\." + name + "$")
            .forks(1)
            .verbosity(VerboseMode.SILENT)
            .build();
        final RunResult run = new Runner(options).runSingle();
        final List<Double> iterations = new ArrayList<>();
        for (final BenchmarkResult fork : run.getBenchmarkResults())
        {
            for (final IterationResult iteration : fork.getIterationResults())
            {
                iterations.add(iteration.getPrimaryResult().getScore());
            }
        }
        System.out.printf(Locale.ROOT, "  %s iterations %s%n", name, iterations);
        return Spread.of(iterations).median();
    }

    private static Map<String, List<String>> pairs()
    {
        final Map<String, List<String>> pairs = new LinkedHashMap<>();
        pairs.put("rawCopy8", List.of("put8"));
        pairs.put("rawCopy8FullFence", List.of("put8Quiet"));
        pairs.put("rawOpaqueStore", List.of("pLong"));
        pairs.put("rawCopy8ReleaseStore", List.of("putSignal8Set"));
        pairs.put("rawGetAndAdd", List.of("signalAdd"));
        pairs.put("rawGetAcquire", List.of("testLongSatisfied", "waitUntilSatisfied", "signalWaitUntilSatisfied"));
        pairs.put("rawReleaseFence", List.of("barrierAll"));
        return Collections.unmodifiableMap(pairs);
    }

    /** @return the pairs of the raw operations named, comma-separated, in the order of {@link #PAIRS}. */
    static Map<String, List<String>> only(final String names)
    {
        final List<String> wanted = List.of(names.split(","));
        final Map<String, List<String>> pairs = new LinkedHashMap<>();
        for (final String name : wanted)
        {
            if (!PAIRS.containsKey(name))
            {
                throw new IllegalArgumentException("--raw: " + name + " is none of the raw operations " +
                    PAIRS.keySet());
            }
        }
        PAIRS.forEach((raw, paths) ->
        {
            if (wanted.contains(raw))
            {
                pairs.put(raw, paths);
            }
        });
        return pairs;
    }

    private static String value(final String[] args, final int i, final String option)
    {
        if (i >= args.length)
        {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static int rounds(final String value)
    {
        final int rounds;
        try
        {
            rounds = Integer.parseInt(value);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("--rounds must be a whole number from 1 to 100, got " + value);
        }
        if (rounds < 1 || rounds > 100)
        {
            throw new IllegalArgumentException("--rounds must be from 1 to 100, got " + rounds);
        }
        return rounds;
    }
}
