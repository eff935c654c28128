package io.ishmem.bench.tails;

import io.ishmem.bench.Spread;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TailPlotsTest
{
    @TempDir
    Path dir;

    @Test
    void shouldPlotAChartWhoseOnlyRowsLackAStep() throws Exception
    {
        // OSHMEM prints no p99.99: XChart searched for x ticks without end when such a row came first
        final TailSummary oshmem = summary(Variant.OSHMEM, Statistic.P9999);

        final List<Path> files = assertTimeoutPreemptively(Duration.ofSeconds(60),
            () -> TailPlots.write(List.of(oshmem), dir));

        assertEquals(List.of(dir.resolve(TailOp.MALLOC_FREE.plotFile())), files);
        assertTrue(Files.size(files.getFirst()) > 0);
    }

    @Test
    void shouldPlotOneFilePerOpWithPeZeroRowsOnly() throws Exception
    {
        final TailSummary ours = summary(Variant.OURS_UNBOUND, null);
        final TailSummary worst = new TailSummary(8, TailOp.BARRIER, Variant.OURS_UNBOUND, Scope.WORST, 2,
            ours.spreads());

        final List<Path> files = assertTimeoutPreemptively(Duration.ofSeconds(60),
            () -> TailPlots.write(List.of(summary(Variant.OSHMEM, Statistic.P9999), ours, worst), dir));

        assertEquals(List.of(dir.resolve(TailOp.MALLOC_FREE.plotFile())), files);
    }

    /** Malloc+free at 8 PEs, PE 0, every statistic but {@code missing}. */
    private static TailSummary summary(final Variant variant, final Statistic missing)
    {
        final Map<Statistic, Spread> spreads = new EnumMap<>(Statistic.class);
        double value = 31.18;
        for (final Statistic statistic : Statistic.values())
        {
            if (statistic != missing)
            {
                spreads.put(statistic, new Spread(value, value * 0.9, value * 1.1));
            }
            value *= 1.9;
        }
        return new TailSummary(8, TailOp.MALLOC_FREE, variant, Scope.PE0, 2, spreads);
    }
}
