package io.ishmem.bench.tails;

import io.ishmem.bench.Spread;

import java.util.List;
import java.util.Locale;

/**
 * {@code tails.csv}: one line per row of the report and statistic (a long table, ready for a plotting tool),
 * in microseconds; no field can hold a comma, so no quoting is needed.
 */
final class TailCsv
{
    static final String HEADER = "pes,op,variant,scope,rounds,statistic,median_us,min_us,max_us";

    private TailCsv()
    {
    }

    static String write(final List<TailSummary> summaries)
    {
        final StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (final TailSummary summary : summaries)
        {
            for (final Statistic statistic : Statistic.values())
            {
                final Spread spread = summary.get(statistic);
                if (spread.isEmpty())
                {
                    continue;
                }
                csv.append(String.join(",", Integer.toString(summary.pes()), summary.op().lineName(),
                    summary.variant().tag(), summary.scope().tag(), Integer.toString(summary.rounds()),
                    statistic.label(), num(spread.median()), num(spread.min()), num(spread.max()))).append('\n');
            }
        }
        return csv.toString();
    }

    private static String num(final double value)
    {
        return String.format(Locale.ROOT, "%.4f", value);
    }
}
