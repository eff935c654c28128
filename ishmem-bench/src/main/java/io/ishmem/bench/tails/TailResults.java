package io.ishmem.bench.tails;

import io.ishmem.bench.Spread;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Every result line of a tails phase, by PE count and variant, summarised per op over the rounds after the
 * first (round 0 is the warm-up of the JIT, and of Open MPI's lazily made connections).
 */
final class TailResults
{
    private record Run(int pes, Variant variant)
    {
    }

    private record Cell(TailOp op, int round, int pe)
    {
    }

    private static final Comparator<Run> RUN_ORDER = Comparator.comparingInt(Run::pes)
        .thenComparing(Run::variant);
    private static final Comparator<Cell> CELL_ORDER = Comparator.comparing(Cell::op)
        .thenComparingInt(Cell::round).thenComparingInt(Cell::pe);

    private final Map<Run, Map<Cell, TailStats>> runs = new TreeMap<>(RUN_ORDER);

    /**
     * @param pes     the job's PE count.
     * @param variant who ran it.
     * @param line    one line it printed; a later line for the same op, round and PE replaces an earlier one.
     */
    void add(final int pes, final Variant variant, final TailLine line)
    {
        runs.computeIfAbsent(new Run(pes, variant), run -> new TreeMap<>(CELL_ORDER))
            .put(new Cell(line.op(), line.round(), line.pe()), line.stats());
    }

    /**
     * @return a PE 0 row for every op a run printed after its first round, and a worst-PE row where more than
     *         one PE printed; ordered by PE count, op, variant and scope.
     */
    List<TailSummary> summaries()
    {
        final List<TailSummary> summaries = new ArrayList<>();
        for (final Map.Entry<Run, Map<Cell, TailStats>> run : runs.entrySet())
        {
            for (final TailOp op : TailOp.values())
            {
                final Map<Integer, Map<Integer, TailStats>> byRound = measuredRounds(run.getValue(), op);
                if (byRound.isEmpty())
                {
                    continue;
                }
                final Run key = run.getKey();
                final Map<Statistic, List<Double>> pe0 = new EnumMap<>(Statistic.class);
                final Map<Statistic, List<Double>> worst = new EnumMap<>(Statistic.class);
                boolean severalPes = false;
                for (final Map<Integer, TailStats> pes : byRound.values())
                {
                    severalPes |= pes.size() > 1;
                    for (final Statistic statistic : Statistic.values())
                    {
                        if (pes.containsKey(0))
                        {
                            pe0.computeIfAbsent(statistic, s -> new ArrayList<>()).add(statistic.of(pes.get(0)));
                        }
                        worst.computeIfAbsent(statistic, s -> new ArrayList<>()).add(largest(pes.values(), statistic));
                    }
                }
                if (!pe0.isEmpty())
                {
                    summaries.add(summary(key, op, Scope.PE0, pe0));
                }
                if (severalPes)
                {
                    summaries.add(summary(key, op, Scope.WORST, worst));
                }
            }
        }
        summaries.sort(Comparator.comparingInt(TailSummary::pes).thenComparing(TailSummary::op)
            .thenComparing(TailSummary::variant).thenComparing(TailSummary::scope));
        return summaries;
    }

    /**
     * @return the summary of one row, if the run printed it.
     */
    static Optional<TailSummary> find(final List<TailSummary> summaries, final int pes, final TailOp op,
        final Variant variant, final Scope scope)
    {
        return summaries.stream().filter(summary -> summary.pes() == pes && summary.op() == op &&
            summary.variant() == variant && summary.scope() == scope).findFirst();
    }

    /** Rounds after the first, each with its lines by PE. */
    private static Map<Integer, Map<Integer, TailStats>> measuredRounds(final Map<Cell, TailStats> cells,
        final TailOp op)
    {
        final Map<Integer, Map<Integer, TailStats>> byRound = new TreeMap<>();
        for (final Map.Entry<Cell, TailStats> cell : cells.entrySet())
        {
            if (cell.getKey().op() == op && cell.getKey().round() > 0)
            {
                byRound.computeIfAbsent(cell.getKey().round(), round -> new TreeMap<>())
                    .put(cell.getKey().pe(), cell.getValue());
            }
        }
        return byRound;
    }

    private static double largest(final Iterable<TailStats> stats, final Statistic statistic)
    {
        double largest = Double.NaN;
        for (final TailStats one : stats)
        {
            final double value = statistic.of(one);
            if (!Double.isNaN(value) && (Double.isNaN(largest) || value > largest))
            {
                largest = value;
            }
        }
        return largest;
    }

    private static TailSummary summary(final Run run, final TailOp op, final Scope scope,
        final Map<Statistic, List<Double>> values)
    {
        final Map<Statistic, Spread> spreads = new EnumMap<>(Statistic.class);
        int rounds = 0;
        for (final Map.Entry<Statistic, List<Double>> entry : values.entrySet())
        {
            spreads.put(entry.getKey(), Spread.of(entry.getValue()));
            rounds = Math.max(rounds, entry.getValue().size());
        }
        return new TailSummary(run.pes(), op, run.variant(), scope, rounds, spreads);
    }
}
