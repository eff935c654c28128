package io.ishmem.core.team;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

class TripletTest
{
    @Test
    void shouldNumberMembersAndFindThemBack()
    {
        final Triplet even = new Triplet(0, 2, 4);
        assertArrayEquals(new int[] {0, 2, 4, 6}, even.members());
        for (int pe = -3; pe < 12; pe++)
        {
            assertEquals(pe >= 0 && pe <= 6 && pe % 2 == 0 ? pe / 2 : -1, even.indexOf(pe), "pe " + pe);
        }
        final Triplet reversed = new Triplet(9, -3, 3);
        assertArrayEquals(new int[] {9, 6, 3}, reversed.members());
        assertEquals(0, reversed.indexOf(9));
        assertEquals(2, reversed.indexOf(3));
        assertEquals(-1, reversed.indexOf(0));
        assertEquals(-1, reversed.indexOf(12));
        assertEquals(-1, reversed.indexOf(4));
    }

    @Test
    void shouldKeepASplitOfAStridedTeamStrided()
    {
        final Triplet world = new Triplet(0, 1, 8);
        final Triplet backwards = world.split(7, -1, 8);
        assertArrayEquals(new int[] {7, 6, 5, 4, 3, 2, 1, 0}, backwards.members());
        final Triplet odd = backwards.split(0, 2, 4);
        assertArrayEquals(new int[] {7, 5, 3, 1}, odd.members());
        final Triplet again = odd.split(3, -2, 2);
        assertArrayEquals(new int[] {1, 5}, again.members());
        assertEquals(new Triplet(5, 1, 1), odd.split(1, 0, 1));
    }

    @Test
    void shouldFindAMembersNumberInASplitWithoutMakingIt()
    {
        int members = 0;
        for (final Triplet parent : new Triplet[] {new Triplet(0, 1, 8), new Triplet(1, 3, 5), new Triplet(2, 2, 1)})
        {
            for (int start = 0; start < parent.size(); start++)
            {
                for (int stride = -4; stride <= 4; stride++)
                {
                    for (int size = 1; size <= parent.size(); size++)
                    {
                        if (Triplet.checkSplit(parent.size(), start, stride, size) != null)
                        {
                            continue;
                        }
                        final Triplet child = parent.split(start, stride, size);
                        for (int pe = -1; pe < 16; pe++)
                        {
                            final int index = parent.indexInSplit(start, stride, size, pe);
                            assertEquals(child.indexOf(pe), index, parent + " split(" + start + ", " + stride + ", " +
                                size + ") pe " + pe);
                            members += index >= 0 ? 1 : 0;
                        }
                    }
                }
            }
        }
        // the loops met members, not only PEs outside every split
        assertEquals(true, members > 100, "members " + members);
    }

    @Test
    void shouldAcceptOnlyTripletsInsideTheParent()
    {
        assertNull(Triplet.checkSplit(8, 0, 2, 4));
        assertNull(Triplet.checkSplit(8, 7, -1, 8));
        assertNull(Triplet.checkSplit(8, 3, 0, 1));
        assertNull(Triplet.checkSplit(8, 7, 100, 1));
        assertNotNull(Triplet.checkSplit(8, 0, 2, 5));    // 8 is out
        assertNotNull(Triplet.checkSplit(8, 8, 1, 1));    // start == N
        assertNotNull(Triplet.checkSplit(8, -1, 1, 2));
        assertNotNull(Triplet.checkSplit(8, 1, -1, 3));   // wraps below 0
        assertNotNull(Triplet.checkSplit(8, 0, 0, 2));    // stride 0 needs size 1
        assertNotNull(Triplet.checkSplit(8, 0, 1, 0));
        assertNotNull(Triplet.checkSplit(8, 0, 1, -4));
        assertNotNull(Triplet.checkSplit(8, 1, Integer.MAX_VALUE, 2));
        assertNotNull(Triplet.checkSplit(8, 7, Integer.MIN_VALUE, 2));
    }

    @Test
    void shouldCutRowsAndColumnsOfTheSpecGrid()
    {
        final Triplet parent = new Triplet(0, 1, 10);
        assertArrayEquals(new int[] {0, 1, 2}, parent.row(3, 0).members());
        assertArrayEquals(new int[] {9}, parent.row(3, 3).members());
        assertArrayEquals(new int[] {0, 3, 6, 9}, parent.column(3, 0).members());
        assertArrayEquals(new int[] {1, 4, 7}, parent.column(3, 1).members());
        assertArrayEquals(new int[] {2, 5, 8}, parent.column(3, 2).members());
        final Triplet odd = new Triplet(1, 2, 5);
        assertArrayEquals(new int[] {1, 3}, odd.row(2, 0).members());
        assertArrayEquals(new int[] {9}, odd.row(2, 2).members());
        assertArrayEquals(new int[] {3, 7}, odd.column(2, 1).members());
    }

    @Test
    void shouldReportFreeSlotsInWindowsAndClaimAtomically()
    {
        final TeamSlots slots = new TeamSlots(70);
        slots.claim(0);
        slots.claim(65);
        final long[] window = new long[8];
        slots.freeWindow(0, window);
        assertEquals(~1L, window[0]);
        assertEquals(0b111101L, window[1]);
        assertEquals(0, window[2]);
        assertEquals(false, slots.tryClaim(new int[] {3, 65}));
        assertEquals(false, slots.isUsed(3));
        assertEquals(true, slots.tryClaim(new int[] {3, 64}));
        assertEquals(4, slots.usedCount());
        // pending slots still read as free (their split may give them back) but cannot be claimed twice
        slots.freeWindow(0, window);
        assertEquals(~1L, window[0]);
        assertEquals(false, slots.tryClaim(new int[] {3}));
        slots.abandon(new int[] {3, 64});
        assertEquals(2, slots.usedCount());
        assertEquals(true, slots.tryClaim(new int[] {3}));
        slots.confirm(new int[] {3});
        slots.freeWindow(0, window);
        assertEquals(~0b1001L, window[0]);
        slots.release(3);
        assertEquals(2, slots.usedCount());
    }

    @Test
    void shouldReserveTheFreeSlotsOnlyWhileNoOtherSplitHoldsAny() throws Exception
    {
        final TeamSlots slots = new TeamSlots(70);
        slots.claim(0);
        slots.claim(65);
        final long[] window = new long[8];
        assertEquals(TeamSlots.ALONE | TeamSlots.RESERVED, slots.beginSplit(window));
        assertEquals(~1L, window[0]);
        assertEquals(0b111101L, window[1]);
        // reserved slots are not in use, and read as free to a split of another team
        assertEquals(2, slots.usedCount());
        final long[] other = new long[8];
        assertEquals(0, slots.beginSplit(other));
        assertEquals(~1L, other[0]);
        // whose claim of one waits until the reservation ends, then finds it taken
        final java.util.concurrent.CompletableFuture<Boolean> claim =
            java.util.concurrent.CompletableFuture.supplyAsync(() -> slots.tryClaim(new int[] {7}));
        Thread.sleep(100);
        assertEquals(false, claim.isDone());
        slots.endReservation(new int[] {7, 66});
        assertEquals(false, claim.get());
        assertEquals(4, slots.usedCount());
        assertEquals(true, slots.isUsed(7));
        assertEquals(true, slots.isUsed(66));
        assertEquals(false, slots.isUsed(8));
        slots.endSplit();
        // while another split runs here no split reserves: the other split's claims never wait on one
        assertEquals(0, slots.beginSplit(window));
        slots.endSplit();
        slots.endSplit();
        // a claim held by a split that ended without giving it back (it cannot, but the table allows it)
        assertEquals(true, slots.tryClaim(new int[] {9}));
        assertEquals(TeamSlots.ALONE, slots.beginSplit(window));
        slots.endSplit();
        assertEquals(5, slots.usedCount());
        slots.abandon(new int[] {9});
        assertEquals(TeamSlots.ALONE | TeamSlots.RESERVED, slots.beginSplit(window));
        slots.finishAlone(new int[] {8});
        assertEquals(5, slots.usedCount());
        assertEquals(true, slots.isUsed(8));
        assertEquals(false, slots.isUsed(10));
        // the split is over: the next one reserves again, and a finish stored by one thread is seen by another
        assertEquals(TeamSlots.ALONE | TeamSlots.RESERVED, slots.beginSplit(window));
        slots.finishAlone(new int[0]);
        assertEquals(true, java.util.concurrent.CompletableFuture.supplyAsync(() -> slots.tryClaim(new int[] {10}))
            .get());
        assertEquals(TeamSlots.ALONE,
            java.util.concurrent.CompletableFuture.supplyAsync(() -> slots.beginSplit(window)).get());
        slots.endSplit();
        assertEquals(6, slots.usedCount());
    }
}
