package io.ishmem.bench.tails;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TailOutputTest
{
    @Test
    void shouldReadOshmTailLinesAsPeZeroWithoutP9999()
    {
        final TailOutput.Parsed parsed = TailOutput.parse(List.of(
            "tail barrier round 0 n=20000 p50=0.39 p90=0.41 p99=0.61 p999=2.80 max=26.1 mean=0.41 us",
            "tail malloc+free round 2 n=4000 p50=0.78 p90=0.90 p99=1.16 p999=20.00 max=594.0 mean=0.93 us"));

        assertEquals(List.of(), parsed.rejected());
        assertEquals(2, parsed.lines().size());
        final TailLine barrier = parsed.lines().get(0);
        assertEquals(TailOp.BARRIER, barrier.op());
        assertEquals(0, barrier.round());
        assertEquals(0, barrier.pe());
        assertEquals(20000, barrier.count());
        assertEquals(new TailStats(0.39, 0.41, 0.61, 2.80, Double.NaN, 26.1, 0.41), barrier.stats());
        final TailLine malloc = parsed.lines().get(1);
        assertEquals(TailOp.MALLOC_FREE, malloc.op());
        assertEquals(2, malloc.round());
        assertEquals(594.0, malloc.stats().max());
    }

    @Test
    void shouldReadOurLinesWithPeAndP9999()
    {
        final TailOutput.Parsed parsed = TailOutput.parse(List.of(
            "tail putsig_rtt round 1 pe 3 n=9999 p50=1.500 p90=1.700 p99=2.100 p999=9.000 p9999=40.000 " +
                "max=812.500 mean=1.650 us"));

        assertEquals(List.of(), parsed.rejected());
        final TailLine line = parsed.lines().getFirst();
        assertEquals(TailOp.PUT_SIGNAL_RTT, line.op());
        assertEquals(1, line.round());
        assertEquals(3, line.pe());
        assertEquals(9999, line.count());
        assertEquals(40.0, line.stats().p9999());
        assertEquals(1.65, line.stats().mean());
    }

    @Test
    void shouldPassOverLinesThatAreNotTailResults()
    {
        final TailOutput.Parsed parsed = TailOutput.parse(List.of(
            "--------------------------------------------------------------------------",
            "[vm:13016:0:13016] Caught signal 11 (Segmentation fault: address not mapped to object)",
            "WARNING: A restricted method in java.lang.System has been called",
            "tailored output",
            ""));

        assertEquals(List.of(), parsed.lines());
        assertEquals(List.of(), parsed.rejected());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // cut off mid-line, as when a rank dies while printing
        "tail barrier round 1 n=20000 p50=0.39 p90=0.41 p99=0.6",
        // a field missing
        "tail barrier round 1 n=20000 p50=0.39 p99=0.61 p999=2.80 max=26.1 mean=0.41 us",
        // not a number
        "tail barrier round 1 n=20000 p50=nan p90=0.41 p99=0.61 p999=2.80 max=26.1 mean=0.41 us",
        // no unit
        "tail barrier round 1 n=20000 p50=0.39 p90=0.41 p99=0.61 p999=2.80 max=26.1 mean=0.41",
        // an op nobody runs
        "tail broadcast round 1 n=20000 p50=0.39 p90=0.41 p99=0.61 p999=2.80 max=26.1 mean=0.41 us",
        // percentiles falling
        "tail barrier round 1 n=20000 p50=0.39 p90=0.41 p99=0.30 p999=2.80 max=26.1 mean=0.41 us",
        // p99.9 well above the max (more than oshm_tail's rounding of the max)
        "tail barrier round 1 n=20000 p50=0.39 p90=0.41 p99=0.61 p999=27.00 max=26.1 mean=0.41 us",
        // the mean above the max
        "tail barrier round 1 pe 1 n=20000 p50=0.39 p90=0.41 p99=0.61 p999=2.80 p9999=3.0 max=26.1 mean=30 us",
        // no calls
        "tail barrier round 1 n=0 p50=0.39 p90=0.41 p99=0.61 p999=2.80 max=26.1 mean=0.41 us"})
    void shouldRejectAndKeepMalformedTailLines(final String line)
    {
        final TailOutput.Parsed parsed = TailOutput.parse(List.of(line,
            "tail barrier round 2 n=20000 p50=0.39 p90=0.41 p99=0.61 p999=2.80 max=26.1 mean=0.41 us"));

        assertEquals(1, parsed.lines().size(), "the good line is still read");
        assertEquals(2, parsed.lines().getFirst().round());
        assertEquals(1, parsed.rejected().size());
        assertTrue(parsed.rejected().getFirst().endsWith(line), parsed.rejected().getFirst());
    }

    @Test
    void shouldAcceptAMaxPrintedOneDigitShorterThanP999()
    {
        // oshm_tail prints max=%.1f and p999=%.2f: a max equal to p99.9 may print 0.04 below it
        final TailOutput.Parsed parsed = TailOutput.parse(List.of(
            "tail barrier round 1 n=20000 p50=0.39 p90=0.41 p99=0.61 p999=26.14 max=26.1 mean=0.41 us"));

        assertEquals(List.of(), parsed.rejected());
        assertEquals(1, parsed.lines().size());
    }
}
