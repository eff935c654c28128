package io.ishmem.bench.gpu;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The NVSHMEM program's figures are read from its output and nothing else is. */
class NvshmemOutputTest
{
    private static ResultKey bandwidth(final String impl, final long bytes)
    {
        return new ResultKey(impl, GpuNames.PUT_BANDWIDTH, bytes, GpuNames.GB_PER_S);
    }

    private static ResultKey latency(final String op)
    {
        return new ResultKey(GpuNames.NVSHMEM, op, 8, GpuNames.MICROSECONDS);
    }

    @Test
    void shouldReadEveryBandwidthRowAndThePingPongsOfTheAnchorRun()
    {
        final Map<ResultKey, Double> figures = NvshmemOutput.parse(AnchorSample.LINES);
        assertEquals(5 * 2 + 3, figures.size(), figures.toString());
        assertEquals(2.0, figures.get(bandwidth(GpuNames.NVSHMEM, 4096)));
        assertEquals(1.9, figures.get(bandwidth(GpuNames.NVSHMEM_COPY_ENGINE, 4096)));
        assertEquals(387.9, figures.get(bandwidth(GpuNames.NVSHMEM, 64L << 20)));
        assertEquals(387.5, figures.get(bandwidth(GpuNames.NVSHMEM_COPY_ENGINE, 64L << 20)));
        assertEquals(394.7, figures.get(bandwidth(GpuNames.NVSHMEM_COPY_ENGINE, 256L << 20)));
        assertEquals(8.96, figures.get(latency(GpuNames.PUTSIG_STREAM)));
        assertEquals(10.03, figures.get(latency(GpuNames.PUTSIG_STREAM_HOSTSYNC)));
        assertEquals(1.92, figures.get(latency(GpuNames.PUTSIG_DEVICE)));
    }

    @Test
    void shouldTakeNoNumberRowOutsideTheBandwidthTable()
    {
        final Map<ResultKey, Double> figures = NvshmemOutput.parse(AnchorSample.LINES);
        for (final long bytes : new long[] {3, 12})
        {
            assertFalse(figures.containsKey(bandwidth(GpuNames.NVSHMEM, bytes)), "a stray row of " + bytes);
        }
    }

    @Test
    void shouldLeaveOutTheCopyEngineWhereThePeerWasNotMapped()
    {
        final Map<ResultKey, Double> figures = NvshmemOutput.parse(List.of(
            "bytes        nvshmem GB/s   copyeng GB/s",
            "4096                  2.1            0.0"));
        assertEquals(Map.of(bandwidth(GpuNames.NVSHMEM, 4096), 2.1), figures);
    }

    @Test
    void shouldFindNothingInAFailedRun()
    {
        assertTrue(NvshmemOutput.parse(List.of("no nvidia-nvshmem wheel")).isEmpty());
    }
}
