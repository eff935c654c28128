package io.ishmem.bench.coll;

import io.ishmem.bench.Spread;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * Every result line of a coll phase, by PE count: ours by case, round and PE, for the normal run (shared memory)
 * and the run over UCX apart; {@code oshm_coll}'s by case.
 * Our figure for a round is the slowest PE's, as {@code oshm_coll} reports (a collective runs at the pace of
 * its slowest PE), and a row shows the median over the rounds after the first (round 0 is the JIT's warm-up).
 */
final class CollResults
{
    /**
     * One case at one PE count: each statistic, over the rounds after the first, of the slowest PE's value in
     * each round, in nanoseconds per op.
     *
     * @param rounds how many rounds the spreads cover (0 when none was printed).
     * @param p50    the median of the samples.
     * @param p999   the 99.9th percentile of the ops timed one by one.
     * @param max    the slowest op timed on its own.
     * @param mean   the mean of the samples.
     */
    record Figures(int rounds, Spread p50, Spread p999, Spread max, Spread mean)
    {
        static final Figures NONE = new Figures(0, Spread.NONE, Spread.NONE, Spread.NONE, Spread.NONE);
    }

    private final Map<Integer, Map<CollCase, Map<Integer, Map<Integer, CollOutput.Line>>>> ours = new TreeMap<>();
    private final Map<Integer, Map<CollCase, Map<Integer, Map<Integer, CollOutput.Line>>>> overUcx = new TreeMap<>();
    private final Map<Integer, Map<CollCase, Double>> oshmem = new TreeMap<>();

    /**
     * @param pes  the job's PE count.
     * @param line one line it printed; a later line for the same case, round and PE replaces an earlier one.
     */
    void add(final int pes, final CollOutput.Line line)
    {
        add(ours, pes, line);
    }

    /**
     * @param pes  the PE count of our job run with {@code ISHMEM_TRANSPORT=ucx}.
     * @param line one line it printed; a later line for the same case, round and PE replaces an earlier one.
     */
    void addOverUcx(final int pes, final CollOutput.Line line)
    {
        add(overUcx, pes, line);
    }

    /**
     * @param line one figure of {@code oshm_coll}; a later one for the same case and PE count replaces it.
     */
    void add(final CollOutput.OshmemLine line)
    {
        oshmem.computeIfAbsent(line.pes(), p -> new TreeMap<>()).put(line.c(), line.p50());
    }

    /**
     * @return our figures for the case, {@link Figures#NONE} if no round after the first printed it.
     */
    Figures figures(final int pes, final CollCase c)
    {
        return figures(ours, pes, c);
    }

    /**
     * @return the figures of our run over UCX for the case, {@link Figures#NONE} if no round after the first
     *         printed it.
     */
    Figures figuresOverUcx(final int pes, final CollCase c)
    {
        return figures(overUcx, pes, c);
    }

    /**
     * @return {@code oshm_coll}'s figure for the case, NaN if it printed none.
     */
    double oshmem(final int pes, final CollCase c)
    {
        return oshmem.getOrDefault(pes, Map.of()).getOrDefault(c, Double.NaN);
    }

    /**
     * @return whether any line was added for the PE count, ours (either run) or {@code oshm_coll}'s.
     */
    boolean has(final int pes)
    {
        return ours.containsKey(pes) || overUcx.containsKey(pes) || oshmem.containsKey(pes);
    }

    private static void add(final Map<Integer, Map<CollCase, Map<Integer, Map<Integer, CollOutput.Line>>>> run,
        final int pes, final CollOutput.Line line)
    {
        run.computeIfAbsent(pes, p -> new TreeMap<>()).computeIfAbsent(line.c(), c -> new TreeMap<>())
            .computeIfAbsent(line.round(), round -> new TreeMap<>()).put(line.pe(), line);
    }

    private static Figures figures(final Map<Integer, Map<CollCase, Map<Integer, Map<Integer, CollOutput.Line>>>> run,
        final int pes, final CollCase c)
    {
        final Map<Integer, Map<Integer, CollOutput.Line>> rounds = run.getOrDefault(pes, Map.of())
            .getOrDefault(c, Map.of());
        final List<Map<Integer, CollOutput.Line>> measured = new ArrayList<>();
        rounds.forEach((round, byPe) ->
        {
            if (round > 0)
            {
                measured.add(byPe);
            }
        });
        if (measured.isEmpty())
        {
            return Figures.NONE;
        }
        return new Figures(measured.size(), slowest(measured, CollOutput.Line::p50),
            slowest(measured, CollOutput.Line::p999), slowest(measured, CollOutput.Line::max),
            slowest(measured, CollOutput.Line::mean));
    }

    /** The spread over the rounds of the largest value over the PEs in each round. */
    private static Spread slowest(final List<Map<Integer, CollOutput.Line>> rounds,
        final ToDoubleFunction<CollOutput.Line> statistic)
    {
        final List<Double> values = new ArrayList<>();
        for (final Map<Integer, CollOutput.Line> byPe : rounds)
        {
            double largest = Double.NaN;
            for (final CollOutput.Line line : byPe.values())
            {
                final double value = statistic.applyAsDouble(line);
                largest = Double.isNaN(largest) ? value : Math.max(largest, value);
            }
            values.add(largest);
        }
        return Spread.of(values);
    }
}
