package io.ishmem.bench.tails;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One PNG per op: latency (log) against percentile, one step per point as {@link Statistic#plotX()} places
 * them, PE 0's distribution, one series per PE count and variant. The colour is the PE count's and the line
 * the variant's, so a PE count's curves sit side by side.
 */
final class TailPlots
{
    private static final Color[] PE_COLOURS = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c),
        new Color(0xd62728), new Color(0x9467bd), new Color(0x8c564b)};

    private TailPlots()
    {
    }

    /**
     * @return the files written, one per op with any PE 0 row.
     */
    static List<Path> write(final List<TailSummary> summaries, final Path dir) throws IOException
    {
        System.setProperty("java.awt.headless", "true");
        final List<Integer> peCounts = summaries.stream().map(TailSummary::pes).distinct().sorted().toList();
        final List<Path> files = new ArrayList<>();
        for (final TailOp op : TailOp.values())
        {
            final List<TailSummary> rows = summaries.stream()
                .filter(summary -> summary.op() == op && summary.scope() == Scope.PE0).toList();
            final double lowest = lowestPlotted(rows);
            if (Double.isNaN(lowest))
            {
                continue;
            }
            final XYChart chart = new XYChartBuilder().width(1000).height(600)
                .title(op.label() + ": per-call latency by percentile, PE 0 (median over rounds after the first)")
                .xAxisTitle("percentile (from p90 to p99.99, one step per decade of 1 / (1 - p))")
                .yAxisTitle("microseconds").build();
            chart.getStyler().setYAxisLogarithmic(true).setYAxisDecimalPattern("#,##0.###")
                .setLegendPosition(Styler.LegendPosition.InsideNW).setMarkerSize(8);
            // with a custom formatter XChart ticks at the data's x values; on a log x axis it never ends, hence
            // the steps of a linear one
            chart.setCustomXAxisTickLabelsFormatter(TailPlots::xLabel);
            addAxisSteps(chart, lowest);
            for (final TailSummary summary : rows)
            {
                addSeries(chart, summary, PE_COLOURS[peCounts.indexOf(summary.pes()) % PE_COLOURS.length]);
            }
            final Path file = dir.resolve(op.plotFile());
            BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
            files.add(file);
        }
        return files;
    }

    /** @return whether a row's value of this statistic is a point of the plot: a percentile, measured, on a log axis. */
    private static boolean plotted(final Statistic statistic, final double y)
    {
        return !Double.isNaN(statistic.plotX()) && y > 0;
    }

    /** @return the smallest value any of these rows puts on the plot; NaN if none puts any there. */
    private static double lowestPlotted(final List<TailSummary> rows)
    {
        double lowest = Double.NaN;
        for (final TailSummary summary : rows)
        {
            for (final Statistic statistic : Statistic.values())
            {
                final double y = summary.get(statistic).median();
                if (plotted(statistic, y) && !(y >= lowest))
                {
                    lowest = y;
                }
            }
        }
        return lowest;
    }

    /**
     * XChart places a custom formatter's ticks at the first series' x values, and when that series leaves a step out
     * it searches for a tick spacing without end (OSHMEM prints no p99.99, so a chart whose first series is OSHMEM's
     * hung the bench): a first series at every step, unseen, at a y the data reaches, keeps the steps whole.
     */
    private static void addAxisSteps(final XYChart chart, final double y)
    {
        final List<Double> xs = new ArrayList<>();
        final List<Double> ys = new ArrayList<>();
        for (final Statistic statistic : Statistic.values())
        {
            if (!Double.isNaN(statistic.plotX()))
            {
                xs.add(statistic.plotX());
                ys.add(y);
            }
        }
        final XYSeries steps = chart.addSeries(" ", xs, ys);
        steps.setShowInLegend(false);
        steps.setLineStyle(SeriesLines.NONE);
        steps.setMarker(SeriesMarkers.NONE);
    }

    private static String xLabel(final double x)
    {
        for (final Statistic statistic : Statistic.values())
        {
            if (statistic.plotX() == x)
            {
                return statistic.label();
            }
        }
        return "";
    }

    private static void addSeries(final XYChart chart, final TailSummary summary, final Color colour)
    {
        final List<Double> xs = new ArrayList<>();
        final List<Double> ys = new ArrayList<>();
        for (final Statistic statistic : Statistic.values())
        {
            final double y = summary.get(statistic).median();
            if (plotted(statistic, y))
            {
                xs.add(statistic.plotX());
                ys.add(y);
            }
        }
        if (xs.isEmpty())
        {
            return;
        }
        final XYSeries series = chart.addSeries(summary.pes() + " PEs, " + summary.variant().label(), xs, ys);
        series.setLineColor(colour);
        series.setMarkerColor(colour);
        series.setLineStyle(line(summary.variant()));
        series.setMarker(marker(summary.variant()));
    }

    private static BasicStroke line(final Variant variant)
    {
        return switch (variant)
        {
            case OURS_UNBOUND -> SeriesLines.SOLID;
            case OURS_BOUND -> SeriesLines.DASH_DASH;
            case OURS_UCX -> SeriesLines.DASH_DOT;
            case OSHMEM -> SeriesLines.DOT_DOT;
        };
    }

    private static Marker marker(final Variant variant)
    {
        return switch (variant)
        {
            case OURS_UNBOUND -> SeriesMarkers.CIRCLE;
            case OURS_BOUND -> SeriesMarkers.DIAMOND;
            case OURS_UCX -> SeriesMarkers.SQUARE;
            case OSHMEM -> SeriesMarkers.CROSS;
        };
    }
}
