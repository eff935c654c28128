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
 * {@link CallPathBenchmark}'s library paths, each against the raw operation it ends in, timed in pairs by
 * {@link CallPathAlternation}: every round runs one fork per path, in which the path and its raw twin take turns
 * iteration by iteration; a round's difference is the median of the library's iterations less the median of the
 * raw ones, and a path's cost over raw is the median over the rounds. Forks of the two, even back to back, were
 * not enough: on the project's VM the machine's speed moves between two levels from one second to the next, and a
 * path's excess over raw moved from -1.4 to 5.6 ns between rounds, more than the 2-ns budget it is measured
 * against. Writes callpath.md and callpath.csv.
 * <p>
 * Usage: {@code CallPathPairs --out DIR [--rounds N] [--paths NAME,...]}: {@code --paths} runs only those paths.
 */
public final class CallPathPairs
{
    /** The budget: what a call path may cost over its raw operation. */
    static final double BUDGET_NS = 2.0;

    /** Each library path, by its benchmark's name, and the raw operation it ends in (CallPathBenchmark's name). */
    static final Map<String, String> PAIRS = pairs();

    private CallPathPairs()
    {
    }

    public static void main(final String[] args) throws RunnerException, IOException
    {
        Path out = null;
        int rounds = 5;
        Map<String, String> pairs = PAIRS;
        for (int i = 0; i < args.length; i++)
        {
            switch (args[i])
            {
                case "--out" -> out = Path.of(value(args, ++i, "--out"));
                case "--rounds" -> rounds = rounds(value(args, ++i, "--rounds"));
                case "--paths" -> pairs = only(value(args, ++i, "--paths"));
                default -> throw new IllegalArgumentException("unknown argument " + args[i] +
                    " (usage: CallPathPairs --out DIR [--rounds N] [--paths NAME,...])");
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
            for (final String path : pairs.keySet())
            {
                final double[] turns = fork(path);
                scores.addRound(path, turns[0], turns[1]);
                System.out.printf(Locale.ROOT, "round %d %s library %.3f ns raw %.3f ns%n", round, path, turns[0],
                    turns[1]);
            }
        }
        final String table = scores.markdown();
        System.out.print(table);
        Files.writeString(out.resolve("callpath.md"), table);
        Files.writeString(out.resolve("callpath.csv"), scores.csv());
    }

    /**
     * One fork of a path's alternation: the medians of the library's measured iterations and of the raw ones (a
     * median, where JMH's score is the mean of them all: one iteration in a few runs 2-4 times slower than the rest
     * of its fork, and a mean carries that into the difference it is meant to resolve).
     */
    private static double[] fork(final String path) throws RunnerException
    {
        final Options options = new OptionsBuilder()
            .include(CallPathAlternation.class.getName().replace(".", "\\.") + "\\." + path + "$")
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
        System.out.printf(Locale.ROOT, "  %s iterations, library and raw in turn %s%n", path, iterations);
        return turns(iterations);
    }

    /** @return the medians of the library's and of the raw operation's iterations, in that order. */
    static double[] turns(final List<Double> iterations)
    {
        if (iterations.size() != CallPathAlternation.MEASURED)
        {
            throw new IllegalStateException("an alternation fork measured " + iterations.size() +
                " iterations, not " + CallPathAlternation.MEASURED + ": which side ran which is unknown");
        }
        final List<Double> library = new ArrayList<>();
        final List<Double> raw = new ArrayList<>();
        for (int i = 0; i < iterations.size(); i++)
        {
            (CallPathAlternation.libraryIteration(i) ? library : raw).add(iterations.get(i));
        }
        return new double[] {Spread.of(library).median(), Spread.of(raw).median()};
    }

    private static Map<String, String> pairs()
    {
        final Map<String, String> pairs = new LinkedHashMap<>();
        pairs.put("put8", "rawCopy8");
        pairs.put("put8Quiet", "rawCopy8FullFence");
        pairs.put("pLong", "rawOpaqueStore");
        pairs.put("putSignal8Set", "rawCopy8ReleaseStore");
        pairs.put("signalAdd", "rawGetAndAdd");
        pairs.put("testLongSatisfied", "rawGetAcquire");
        pairs.put("waitUntilSatisfied", "rawGetAcquire");
        pairs.put("signalWaitUntilSatisfied", "rawGetAcquire");
        pairs.put("barrierAll", "rawReleaseFence");
        return Collections.unmodifiableMap(pairs);
    }

    /** @return the pairs of the paths named, comma-separated, in the order of {@link #PAIRS}. */
    static Map<String, String> only(final String names)
    {
        final List<String> wanted = List.of(names.split(","));
        for (final String name : wanted)
        {
            if (!PAIRS.containsKey(name))
            {
                throw new IllegalArgumentException("--paths: " + name + " is none of the paths " + PAIRS.keySet());
            }
        }
        final Map<String, String> pairs = new LinkedHashMap<>();
        PAIRS.forEach((path, raw) ->
        {
            if (wanted.contains(path))
            {
                pairs.put(path, raw);
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
