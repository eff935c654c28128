package io.ishmem.bench.gpu;

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
import java.util.function.ToDoubleFunction;

/**
 * The GPU bench's PNG plots, drawn with XChart (AWT): only {@link GpuReport} may use this class, never
 * {@link GpuBench}, whose JRE has no {@code java.desktop}.
 */
final class GpuPlots
{
    private GpuPlots()
    {
    }

    static void write(final List<Summary> summaries, final Path dir) throws IOException
    {
        System.setProperty("java.awt.headless", "true");
        final Comparisons comparisons = new Comparisons(summaries);
        bandwidth(comparisons.bandwidth(), dir.resolve("gpu_bandwidth.png"));
        latency(comparisons.latency(), dir.resolve("gpu_latency.png"));
    }

    private static void bandwidth(final List<Comparisons.BandwidthRow> rows, final Path file) throws IOException
    {
        final XYChart chart = new XYChartBuilder().width(900).height(540)
            .title("Put bandwidth PE0 -> PE1, device to peer device").xAxisTitle("message size (bytes)")
            .yAxisTitle("GB/s").build();
        chart.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true)
            .setLegendPosition(Styler.LegendPosition.InsideSE).setMarkerSize(7);
        final List<Comparisons.BandwidthRow> onQueue = rows.stream()
            .filter(row -> row.impl().equals(GpuNames.ISHMEM)).toList();
        final List<Comparisons.BandwidthRow> hostApi = rows.stream()
            .filter(row -> row.impl().equals(GpuNames.ISHMEM_HOST_API)).toList();
        addSeries(chart, "ishmem4j putOnQueue", onQueue, Comparisons.BandwidthRow::ours);
        addSeries(chart, "ishmem4j put (host API)", hostApi, Comparisons.BandwidthRow::ours);
        addSeries(chart, "copy engine (same stream, same run)", onQueue, Comparisons.BandwidthRow::copyEngine);
        addSeries(chart, "NVSHMEM putmem_on_stream", onQueue, Comparisons.BandwidthRow::nvshmem);
        addSeries(chart, "NVSHMEM program's copy engine", onQueue, Comparisons.BandwidthRow::nvshmemCopyEngine);
        if (!chart.getSeriesMap().isEmpty())
        {
            BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        }
    }

    private static void addSeries(final XYChart chart, final String name, final List<Comparisons.BandwidthRow> rows,
        final ToDoubleFunction<Comparisons.BandwidthRow> value)
    {
        final List<Double> xs = new ArrayList<>();
        final List<Double> ys = new ArrayList<>();
        for (final Comparisons.BandwidthRow row : rows)
        {
            final double y = value.applyAsDouble(row);
            if (!Double.isNaN(y) && y > 0)
            {
                xs.add((double)row.size());
                ys.add(y);
            }
        }
        if (!xs.isEmpty())
        {
            chart.addSeries(name, xs, ys);
        }
    }

    /**
     * Our latency rows beside their NVSHMEM rows; a missing figure is drawn as 0, since every series of a
     * category chart needs a value in every category.
     */
    private static void latency(final List<Comparisons.LatencyRow> rows, final Path file) throws IOException
    {
        final List<String> names = new ArrayList<>();
        final List<Double> ours = new ArrayList<>();
        final List<Double> nvshmem = new ArrayList<>();
        for (final Comparisons.LatencyRow row : rows)
        {
            names.add(row.op().replace("putsig_", "").replace("_oneway", ""));
            ours.add(Double.isNaN(row.ours()) ? 0.0 : row.ours());
            nvshmem.add(Double.isNaN(row.nvshmem()) ? 0.0 : row.nvshmem());
        }
        if (names.isEmpty())
        {
            return;
        }
        final CategoryChart chart = new CategoryChartBuilder().width(1000).height(560)
            .title("Put-with-signal ping-pong, 8 B: one-way latency (lower is better)")
            .yAxisTitle("microseconds, one way").build();
        chart.getStyler().setXAxisLabelRotation(20).setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.addSeries("ishmem4j", names, ours);
        chart.addSeries("NVSHMEM, its counterpart row (same run)", names, nvshmem);
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
