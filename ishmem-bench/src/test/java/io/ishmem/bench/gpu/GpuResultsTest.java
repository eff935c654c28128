package io.ishmem.bench.gpu;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The PEs' lines come back as medians over measured rounds, the warm-up left out, tails beside them. */
class GpuResultsTest
{
    private static final ResultKey BANDWIDTH =
        new ResultKey(GpuNames.ISHMEM, GpuNames.PUT_BANDWIDTH, 64L << 20, GpuNames.GB_PER_S);
    private static final ResultKey HOST =
        new ResultKey(GpuNames.ISHMEM, GpuNames.PUTSIG_HOST, 8, GpuNames.MICROSECONDS);

    @Test
    void shouldSummariseTheMeasuredRoundsWithoutTheWarmUp()
    {
        final GpuResults results = new GpuResults();
        assertFalse(results.parse(ResultLines.result(0, BANDWIDTH, 12.0)), "round 0 is the warm-up");
        assertTrue(results.parse(ResultLines.result(1, BANDWIDTH, 380.0)));
        assertTrue(results.parse("  " + ResultLines.result(2, BANDWIDTH, 386.0)));
        assertTrue(results.parse(ResultLines.result(3, BANDWIDTH, 384.0)));
        final Summary summary = results.summaries().getFirst();
        assertEquals(BANDWIDTH, summary.key());
        assertEquals(384.0, summary.median(), 1e-9);
        assertEquals(380.0, summary.min(), 1e-9);
        assertEquals(386.0, summary.max(), 1e-9);
        assertEquals(3, summary.rounds());
        assertNull(summary.tails());
    }

    @Test
    void shouldCombineTailsAsMediansButKeepTheSlowestSample()
    {
        final GpuResults results = new GpuResults();
        results.parse(ResultLines.result(1, HOST, 9.0));
        results.parse(ResultLines.tails(1, HOST, new Tails(8.5, 12.0, 20.0, 100.0, 9.0)));
        results.parse(ResultLines.result(2, HOST, 9.5));
        results.parse(ResultLines.tails(2, HOST, new Tails(8.7, 13.0, 30.0, 40.0, 9.5)));
        results.parse(ResultLines.result(3, HOST, 9.2));
        results.parse(ResultLines.tails(3, HOST, new Tails(8.6, 14.0, 25.0, 60.0, 9.2)));
        final Tails tails = results.summaries().getFirst().tails();
        assertEquals(new Tails(8.6, 13.0, 25.0, 100.0, 9.2), tails);
    }

    @Test
    void shouldPassOverOtherAndGarbledLines()
    {
        final GpuResults results = new GpuResults();
        assertFalse(results.parse("DEVICE 0 CUDA driver 13.0, NVIDIA H200 (sm_90), device 0 of 2"));
        assertFalse(results.parse("RESULT 1 ishmem put_bandwidth 4096 GB/s fast"));
        assertFalse(results.parse("TAILS 1 ishmem putsig_host_oneway 8 us 1 2 3"));
        assertFalse(results.parse("[main] INFO io.ishmem - RESULT"));
        assertTrue(results.summaries().isEmpty());
    }

    @Test
    void shouldOrderSummariesByOperationImplementationAndSize()
    {
        final GpuResults results = new GpuResults();
        results.add(new ResultKey(GpuNames.NVSHMEM, GpuNames.PUT_BANDWIDTH, 4096, GpuNames.GB_PER_S), 2.0);
        results.add(BANDWIDTH, 380.0);
        results.add(new ResultKey(GpuNames.ISHMEM, GpuNames.PUT_BANDWIDTH, 4096, GpuNames.GB_PER_S), 1.8);
        results.add(HOST, 9.0);
        final List<String> order = results.summaries().stream()
            .map(s -> s.key().op() + "/" + s.key().impl() + "/" + s.key().size()).toList();
        assertEquals(List.of("put_bandwidth/ishmem/4096", "put_bandwidth/ishmem/67108864",
            "put_bandwidth/nvshmem/4096", "putsig_host_oneway/ishmem/8"), order);
    }

    @Test
    void shouldTakeNearestRankPercentilesOfTheSamples()
    {
        final long[] samples = new long[1000];
        for (int i = 0; i < samples.length; i++)
        {
            // reversed, so the percentiles must come from sorting
            samples[i] = 2000 - 2L * i;
        }
        // round trips of 2..2000 ns, halved and in microseconds
        final Tails tails = Tails.of(samples, samples.length, 0.5e-3);
        assertEquals(0.500, tails.p50(), 1e-12);
        assertEquals(0.990, tails.p99(), 1e-12);
        assertEquals(0.999, tails.p999(), 1e-12);
        assertEquals(1.000, tails.max(), 1e-12);
        assertEquals(0.5005, tails.mean(), 1e-12);
    }
}
