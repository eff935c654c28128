package io.ishmem.bench.tails;

import java.util.function.ToDoubleFunction;

/** The statistics of a {@link TailStats}, each with its name in tables and CSV and its place on a plot's x axis. */
enum Statistic
{
    P50("p50", TailStats::p50, 0),
    P90("p90", TailStats::p90, 1),
    P99("p99", TailStats::p99, 2),
    P999("p99.9", TailStats::p999, 3),
    P9999("p99.99", TailStats::p9999, 4),
    MAX("max", TailStats::max, 5),
    MEAN("mean", TailStats::mean, Double.NaN);

    private final String label;
    private final ToDoubleFunction<TailStats> field;
    private final double plotX;

    Statistic(final String label, final ToDoubleFunction<TailStats> field, final double plotX)
    {
        this.label = label;
        this.field = field;
        this.plotX = plotX;
    }

    String label()
    {
        return label;
    }

    double of(final TailStats stats)
    {
        return field.applyAsDouble(stats);
    }

    /**
     * @return the percentile's place on a plot's x axis, one step per point: from p90 on that is
     *         {@code log10(1 / (1 - p))}, the usual axis of a latency-by-percentile plot, with p50 one step before
     *         p90 and the maximum one after p99.99; NaN for the mean, which is not a percentile.
     */
    double plotX()
    {
        return plotX;
    }
}
