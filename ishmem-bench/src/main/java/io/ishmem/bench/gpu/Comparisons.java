package io.ishmem.bench.gpu;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Pairs each of our figures with the figure it is judged against, from the same run: bandwidth against
 * the copy engine on the same stream into the same peer mapping (NVSHMEM's figures beside it), latency
 * against NVSHMEM's row that measures the same exchange. The goals are the team's: put bandwidth at
 * 64 MiB at least 0.95x the copy engine; each put-with-signal latency at most 1.0x NVSHMEM's row.
 */
final class Comparisons
{
    static final long TARGET_BANDWIDTH_SIZE = 64L << 20;
    static final double BANDWIDTH_TARGET = 0.95;
    static final double LATENCY_TARGET = 1.0;
    static final String BANDWIDTH_TARGET_TEXT = ">= 0.95x copy engine";
    static final String LATENCY_TARGET_TEXT = "<= 1.0x NVSHMEM";

    /** Our latency rows, each with the NVSHMEM row it is the counterpart of and whether it has a goal. */
    private static final List<LatencySpec> LATENCY = List.of(
        new LatencySpec(GpuNames.PUTSIG_STREAM, GpuNames.PUTSIG_STREAM, true),
        new LatencySpec(GpuNames.PUTSIG_STREAM_GE, GpuNames.PUTSIG_STREAM, true),
        new LatencySpec(GpuNames.PUTSIG_STREAM_HOSTSYNC, GpuNames.PUTSIG_STREAM_HOSTSYNC, true),
        new LatencySpec(GpuNames.PUTSIG_HOST, GpuNames.PUTSIG_STREAM_HOSTSYNC, true),
        // a kernel's own ping-pong: shown for scale, a host library has nothing to set beside it
        new LatencySpec(GpuNames.PUTSIG_DEVICE, GpuNames.PUTSIG_DEVICE, false));

    private static final Map<String, String> NVSHMEM_ROW_NAMES = Map.of(
        GpuNames.PUTSIG_STREAM, "on_stream",
        GpuNames.PUTSIG_STREAM_HOSTSYNC, "host-synchronised",
        GpuNames.PUTSIG_DEVICE, "device-initiated");

    private record LatencySpec(String op, String nvshmemOp, boolean targeted)
    {
    }

    /**
     * One bandwidth row, GB/s; NaN where a figure is missing.
     *
     * @param impl              {@link GpuNames#ISHMEM} or {@link GpuNames#ISHMEM_HOST_API}.
     * @param copyEngine        our copy engine on the same stream, same run.
     * @param nvshmem           {@code nvshmemx_putmem_on_stream}, median of the NVSHMEM runs.
     * @param nvshmemCopyEngine the NVSHMEM program's own {@code cudaMemcpyAsync}.
     * @param targeted          whether the 0.95x goal applies to this row.
     */
    record BandwidthRow(String impl, long size, double ours, double copyEngine, double nvshmem,
        double nvshmemCopyEngine, boolean targeted)
    {
        /** @return ours over the copy engine's: higher is better. */
        double ratio()
        {
            return ratioOf(ours, copyEngine);
        }

        String verdict()
        {
            return Comparisons.verdict(targeted, ours, copyEngine, ratio() >= BANDWIDTH_TARGET);
        }
    }

    /**
     * One latency row, microseconds one way; NaN where a figure is missing.
     *
     * @param op         our operation (for the device-initiated row, NVSHMEM's alone).
     * @param tails      our per-iteration distribution, or null.
     * @param nvshmemRow the NVSHMEM row it is judged against, as the NVSHMEM program names it.
     */
    record LatencyRow(String op, double ours, Tails tails, String nvshmemRow, double nvshmem, boolean targeted)
    {
        /** @return ours over NVSHMEM's: lower is better. */
        double ratio()
        {
            return ratioOf(ours, nvshmem);
        }

        String verdict()
        {
            return Comparisons.verdict(targeted, ours, nvshmem, ratio() <= LATENCY_TARGET);
        }
    }

    private final Map<ResultKey, Summary> byKey = new HashMap<>();

    Comparisons(final List<Summary> summaries)
    {
        for (final Summary summary : summaries)
        {
            byKey.put(summary.key(), summary);
        }
    }

    /**
     * @return the library's on-queue rows at every size any implementation measured (so NVSHMEM's figures
     *         show even when our job failed), then the host API's rows where it ran.
     */
    List<BandwidthRow> bandwidth()
    {
        final TreeSet<Long> sizes = new TreeSet<>();
        for (final ResultKey key : byKey.keySet())
        {
            if (key.op().equals(GpuNames.PUT_BANDWIDTH))
            {
                sizes.add(key.size());
            }
        }
        final List<BandwidthRow> rows = new ArrayList<>();
        for (final String impl : new String[] {GpuNames.ISHMEM, GpuNames.ISHMEM_HOST_API})
        {
            for (final long size : sizes)
            {
                final double ours = bandwidthOf(impl, size);
                if (impl.equals(GpuNames.ISHMEM) || !Double.isNaN(ours))
                {
                    rows.add(new BandwidthRow(impl, size, ours, bandwidthOf(GpuNames.COPY_ENGINE, size),
                        bandwidthOf(GpuNames.NVSHMEM, size), bandwidthOf(GpuNames.NVSHMEM_COPY_ENGINE, size),
                        size == TARGET_BANDWIDTH_SIZE));
                }
            }
        }
        return rows;
    }

    /**
     * @return each latency row for which we or NVSHMEM have a figure.
     */
    List<LatencyRow> latency()
    {
        final List<LatencyRow> rows = new ArrayList<>();
        for (final LatencySpec spec : LATENCY)
        {
            final Summary ours = byKey.get(latencyKey(GpuNames.ISHMEM, spec.op()));
            final double nvshmem = median(latencyKey(GpuNames.NVSHMEM, spec.nvshmemOp()));
            if (ours != null || !Double.isNaN(nvshmem))
            {
                rows.add(new LatencyRow(spec.op(), ours == null ? Double.NaN : ours.median(),
                    ours == null ? null : ours.tails(), NVSHMEM_ROW_NAMES.get(spec.nvshmemOp()), nvshmem,
                    spec.targeted()));
            }
        }
        return rows;
    }

    private double bandwidthOf(final String impl, final long size)
    {
        return median(new ResultKey(impl, GpuNames.PUT_BANDWIDTH, size, GpuNames.GB_PER_S));
    }

    private static ResultKey latencyKey(final String impl, final String op)
    {
        return new ResultKey(impl, op, GpuNames.PINGPONG_BYTES, GpuNames.MICROSECONDS);
    }

    private double median(final ResultKey key)
    {
        final Summary summary = byKey.get(key);
        return summary == null ? Double.NaN : summary.median();
    }

    private static double ratioOf(final double ours, final double reference)
    {
        return Double.isNaN(ours) || Double.isNaN(reference) || reference == 0 ? Double.NaN : ours / reference;
    }

    private static String verdict(final boolean targeted, final double ours, final double reference, final boolean met)
    {
        if (!targeted)
        {
            return "";
        }
        if (Double.isNaN(ours))
        {
            return "not measured";
        }
        if (Double.isNaN(reference))
        {
            return "no reference";
        }
        return met ? "met" : "MISSED";
    }
}
