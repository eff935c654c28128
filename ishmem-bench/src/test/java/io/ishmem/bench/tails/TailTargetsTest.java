package io.ishmem.bench.tails;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TailTargetsTest
{
    @Test
    void shouldCompareOurPeZeroWithOshmemsMeanTimesOnePointTwoAndItsP999()
    {
        final TailResults results = new TailResults();
        for (final int round : new int[] {0, 1, 2})
        {
            // OSHMEM: mean 1.0, p99.9 3.0 after the warm-up
            results.add(2, Variant.OSHMEM, line(TailOp.BARRIER, round, 0, round == 0 ? 50 : 3.0, 100, 1.0));
            // ours unbound: mean 1.1 (met), p99.9 4.0 (missed by 33%)
            results.add(2, Variant.OURS_UNBOUND, line(TailOp.BARRIER, round, 0, 4.0, 20, 1.1));
            results.add(2, Variant.OURS_UNBOUND, line(TailOp.BARRIER, round, 1, 4.0, round == 2 ? 1500 : 20, 1.1));
            // ours bound: mean 1.5 (missed by 25%), p99.9 2.0 (met)
            results.add(2, Variant.OURS_BOUND, line(TailOp.BARRIER, round, 0, 2.0, 30, 1.5));
            results.add(2, Variant.OURS_BOUND, line(TailOp.BARRIER, round, 1, 2.0, 30, 1.5));
        }

        final List<TailTargets.Check> checks = TailTargets.check(results.summaries(), List.of(2));

        assertEquals("met", verdict(checks, TailOp.BARRIER, "mean", Variant.OURS_UNBOUND));
        assertEquals("missed by 33%", verdict(checks, TailOp.BARRIER, "p99.9", Variant.OURS_UNBOUND));
        assertEquals("missed by 25%", verdict(checks, TailOp.BARRIER, "mean", Variant.OURS_BOUND));
        assertEquals("met", verdict(checks, TailOp.BARRIER, "p99.9", Variant.OURS_BOUND));
        // PE 1's 1500 us barrier in round 2 is a stall, though PE 0 never saw one and the median round had none
        assertEquals("missed by 50%", verdict(checks, TailOp.BARRIER, "max", Variant.OURS_UNBOUND));
        assertEquals("met", verdict(checks, TailOp.BARRIER, "max", Variant.OURS_BOUND));
        // malloc+free: nobody printed any
        assertEquals("not run", verdict(checks, TailOp.MALLOC_FREE, "mean", Variant.OURS_UNBOUND));
    }

    @Test
    void shouldCheckEveryPeCountButTheStallGoalOnlyAtTwoPes()
    {
        final TailResults results = new TailResults();
        for (final int round : new int[] {0, 1})
        {
            results.add(4, Variant.OURS_UNBOUND, line(TailOp.BARRIER, round, 0, 9, 5000, 8));
            results.add(4, Variant.OURS_UNBOUND, line(TailOp.MALLOC_FREE, round, 0, 20, 900, 17));
        }

        final List<TailTargets.Check> checks = TailTargets.check(results.summaries(), List.of(4));

        // two ops x two goals x two variants, no stall goal at 4 PEs
        assertEquals(8, checks.size());
        assertEquals("no reference", verdict(checks, TailOp.BARRIER, "mean", Variant.OURS_UNBOUND));
        assertEquals("no reference", verdict(checks, TailOp.MALLOC_FREE, "p99.9", Variant.OURS_UNBOUND));
        assertEquals("not run", verdict(checks, TailOp.BARRIER, "mean", Variant.OURS_BOUND));
        assertEquals(8.0, checks.stream().filter(check -> check.op() == TailOp.BARRIER &&
            check.target().startsWith("mean") && check.variant() == Variant.OURS_UNBOUND).findFirst().orElseThrow()
            .ours());
    }

    /** A line whose percentiles up to p99.9 are {@code p999}'s order of magnitude. */
    static TailLine line(final TailOp op, final int round, final int pe, final double p999, final double max,
        final double mean)
    {
        return new TailLine(op, round, pe, 1000, new TailStats(Math.min(mean, p999) / 2, Math.min(mean, p999) / 2,
            p999 / 2, p999, Double.NaN, max, mean));
    }

    private static String verdict(final List<TailTargets.Check> checks, final TailOp op, final String target,
        final Variant variant)
    {
        return checks.stream().filter(check -> check.op() == op && check.target().startsWith(target) &&
            check.variant() == variant).findFirst().orElseThrow(() -> new AssertionError(op + " " + target + " " +
            variant + " not in " + checks)).verdict();
    }
}
