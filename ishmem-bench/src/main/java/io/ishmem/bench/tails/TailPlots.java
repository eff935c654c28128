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
            final XYChart chart = new XYChartBuilder().width(1000).height(600)
                .title(op.label() + ": per-call latency by percentile, PE 0 (median over rounds after the first)")
                .xAxisTitle("percentile (from p90 to p99.99, one step per decade of 1 / (1 - p))")
                .yAxisTitle("microseconds").build();
            chart.getStyler().setYAxisLogarithmic(true).setYAxisDecimalPattern("#,##0.###")
                .setLegendPosition(Styler.LegendPosition.InsideNW).setMarkerSize(8);
            // with a custom formatter XChart ticks at the data's x values; on a log x axis it never ends, hence
            // the steps of a linear one
            chart.setCustomXAxisTickLabelsFormatter(TailPlots::xLabel);
            for (final TailSummary summary : summaries)
            {
                if (summary.op() == op && summary.scope() == Scope.PE0)
                {
                    addSeries(chart, summary, PE_COLOURS[peCounts.indexOf(summary.pes()) % PE_COLOURS.length]);
                }
            }
            if (!chart.getSeriesMap().isEmpty())
            {
                final Path file = dir.resolve(op.plotFile());
                BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
                files.add(file);
            }
        }
        return files;
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
            if (!Double.isNaN(statistic.plotX()) && !Double.isNaN(y) && y > 0)
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
