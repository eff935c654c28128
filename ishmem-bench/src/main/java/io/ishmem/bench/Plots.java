package io.ishmem.bench;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The PNG plots of a run: the library beside the floor (and the C anchor when it ran). */
final class Plots
{
    private Plots()
    {
    }

    static void write(final List<ResultSet.Row> rows, final Path dir) throws IOException
    {
        System.setProperty("java.awt.headless", "true");
        sizeSweep(rows, "putsig_set_read_oneway", "Put-with-signal (SET) ping-pong, receiver reads: one-way latency",
            "latency (ns)", dir.resolve("putsig_latency.png"));
        sizeSweep(rows, "put_bandwidth", "Streamed put bandwidth into the peer", "GB/s",
            dir.resolve("put_bandwidth.png"));
        smallOps(rows, dir.resolve("small_ops.png"));
    }

    private static void sizeSweep(final List<ResultSet.Row> rows, final String op, final String title,
        final String yTitle, final Path file) throws IOException
    {
        final List<ResultSet.Row> selected = rows.stream().filter(row -> row.key().op().equals(op)).toList();
        if (selected.isEmpty())
        {
            return;
        }
        final XYChart chart = new XYChartBuilder().width(900).height(540).title(title).xAxisTitle("message size (bytes)")
            .yAxisTitle(yTitle).build();
        chart.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true)
            .setLegendPosition(Styler.LegendPosition.InsideNW).setMarkerSize(7);
        addSeries(chart, "ishmem4j", selected, ResultSet.Row::ishmem);
        addSeries(chart, "floor (raw FFM, same mappings)", selected, ResultSet.Row::floor);
        addSeries(chart, "C anchor (same run)", selected, ResultSet.Row::c);
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private interface Value
    {
        double of(ResultSet.Row row);
    }

    private static void addSeries(final XYChart chart, final String name, final List<ResultSet.Row> rows,
        final Value value)
    {
        final List<Double> xs = new ArrayList<>();
        final List<Double> ys = new ArrayList<>();
        for (final ResultSet.Row row : rows)
        {
            final double y = value.of(row);
            if (!Double.isNaN(y) && y > 0)
            {
                xs.add((double)row.key().size());
                ys.add(y);
            }
        }
        if (!xs.isEmpty())
        {
            chart.addSeries(name, xs, ys);
        }
    }

    private static void smallOps(final List<ResultSet.Row> rows, final Path file) throws IOException
    {
        final List<String> names = new ArrayList<>();
        final List<Double> ratios = new ArrayList<>();
        final List<Double> floorLine = new ArrayList<>();
        for (final ResultSet.Row row : rows)
        {
            final String op = row.key().op();
            final boolean small = row.key().unit().equals("ns") && row.key().size() <= 8 && !op.startsWith("malloc") &&
                !Double.isNaN(row.floor());
            if (small)
            {
                names.add(op.replace("_oneway", "").replace("signal_add_all_pes_one_word", "sigadd_1word") +
                    (row.key().size() > 0 ? " " + row.key().size() + "B" : ""));
                ratios.add(row.ratio());
                floorLine.add(1.0);
            }
        }
        if (names.isEmpty())
        {
            return;
        }
        // ratios, not nanoseconds: an oversubscribed 8-PE barrier (microseconds) would flatten every other bar
        final CategoryChart chart = new CategoryChartBuilder().width(1100).height(560)
            .title("Small operations: ishmem4j time / floor time (1.0 = the floor, lower is better)")
            .yAxisTitle("ratio to the floor").build();
        chart.getStyler().setXAxisLabelRotation(35).setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.addSeries("ishmem4j / floor", names, ratios);
        chart.addSeries("floor", names, floorLine);
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
