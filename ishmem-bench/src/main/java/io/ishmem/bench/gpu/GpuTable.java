package io.ishmem.bench.gpu;

import java.util.List;
import java.util.Locale;

/**
 * The markdown report of a GPU bench run ({@code table.md}, and what {@link GpuBench} prints): the
 * bandwidth table against the copy engine, then the latency table against NVSHMEM with our tails.
 * Plain text only, so it runs on the GPU machine's JRE.
 */
final class GpuTable
{
    private GpuTable()
    {
    }

    /**
     * @param summaries the run's figures.
     * @param notes     lines for the head of the report (machine, date, what ran); may be empty.
     */
    static String markdown(final List<Summary> summaries, final List<String> notes)
    {
        final Comparisons comparisons = new Comparisons(summaries);
        final StringBuilder md = new StringBuilder("## ishmem4j CUDA device heap beside the copy engine and NVSHMEM\n\n");
        for (final String note : notes)
        {
            md.append(note).append("  \n");
        }
        if (!notes.isEmpty())
        {
            md.append('\n');
        }
        bandwidth(md, comparisons.bandwidth());
        latency(md, comparisons.latency());
        return md.toString();
    }

    private static void bandwidth(final StringBuilder md, final List<Comparisons.BandwidthRow> rows)
    {
        md.append("### Put bandwidth PE0 -> PE1, device to peer device (GB/s)\n\n")
            .append("`ishmem`: putOnQueue x reps + quietOnQueue, timed by CUDA events on the user's stream; ")
            .append("`ishmem_host_api`: put(device, device) x reps + quiet, timed on the host; copy engine: ")
            .append("cuMemcpyDtoDAsync into the same peer mapping on the same stream. Medians over rounds; ")
            .append("NVSHMEM: median of its runs before and after ours.\n\n")
            .append("| impl | size | ishmem4j | copy engine | ratio | NVSHMEM putmem_on_stream | ")
            .append("NVSHMEM's copy engine | target | |\n")
            .append("|---|---:|---:|---:|---:|---:|---:|---|---|\n");
        for (final Comparisons.BandwidthRow row : rows)
        {
            md.append("| ").append(row.impl()).append(" | ").append(size(row.size())).append(" | ")
                .append(fixed(row.ours(), 1)).append(" | ").append(fixed(row.copyEngine(), 1)).append(" | ")
                .append(ratio(row.ratio())).append(" | ").append(fixed(row.nvshmem(), 1)).append(" | ")
                .append(fixed(row.nvshmemCopyEngine(), 1)).append(" | ")
                .append(row.targeted() ? Comparisons.BANDWIDTH_TARGET_TEXT : "").append(" | ").append(row.verdict())
                .append(" |\n");
        }
        md.append('\n');
    }

    private static void latency(final StringBuilder md, final List<Comparisons.LatencyRow> rows)
    {
        md.append("### Put-with-signal ping-pong, 8 B, SET: one-way latency (us)\n\n")
            .append("One-way = round-trip time / 2, medians over rounds; p50 .. mean are the per-iteration ")
            .append("distribution (medians over rounds, max of any round) where iterations were timed one by ")
            .append("one. Ratio: ours / the NVSHMEM row measuring the same exchange.\n\n")
            .append("| operation | ishmem4j | NVSHMEM row | NVSHMEM | ratio | p50 | p99 | p99.9 | max | mean | ")
            .append("target | |\n")
            .append("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
        for (final Comparisons.LatencyRow row : rows)
        {
            final Tails tails = row.tails();
            md.append("| ").append(row.op()).append(" | ").append(fixed(row.ours(), 2)).append(" | ")
                .append(row.nvshmemRow()).append(" | ").append(fixed(row.nvshmem(), 2)).append(" | ")
                .append(ratio(row.ratio())).append(" | ");
            if (tails == null)
            {
                md.append("- | - | - | - | - | ");
            }
            else
            {
                md.append(fixed(tails.p50(), 2)).append(" | ").append(fixed(tails.p99(), 2)).append(" | ")
                    .append(fixed(tails.p999(), 2)).append(" | ").append(fixed(tails.max(), 2)).append(" | ")
                    .append(fixed(tails.mean(), 2)).append(" | ");
            }
            md.append(row.targeted() ? Comparisons.LATENCY_TARGET_TEXT : "").append(" | ").append(row.verdict())
                .append(" |\n");
        }
        md.append('\n');
    }

    static String fixed(final double value, final int decimals)
    {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    static String ratio(final double value)
    {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.3fx", value);
    }

    static String size(final long bytes)
    {
        if (bytes >= 1 << 20 && bytes % (1 << 20) == 0)
        {
            return (bytes >> 20) + " MiB";
        }
        if (bytes >= 1024 && bytes % 1024 == 0)
        {
            return (bytes >> 10) + " KiB";
        }
        return bytes + " B";
    }
}
