package io.ishmem.bench.gpu;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the figures out of the NVSHMEM comparison program's output ({@code nvshmem_compare.cu}, the same
 * lines as the team's {@code nvshmem_anchor.cu}): the bandwidth table under its
 * {@code bytes  nvshmem GB/s  copyeng GB/s} header, and the three ping-pong lines
 * ({@code on_stream}, {@code host-synchronised}, {@code device-initiated}) {@code ... 8 B: X us one-way}.
 * Everything else the script prints (the wheel's path, its library listing, the build's messages) is
 * passed over; bandwidth rows are read only straight under their header, so a stray line of numbers
 * elsewhere cannot become a figure.
 */
final class NvshmemOutput
{
    private static final Pattern BANDWIDTH_ROW =
        Pattern.compile("^\\s*(\\d+)\\s+(\\d+(?:\\.\\d+)?)\\s+(\\d+(?:\\.\\d+)?)\\s*$");
    private static final Pattern PINGPONG = Pattern.compile(
        "^\\s*(on_stream|host-synchronised|device-initiated)\\b.*?ping-pong (\\d+) B: (\\d+(?:\\.\\d+)?) us one-way");
    /** Which of our rows each NVSHMEM ping-pong is the same measurement as. */
    private static final Map<String, String> PINGPONG_OPS = Map.of(
        "on_stream", GpuNames.PUTSIG_STREAM,
        "host-synchronised", GpuNames.PUTSIG_STREAM_HOSTSYNC,
        "device-initiated", GpuNames.PUTSIG_DEVICE);

    private NvshmemOutput()
    {
    }

    /**
     * @param lines one run's output.
     * @return its figures, in the order printed: {@link GpuNames#NVSHMEM} and
     *         {@link GpuNames#NVSHMEM_COPY_ENGINE} bandwidths, NVSHMEM's ping-pongs under our operation names.
     */
    static Map<ResultKey, Double> parse(final List<String> lines)
    {
        final Map<ResultKey, Double> figures = new LinkedHashMap<>();
        boolean inTable = false;
        for (final String line : lines)
        {
            if (line.contains("nvshmem GB/s") && line.contains("copyeng GB/s"))
            {
                inTable = true;
                continue;
            }
            final Matcher row = BANDWIDTH_ROW.matcher(line);
            if (inTable && row.matches())
            {
                final long bytes = Long.parseLong(row.group(1));
                putPositive(figures, new ResultKey(GpuNames.NVSHMEM, GpuNames.PUT_BANDWIDTH, bytes, GpuNames.GB_PER_S),
                    Double.parseDouble(row.group(2)));
                // the program prints 0.0 where nvshmem_ptr gave no peer mapping: no copy-engine figure then
                putPositive(figures, new ResultKey(GpuNames.NVSHMEM_COPY_ENGINE, GpuNames.PUT_BANDWIDTH, bytes,
                    GpuNames.GB_PER_S), Double.parseDouble(row.group(3)));
                continue;
            }
            inTable = false;
            final Matcher pingpong = PINGPONG.matcher(line);
            if (pingpong.find())
            {
                figures.put(new ResultKey(GpuNames.NVSHMEM, PINGPONG_OPS.get(pingpong.group(1)),
                    Long.parseLong(pingpong.group(2)), GpuNames.MICROSECONDS), Double.parseDouble(pingpong.group(3)));
            }
        }
        return figures;
    }

    private static void putPositive(final Map<ResultKey, Double> figures, final ResultKey key, final double value)
    {
        if (value > 0)
        {
            figures.put(key, value);
        }
    }
}
