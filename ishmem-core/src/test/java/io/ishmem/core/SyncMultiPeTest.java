package io.ishmem.core;

import io.ishmem.Cmp;
import io.ishmem.CollectiveMismatchException;
import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeTest;

import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Barriers, syncs, waits and tests across processes. */
class SyncMultiPeTest
{
    @MultiPeTest(pes = {2, 4, 8})
    void shouldNotLetAnyPeLeaveABarrierBeforeAllArrive(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final SymmetricSegment round = shmem.calloc(n, ValueLayout.JAVA_LONG);
        for (long r = 1; r <= 200; r++)
        {
            for (int pe = 0; pe < n; pe++)
            {
                shmem.pLong(round, me, r, pe);
            }
            shmem.barrierAll();
            for (int pe = 0; pe < n; pe++)
            {
                final long seen = round.local().getAtIndex(ValueLayout.JAVA_LONG, pe);
                assertTrue(seen >= r, "after barrier " + r + " PE " + pe + " was at " + seen);
            }
            shmem.syncAll();
        }
    }

    @MultiPeTest(pes = {2, 4})
    void shouldWaitUntilEachComparisonHolds(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final SymmetricSegment longs = shmem.calloc(8, ValueLayout.JAVA_LONG);
        final SymmetricSegment ints = shmem.calloc(8, ValueLayout.JAVA_INT);
        final Cmp[] cmps = Cmp.values();
        // PE 0 moves each word to a value; the others wait for a comparison that only that value satisfies
        final long[] start = {5, 5, 5, 5, 5, 5};
        final long[] target = {9, 9, 9, 9, 1, 1};
        final long[] waitFor = {9, 5, 8, 9, 2, 1};
        if (me != 0)
        {
            for (int i = 0; i < cmps.length; i++)
            {
                longs.local().setAtIndex(ValueLayout.JAVA_LONG, i, start[i]);
                ints.local().setAtIndex(ValueLayout.JAVA_INT, i, (int)start[i] - 10);
            }
        }
        shmem.barrierAll();
        if (me == 0)
        {
            for (int i = 0; i < cmps.length; i++)
            {
                for (int pe = 1; pe < n; pe++)
                {
                    shmem.pLong(longs, i, target[i], pe);
                    shmem.pInt(ints, i, (int)target[i] - 10, pe);
                }
            }
            shmem.quiet();
        }
        else
        {
            for (int i = 0; i < cmps.length; i++)
            {
                assertEquals(target[i], shmem.waitUntilLong(longs, i, cmps[i], waitFor[i]), cmps[i].name());
                assertEquals((int)target[i] - 10, shmem.waitUntilInt(ints, i, cmps[i], (int)waitFor[i] - 10),
                    cmps[i].name());
                assertTrue(shmem.testLong(longs, i, cmps[i], waitFor[i]));
                assertTrue(shmem.testInt(ints, i, cmps[i], (int)waitFor[i] - 10));
            }
            assertFalse(shmem.testLong(longs, 0, Cmp.NE, 9));
            assertFalse(shmem.testInt(ints, 0, Cmp.LT, -1));
        }
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {2, 4, 8})
    void shouldPassATokenAroundTheRingWithPAndWaitUntil(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final SymmetricSegment token = shmem.calloc(1, ValueLayout.JAVA_LONG);
        final SymmetricSegment payload = shmem.calloc(16, ValueLayout.JAVA_LONG);
        final int laps = 50;
        for (long lap = 1; lap <= laps; lap++)
        {
            final long expect = (lap - 1) * n + me;
            if (me != 0 || lap > 1)
            {
                shmem.waitUntilLong(token, 0, Cmp.GE, expect);
                // the payload was put before the token (fence), so it is here now
                assertEquals(expect, payload.local().getAtIndex(ValueLayout.JAVA_LONG, 15));
            }
            final int next = (me + 1) % n;
            shmem.put(payload, 0, new long[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, expect + 1}, 0, 16, next);
            shmem.fence();
            shmem.pLong(token, 0, expect + 1, next);
        }
        shmem.barrierAll();
        final long last = token.local().getAtIndex(ValueLayout.JAVA_LONG, 0);
        assertEquals(me == 0 ? (long)laps * n : (laps - 1L) * n + me, last);
    }

    /** A PE in another collective is reported on every PE, not only on its barrier partners. */
    @MultiPeTest(pes = {4, 8})
    void shouldReportAMismatchedBarrierOnEveryPe(final Ishmem shmem)
    {
        final CollectiveMismatchException ex = assertThrows(CollectiveMismatchException.class, () ->
        {
            if (shmem.myPe() == 0)
            {
                shmem.syncAll();
            }
            else
            {
                shmem.barrierAll();
            }
        });
        assertTrue(ex.getMessage().contains("syncAll") && ex.getMessage().contains("barrierAll"), ex.getMessage());
        // the check consumed one collective on every PE alike: the job is still in step
        shmem.barrierAll();
    }
}
