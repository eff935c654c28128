package io.ishmem.bench.tails;

import io.ishmem.bench.Spread;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TailResultsTest
{
    @Test
    void shouldTakeTheMedianAndRangeOverTheRoundsAfterTheFirst()
    {
        final TailResults results = new TailResults();
        final double[] means = {100, 3, 1, 2};
        for (int round = 0; round < means.length; round++)
        {
            results.add(2, Variant.OSHMEM, TailTargetsTest.line(TailOp.BARRIER, round, 0, 5, 50, means[round]));
        }

        final TailSummary summary = TailResults.find(results.summaries(), 2, TailOp.BARRIER, Variant.OSHMEM,
            Scope.PE0).orElseThrow();

        assertEquals(3, summary.rounds());
        assertEquals(new Spread(2, 1, 3), summary.get(Statistic.MEAN));
        assertTrue(summary.get(Statistic.P9999).isEmpty(), "oshm_tail prints no p99.99");
    }

    @Test
    void shouldTakeTheWorstPeOfEachStatisticInEachRound()
    {
        final TailResults results = new TailResults();
        for (final int round : new int[] {0, 1, 2})
        {
            results.add(3, Variant.OURS_BOUND, TailTargetsTest.line(TailOp.MALLOC_FREE, round, 0, 10, 100, 2));
            // PE 1 has the worst p99.9 in round 1, PE 2 the worst max and mean in both rounds
            results.add(3, Variant.OURS_BOUND, TailTargetsTest.line(TailOp.MALLOC_FREE, round, 1,
                round == 1 ? 40 : 10, 100, 2));
            results.add(3, Variant.OURS_BOUND, TailTargetsTest.line(TailOp.MALLOC_FREE, round, 2, 10,
                round == 2 ? 900 : 300, 3));
        }

        final List<TailSummary> summaries = results.summaries();
        final TailSummary worst = TailResults.find(summaries, 3, TailOp.MALLOC_FREE, Variant.OURS_BOUND, Scope.WORST)
            .orElseThrow();
        final TailSummary pe0 = TailResults.find(summaries, 3, TailOp.MALLOC_FREE, Variant.OURS_BOUND, Scope.PE0)
            .orElseThrow();

        assertEquals(new Spread(25, 10, 40), worst.get(Statistic.P999));
        assertEquals(new Spread(600, 300, 900), worst.get(Statistic.MAX));
        assertEquals(new Spread(3, 3, 3), worst.get(Statistic.MEAN));
        assertEquals(new Spread(100, 100, 100), pe0.get(Statistic.MAX));
    }

    @Test
    void shouldGiveNoWorstPeRowWhereOnlyPeZeroPrinted()
    {
        final TailResults results = new TailResults();
        results.add(4, Variant.OSHMEM, TailTargetsTest.line(TailOp.BARRIER, 0, 0, 5, 50, 1));
        results.add(4, Variant.OSHMEM, TailTargetsTest.line(TailOp.BARRIER, 1, 0, 5, 50, 1));

        final List<TailSummary> summaries = results.summaries();

        assertEquals(1, summaries.size());
        assertEquals(Scope.PE0, summaries.getFirst().scope());
    }

    @Test
    void shouldGiveNoRowForAnOpThatOnlyRanItsWarmUpRound()
    {
        final TailResults results = new TailResults();
        results.add(2, Variant.OURS_UNBOUND, TailTargetsTest.line(TailOp.P_WAIT_RTT, 0, 0, 5, 50, 1));

        assertEquals(List.of(), results.summaries());
    }

    @Test
    void shouldOrderRowsByPeCountOpVariantAndScope()
    {
        final TailResults results = new TailResults();
        for (final int round : new int[] {0, 1})
        {
            results.add(4, Variant.OSHMEM, TailTargetsTest.line(TailOp.BARRIER, round, 0, 5, 50, 1));
            results.add(2, Variant.OURS_BOUND, TailTargetsTest.line(TailOp.MALLOC_FREE, round, 0, 5, 50, 1));
            results.add(2, Variant.OURS_UNBOUND, TailTargetsTest.line(TailOp.MALLOC_FREE, round, 1, 5, 50, 1));
            results.add(2, Variant.OURS_UNBOUND, TailTargetsTest.line(TailOp.MALLOC_FREE, round, 0, 5, 50, 1));
            results.add(2, Variant.OURS_UNBOUND, TailTargetsTest.line(TailOp.BARRIER, round, 0, 5, 50, 1));
        }

        final List<String> order = results.summaries().stream()
            .map(s -> s.pes() + " " + s.op().lineName() + " " + s.variant().tag() + " " + s.scope().tag()).toList();

        assertEquals(List.of("2 barrier ours-unbound pe0", "2 malloc+free ours-unbound pe0",
            "2 malloc+free ours-unbound worst", "2 malloc+free ours-bound pe0", "4 barrier oshmem pe0"), order);
    }
}
