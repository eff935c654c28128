package io.ishmem.bench.coll;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Three PNGs of small charts, one chart per case: ns per op (log) against the PE count, ours (p50 and p99.9)
 * beside ours over UCX (p50), the floor, {@code oshm_coll} and the limit of the case's own goal (dashed), so a
 * miss shows as ours above the dashed line.
 */
final class CollPlots
{
    /**
     * One file: its name and cases.
     */
    private record Sheet(String file, List<CollCase> cases)
    {
    }

    private static final List<Sheet> SHEETS = List.of(
        new Sheet("coll_barriers_small.png", List.of(CollCase.BARRIER_ALL, CollCase.TEAM_BARRIER,
            CollCase.SUM_SMALL, CollCase.BROADCAST_SMALL, CollCase.FCOLLECT_SMALL, CollCase.ALLTOALL)),
        new Sheet("coll_large.png", List.of(CollCase.SUM_LARGE, CollCase.BROADCAST_LARGE, CollCase.FCOLLECT_LARGE)),
        new Sheet("coll_atomics_heap.png", List.of(CollCase.FETCH_ADD, CollCase.COMPARE_SWAP,
            CollCase.FETCH_ADD_ONE_WORD, CollCase.MALLOC_FREE)));
    private static final int COLUMNS = 3;

    private CollPlots()
    {
    }

    /**
     * @return the files written; a sheet none of whose cases has a figure is left out.
     */
    static List<Path> write(final List<CollRow> rows, final Path dir) throws IOException
    {
        System.setProperty("java.awt.headless", "true");
        final List<Path> files = new ArrayList<>();
        for (final Sheet sheet : SHEETS)
        {
            final List<XYChart> charts = new ArrayList<>();
            for (final CollCase c : sheet.cases())
            {
                final XYChart chart = chart(c, rows.stream().filter(row -> row.c() == c).toList());
                if (!chart.getSeriesMap().isEmpty())
                {
                    charts.add(chart);
                }
            }
            if (!charts.isEmpty())
            {
                final Path file = dir.resolve(sheet.file());
                // XChart fills every cell of the grid: the columns must divide the charts
                int columns = Math.min(COLUMNS, charts.size());
                while (charts.size() % columns != 0)
                {
                    columns--;
                }
                BitmapEncoder.saveBitmap(charts, charts.size() / columns, columns, file.toString(),
                    BitmapEncoder.BitmapFormat.PNG);
                files.add(file);
            }
        }
        return files;
    }

    private static XYChart chart(final CollCase c, final List<CollRow> rows)
    {
        final String size = rows.isEmpty() || c.group() == CollCase.Group.BARRIER ? "" :
            ", " + c.sizeLabel(rows.getFirst().pes());
        final XYChart chart = new XYChartBuilder().width(520).height(440).title(c.label() + size)
            .xAxisTitle("PEs").yAxisTitle("ns per op").build();
        // below the plot: inside it, the legend would hide a PE count's points
        chart.getStyler().setYAxisLogarithmic(true).setYAxisDecimalPattern("#,##0.#")
            .setXAxisDecimalPattern("0").setLegendPosition(Styler.LegendPosition.OutsideS).setMarkerSize(7);
        series(chart, "ours p50", rows, CollRow::p50, false);
        series(chart, "ours p99.9 (per op)", rows, row -> row.ours().p999().median(), false);
        series(chart, "ours over UCX p50", rows, CollRow::overUcxP50, false);
        series(chart, "floor: " + c.floorLabel(), rows, CollRow::floor, false);
        series(chart, "OSHMEM p50", rows, CollRow::oshmem, false);
        series(chart, "limit of the goal", rows, CollPlots::ownLimit, true);
        return chart;
    }

    /** The limit of the goal that is the case's own (not the OSHMEM one, which has its own series). */
    private static double ownLimit(final CollRow row)
    {
        for (final CollTargets.Check check : row.checks())
        {
            if (!check.target().equals(CollTargets.VS_OSHMEM))
            {
                return check.limit();
            }
        }
        return Double.NaN;
    }

    private static void series(final XYChart chart, final String name, final List<CollRow> rows,
        final ToDoubleFunction<CollRow> value, final boolean dashed)
    {
        final List<Double> xs = new ArrayList<>();
        final List<Double> ys = new ArrayList<>();
        for (final CollRow row : rows)
        {
            final double y = value.applyAsDouble(row);
            if (!Double.isNaN(y) && y > 0)
            {
                xs.add((double)row.pes());
                ys.add(y);
            }
        }
        if (xs.isEmpty())
        {
            return;
        }
        final XYSeries series = chart.addSeries(name, xs, ys);
        if (dashed)
        {
            series.setLineStyle(SeriesLines.DASH_DASH);
            series.setMarker(SeriesMarkers.NONE);
        }
    }
}
