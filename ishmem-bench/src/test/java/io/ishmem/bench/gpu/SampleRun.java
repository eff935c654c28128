package io.ishmem.bench.gpu;

import java.util.List;

/**
 * A whole run as {@link GpuBench} collects it: NVSHMEM's anchor figures before and after, and our PE's
 * lines with figures chosen to meet some goals and miss others.
 */
final class SampleRun
{
    private SampleRun()
    {
    }

    static GpuResults results()
    {
        final GpuResults results = new GpuResults();
        // NVSHMEM before and after: the same anchor figures, so their medians are the README's
        for (int run = 0; run < 2; run++)
        {
            NvshmemOutput.parse(AnchorSample.LINES).forEach(results::add);
        }
        for (int round = 0; round <= 3; round++)
        {
            final double warm = round == 0 ? 0.5 : 1.0;
            for (final long bytes : new long[] {4096, 65536, 1L << 20, 64L << 20, 256L << 20})
            {
                final double copy = switch (Long.numberOfTrailingZeros(bytes))
                {
                    case 12 -> 1.9;
                    case 16 -> 27.0;
                    case 20 -> 212.0;
                    case 26 -> 388.0;
                    default -> 394.0;
                };
                results.parse(ResultLines.result(round, bandwidth(GpuNames.COPY_ENGINE, bytes), copy * warm));
                // the on-queue put keeps up with the copy engine at 64 MiB; the host API falls behind
                results.parse(ResultLines.result(round, bandwidth(GpuNames.ISHMEM, bytes), copy * 0.98 * warm));
                results.parse(ResultLines.result(round, bandwidth(GpuNames.ISHMEM_HOST_API, bytes), copy * 0.8 * warm));
            }
            results.parse(ResultLines.result(round, latency(GpuNames.PUTSIG_STREAM), 8.5 / warm));
            results.parse(ResultLines.result(round, latency(GpuNames.PUTSIG_STREAM_GE), 9.5 / warm));
            results.parse(ResultLines.result(round, latency(GpuNames.PUTSIG_STREAM_HOSTSYNC), 9.9 / warm));
            results.parse(ResultLines.tails(round, latency(GpuNames.PUTSIG_STREAM_HOSTSYNC),
                new Tails(9.8, 12.0, 15.0, 40.0, 9.9)));
            results.parse(ResultLines.result(round, latency(GpuNames.PUTSIG_HOST), 12.0 / warm));
            results.parse(ResultLines.tails(round, latency(GpuNames.PUTSIG_HOST),
                new Tails(11.5, 20.0, 35.0, 80.0 + round, 12.0)));
        }
        return results;
    }

    static List<Summary> summaries()
    {
        return results().summaries();
    }

    private static ResultKey bandwidth(final String impl, final long bytes)
    {
        return new ResultKey(impl, GpuNames.PUT_BANDWIDTH, bytes, GpuNames.GB_PER_S);
    }

    private static ResultKey latency(final String op)
    {
        return new ResultKey(GpuNames.ISHMEM, op, 8, GpuNames.MICROSECONDS);
    }
}
