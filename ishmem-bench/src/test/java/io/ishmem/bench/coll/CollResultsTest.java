package io.ishmem.bench.coll;

import io.ishmem.bench.Spread;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CollResultsTest
{
    @Test
    void shouldTakeTheSlowestPeOfEachRoundAndTheMedianOverTheRoundsAfterTheFirst()
    {
        final CollResults results = new CollResults();
        // round 0 is the warm-up: far slower, and left out
        results.add(2, line(CollCase.SUM_SMALL, 0, 0, 9000, 90000));
        results.add(2, line(CollCase.SUM_SMALL, 0, 1, 9000, 90000));
        // the slowest PE's p50 differs by round: PE 1 in round 1, PE 0 in rounds 2 and 3
        results.add(2, line(CollCase.SUM_SMALL, 1, 0, 800, 5000));
        results.add(2, line(CollCase.SUM_SMALL, 1, 1, 900, 4000));
        results.add(2, line(CollCase.SUM_SMALL, 2, 0, 1000, 3000));
        results.add(2, line(CollCase.SUM_SMALL, 2, 1, 700, 6000));
        results.add(2, line(CollCase.SUM_SMALL, 3, 0, 1200, 2000));
        results.add(2, line(CollCase.SUM_SMALL, 3, 1, 600, 2500));

        final CollResults.Figures figures = results.figures(2, CollCase.SUM_SMALL);

        assertEquals(3, figures.rounds());
        assertEquals(new Spread(1000, 900, 1200), figures.p50());
        // max per round: 5000, 6000, 2500
        assertEquals(new Spread(5000, 2500, 6000), figures.max());
        assertEquals(CollResults.Figures.NONE, results.figures(2, CollCase.SUM_LARGE));
        assertEquals(CollResults.Figures.NONE, results.figures(4, CollCase.SUM_SMALL));
    }

    @Test
    void shouldKeepTheRunOverUcxApartFromOurNormalRun()
    {
        final CollResults results = new CollResults();
        assertFalse(results.has(2));
        for (final int round : new int[] {0, 1})
        {
            results.addOverUcx(2, line(CollCase.FETCH_ADD, round, 0, 900, 4000));
        }
        results.add(2, line(CollCase.FETCH_ADD, 1, 0, 40, 200));

        assertTrue(results.has(2));
        assertEquals(new Spread(900, 900, 900), results.figuresOverUcx(2, CollCase.FETCH_ADD).p50());
        assertEquals(1, results.figuresOverUcx(2, CollCase.FETCH_ADD).rounds());
        assertEquals(new Spread(40, 40, 40), results.figures(2, CollCase.FETCH_ADD).p50());
        assertEquals(CollResults.Figures.NONE, results.figuresOverUcx(2, CollCase.COMPARE_SWAP));
        assertEquals(CollResults.Figures.NONE, results.figuresOverUcx(4, CollCase.FETCH_ADD));

        final CollResults ucxOnly = new CollResults();
        ucxOnly.addOverUcx(4, line(CollCase.FETCH_ADD, 1, 0, 900, 4000));
        assertTrue(ucxOnly.has(4), "a PE count whose only figures are over UCX still has a section");
        assertEquals(CollResults.Figures.NONE, ucxOnly.figures(4, CollCase.FETCH_ADD));
    }

    @Test
    void shouldKeepOshmemsFigureByPeCountAndCase()
    {
        final CollResults results = new CollResults();
        assertFalse(results.has(4));
        results.add(new CollOutput.OshmemLine(CollCase.BROADCAST_LARGE, 4, 720_000));

        assertTrue(results.has(4));
        assertEquals(720_000, results.oshmem(4, CollCase.BROADCAST_LARGE));
        assertEquals(Double.NaN, results.oshmem(4, CollCase.BROADCAST_SMALL));
        assertEquals(Double.NaN, results.oshmem(2, CollCase.BROADCAST_LARGE));
    }

    /** A line whose mean and p99.9 follow from its p50 and max. */
    static CollOutput.Line line(final CollCase c, final int round, final int pe, final double p50, final double max)
    {
        return new CollOutput.Line(c, round, pe, p50, p50 * 1.1, max / 2, max);
    }
}
