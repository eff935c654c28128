package io.ishmem.bench.coll;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CollTargetsTest
{
    @Test
    void shouldHoldSmallCollectivesToOneAndAHalfTeamBarriersAndToOshmem()
    {
        final List<CollTargets.Check> checks = CollTargets.checks(CollCase.BROADCAST_SMALL, 1600, 200, 1500, 1000);

        assertEquals(List.of(CollTargets.VS_OSHMEM, CollTargets.VS_BARRIER), targets(checks));
        assertEquals("missed by 6.7%", checks.get(0).verdict());
        assertEquals(1500, checks.get(1).limit());
        assertEquals("missed by 6.7%", checks.get(1).verdict());
        assertTrue(checks.get(1).why().startsWith("an 8-byte collective is one team barrier"), checks.get(1).why());
        assertEquals("met", CollTargets.checks(CollCase.ALLTOALL, 1500, 200, 1500, 1000).get(1).verdict());
    }

    @Test
    void shouldSayHowMuchOfTheCopyFloorsBandwidthALargeCollectiveReached()
    {
        // 1 MiB: the copy takes 100 us, so the goal is at most 100 / 0.7 = 142.9 us
        final List<CollTargets.Check> missed = CollTargets.checks(CollCase.BROADCAST_LARGE, 200_000, 100_000,
            Double.NaN, 1000);
        final List<CollTargets.Check> met = CollTargets.checks(CollCase.SUM_LARGE, 140_000, 100_000, 400_000, 1000);

        assertEquals(List.of(CollTargets.VS_OSHMEM, CollTargets.VS_COPY), targets(missed));
        assertEquals("no reference", missed.get(0).verdict());
        assertEquals("", missed.get(0).why());
        assertEquals("missed: 50% of the floor", missed.get(1).verdict());
        assertEquals(100_000 / 0.7, missed.get(1).limit(), 1e-6);
        assertEquals("met", met.get(0).verdict());
        assertEquals("met", met.get(1).verdict());
    }

    @Test
    void shouldHoldUncontendedAtomicsToOneAndAHalfRawOperations()
    {
        final List<CollTargets.Check> checks = CollTargets.checks(CollCase.COMPARE_SWAP, 8.0, 5.0, 25.0, 1000);

        assertEquals(List.of(CollTargets.VS_OSHMEM, CollTargets.VS_RAW), targets(checks));
        assertEquals("met", checks.get(0).verdict());
        assertEquals("missed by 6.7%", checks.get(1).verdict());
        // contended: only OSHMEM; malloc + free: only OSHMEM; the team barrier: none, oshm_coll has none
        assertEquals(List.of(CollTargets.VS_OSHMEM), targets(CollTargets.checks(CollCase.FETCH_ADD_ONE_WORD, 50, 40,
            45, 1000)));
        assertEquals(List.of(CollTargets.VS_OSHMEM), targets(CollTargets.checks(CollCase.MALLOC_FREE, 50, 40, 45,
            1000)));
        assertEquals(List.of(), CollTargets.checks(CollCase.TEAM_BARRIER, 50, 40, Double.NaN, 50));
    }

    @Test
    void shouldMakeARowForEveryOneOfOurCasesAtEveryPeCountWithItsFloor()
    {
        final CollResults results = new CollResults();
        for (final int round : new int[] {0, 1})
        {
            results.add(2, CollResultsTest.line(CollCase.TEAM_BARRIER, round, 0, 400, 900));
            results.add(2, CollResultsTest.line(CollCase.RAW_BARRIER, round, 0, 300, 900));
            results.add(2, CollResultsTest.line(CollCase.SUM_SMALL, round, 0, 700, 900));
            results.add(2, CollResultsTest.line(CollCase.MALLOC_FREE, round, 0, 700, 900));
        }

        final List<CollRow> rows = CollTargets.rows(results, List.of(2, 4));

        assertEquals(2 * CollCase.values().length - 2 * 5, rows.size(), "our cases, not the 5 floors");
        final CollRow sum = rows.stream().filter(row -> row.pes() == 2 && row.c() == CollCase.SUM_SMALL)
            .findFirst().orElseThrow();
        assertEquals(300, sum.floor());
        assertEquals(700 / 300.0, sum.ratioToFloor(), 1e-9);
        assertEquals(600, sum.checks().get(1).limit(), "1.5x the team barrier's 400 ns");
        assertEquals("missed by 17%", sum.checks().get(1).verdict());
        final CollRow malloc = rows.stream().filter(row -> row.pes() == 2 && row.c() == CollCase.MALLOC_FREE)
            .findFirst().orElseThrow();
        assertEquals(600, malloc.floor(), "two raw barriers");
        assertTrue(rows.stream().filter(row -> row.pes() == 4).allMatch(row -> Double.isNaN(row.p50())));
    }

    @Test
    void shouldCheckTheGoalsOnOurNormalRunOnlyAndSetTheRunOverUcxBesideIt()
    {
        final CollResults results = new CollResults();
        for (final int round : new int[] {0, 1})
        {
            results.add(2, CollResultsTest.line(CollCase.TEAM_BARRIER, round, 0, 400, 900));
            results.add(2, CollResultsTest.line(CollCase.SUM_SMALL, round, 0, 500, 900));
            // over UCX: a slower team barrier and sum, and a faster raw barrier, none of which may move a goal
            results.addOverUcx(2, CollResultsTest.line(CollCase.TEAM_BARRIER, round, 0, 4000, 9000));
            results.addOverUcx(2, CollResultsTest.line(CollCase.RAW_BARRIER, round, 0, 10, 90));
            results.addOverUcx(2, CollResultsTest.line(CollCase.SUM_SMALL, round, 0, 5000, 9000));
        }
        results.add(new CollOutput.OshmemLine(CollCase.SUM_SMALL, 2, 1000));

        final CollRow sum = CollTargets.rows(results, List.of(2)).stream()
            .filter(row -> row.c() == CollCase.SUM_SMALL).findFirst().orElseThrow();

        assertEquals(500, sum.p50());
        assertEquals(5000, sum.overUcxP50());
        assertEquals(0.5, sum.ratioToOshmem(), 1e-9);
        assertEquals(5.0, sum.ratioOverUcxToOshmem(), 1e-9);
        assertTrue(Double.isNaN(sum.floor()), "the floor is the normal run's, which has no raw barrier");
        assertEquals(List.of("met", "met"), sum.checks().stream().map(CollTargets.Check::verdict).toList());
        assertEquals(500, sum.checks().get(0).ours());
        assertEquals(600, sum.checks().get(1).limit(), "1.5x the normal run's team barrier");
    }

    private static List<String> targets(final List<CollTargets.Check> checks)
    {
        return checks.stream().map(CollTargets.Check::target).toList();
    }
}
