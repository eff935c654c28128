package io.ishmem.bench.tails;

import io.ishmem.bench.Spread;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TailTableTest
{
    @Test
    void shouldShowTheMedianWithTheRangeAndASingleValueWithout()
    {
        assertEquals("0.391 [0.380-0.412]", TailTable.cell(new Spread(0.391, 0.38, 0.412)));
        assertEquals("26.1", TailTable.cell(new Spread(26.1, 26.1, 26.1)));
        assertEquals("1830 [163-2400]", TailTable.cell(new Spread(1830.4, 163.2, 2400)));
        assertEquals("-", TailTable.cell(Spread.NONE));
    }

    @Test
    void shouldListEveryRowAndEveryGoalWithItsVerdict()
    {
        final TailResults results = new TailResults();
        for (final int round : new int[] {0, 1, 2})
        {
            results.add(2, Variant.OSHMEM, TailTargetsTest.line(TailOp.BARRIER, round, 0, 3, 20, 0.5));
            results.add(2, Variant.OURS_UNBOUND, TailTargetsTest.line(TailOp.BARRIER, round, 0, 2, 30, 0.5));
            results.add(2, Variant.OURS_UNBOUND, TailTargetsTest.line(TailOp.BARRIER, round, 1, 2, 40, 0.5));
        }
        final List<TailSummary> summaries = results.summaries();

        final String md = TailTable.markdown(summaries, TailTargets.check(summaries, List.of(2)), List.of("a note"));

        assertTrue(md.contains("a note"), md);
        assertTrue(md.contains("| 2 | barrier_all | ours unbound, PE 0 | 2 | 0.250 | 1.00 | 2.00 | 30.0 | 0.500 |"),
            md);
        assertTrue(md.contains("| 2 | barrier_all | ours unbound, worst PE | 2 | 0.250 | 1.00 | 2.00 | 40.0 | 0.500 |"),
            md);
        assertTrue(md.contains("| 2 | barrier_all | OSHMEM, PE 0 | 2 |"), md);
        assertTrue(md.contains("| 2 | barrier_all | mean <= 1.2x OSHMEM mean | ours unbound | 0.500 | 0.600 | met |"),
            md);
        assertTrue(md.contains("| 2 | barrier_all | p99.9 <= OSHMEM p99.9 | ours bound | - | 3.00 | not run |"), md);
        assertTrue(md.contains("| 2 | malloc(64) + free | mean <= 1.2x OSHMEM mean | ours unbound | - | - | not run |"),
            md);
        assertTrue(md.contains("| ours unbound | 40.0 | 1000 | met |"), md);
    }
}
