package io.ishmem.bench.tails;

import io.ishmem.bench.Spread;

import java.util.List;
import java.util.Locale;

/** {@code tails.md}: the goals with their verdicts, then every distribution row. */
final class TailTable
{
    private static final Statistic[] COLUMNS = {Statistic.P50, Statistic.P99, Statistic.P999, Statistic.MAX,
        Statistic.MEAN};

    private TailTable()
    {
    }

    /**
     * @param summaries the phase's rows.
     * @param checks    the goals, checked.
     * @param notes     lines for the head of the report (machine, date, how each variant ran, failures).
     */
    static String markdown(final List<TailSummary> summaries, final List<TailTargets.Check> checks,
        final List<String> notes)
    {
        final StringBuilder md = new StringBuilder("## Tails: per-call latency beside Open MPI's OpenSHMEM\n\n");
        for (final String note : notes)
        {
            md.append(note).append("  \n");
        }
        md.append('\n');
        md.append("### Targets\n\n")
            .append("Ours against OSHMEM: PE 0 against PE 0, medians over the rounds after the first; the stall ")
            .append("goal takes the largest max of any PE in any of those rounds. Verdict \"missed by N%\": ours is ")
            .append("N% over the limit.\n\n")
            .append("| PEs | op | target | variant | ours (us) | limit (us) | verdict |\n")
            .append("|---:|---|---|---|---:|---:|---|\n");
        for (final TailTargets.Check check : checks)
        {
            md.append("| ").append(check.pes()).append(" | ").append(check.op().label()).append(" | ")
                .append(check.target()).append(" | ").append(check.variant().label()).append(" | ")
                .append(format(check.ours())).append(" | ").append(format(check.limit())).append(" | ")
                .append(check.verdict()).append(" |\n");
        }
        md.append("\n### Distributions (us)\n\n")
            .append("Each cell: the median over the rounds after the first [the range over those rounds]. ")
            .append("\"PE 0\": PE 0's own calls; \"worst PE\": in each round, the largest value of that statistic ")
            .append("over all PEs. p90 and p99.99 are in tails.csv and the plots.\n\n")
            .append("| PEs | op | variant | rounds | p50 | p99 | p99.9 | max | mean |\n")
            .append("|---:|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (final TailSummary summary : summaries)
        {
            md.append("| ").append(summary.pes()).append(" | ").append(summary.op().label()).append(" | ")
                .append(summary.variant().label()).append(", ").append(summary.scope().label()).append(" | ")
                .append(summary.rounds());
            for (final Statistic statistic : COLUMNS)
            {
                md.append(" | ").append(cell(summary.get(statistic)));
            }
            md.append(" |\n");
        }
        return md.toString();
    }

    static String cell(final Spread spread)
    {
        if (spread.isEmpty())
        {
            return "-";
        }
        if (spread.min() == spread.max())
        {
            return format(spread.median());
        }
        return format(spread.median()) + " [" + format(spread.min()) + "-" + format(spread.max()) + "]";
    }

    /** Three significant digits or so, as the histograms hold: 0.392, 12.4, 1830. */
    static String format(final double us)
    {
        if (Double.isNaN(us))
        {
            return "-";
        }
        if (us >= 100)
        {
            return String.format(Locale.ROOT, "%.0f", us);
        }
        return String.format(Locale.ROOT, us >= 10 ? "%.1f" : us >= 1 ? "%.2f" : "%.3f", us);
    }
}
