package io.ishmem.core;

import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import io.ishmem.junit.MultiPeTest;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static io.ishmem.core.CollectiveTeams.worldPe;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The data-moving collectives (issue 12) on every kind of team at 2, 4 and 8 PEs, with real data checked on
 * every PE: broadcast from every root, pushed (small) and pulled (large) and in place; fcollect and collect
 * with contributions of different sizes; alltoall; the strided alltoalls; and the team barrier's quiet.
 */
class CollectiveMultiPeTest
{
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG;
    /** Elements of a large collective: past the push limit of a broadcast, and not a multiple of anything. */
    private static final int LARGE = 2_501;

    /** A value no other (PE, element, round) gives. */
    private static long value(final int worldPe, final long element, final int round)
    {
        return (long)worldPe << 40 ^ element << 8 ^ round;
    }

    private static void fill(final SymmetricSegment segment, final long count, final int worldPe, final int round)
    {
        for (long i = 0; i < count; i++)
        {
            segment.local().setAtIndex(LONG, i, value(worldPe, i, round));
        }
    }

    @MultiPeTest(pes = {2, 4, 8})
    void shouldBroadcastFromEveryRootOnEveryTeam(final Ishmem shmem)
    {
        final CollectiveTeams teams = CollectiveTeams.of(shmem);
        final SymmetricSegment src = shmem.calloc(LARGE, LONG);
        final SymmetricSegment dest = shmem.calloc(LARGE, LONG);
        teams.forEachMine(shmem, named ->
        {
            final Team team = named.team();
            int round = named.ordinal() * 10_000;
            for (final int count : new int[] {0, 1, 3, LARGE})
            {
                for (int root = 0; root < team.nPes(); root++)
                {
                    round++;
                    fill(src, count, shmem.myPe(), round);
                    dest.local().fill((byte)-1);
                    shmem.barrier(team);
                    if (round % 2 == 0)
                    {
                        shmem.broadcast(team, LONG, dest, src, count, root);
                    }
                    else
                    {
                        shmem.broadcast(team, dest, src, count * 8L, root);
                    }
                    final int from = worldPe(shmem, team, root);
                    for (int i = 0; i < count; i++)
                    {
                        assertEquals(value(from, i, round), dest.local().getAtIndex(LONG, i),
                            named + ": broadcast of " + count + " from root " + root + ", element " + i);
                    }
                    if (count < LARGE)
                    {
                        assertEquals(-1L, dest.local().getAtIndex(LONG, count), named + ": written past the end");
                    }
                    shmem.barrier(team);
                }
            }
            // in place: the root's source is its destination
            round++;
            fill(dest, LARGE, shmem.myPe(), round);
            shmem.barrier(team);
            shmem.broadcast(team, LONG, dest, dest, LARGE, team.nPes() - 1);
            final int from = worldPe(shmem, team, team.nPes() - 1);
            for (int i = 0; i < LARGE; i++)
            {
                assertEquals(value(from, i, round), dest.local().getAtIndex(LONG, i), named + ": in place, " + i);
            }
            shmem.barrier(team);
        });
        teams.destroy();
    }

    @MultiPeTest(pes = {2, 4, 8})
    void shouldGatherBlocksOfEverySizeInTeamOrder(final Ishmem shmem)
    {
        final CollectiveTeams teams = CollectiveTeams.of(shmem);
        final int n = shmem.nPes();
        final SymmetricSegment src = shmem.calloc(2L * LARGE, LONG);
        final SymmetricSegment dest = shmem.calloc(2L * n * LARGE, LONG);
        teams.forEachMine(shmem, named ->
        {
            final Team team = named.team();
            int round = named.ordinal() * 10_000;
            for (final int count : new int[] {1, 5, LARGE})
            {
                round++;
                fill(src, count, shmem.myPe(), round);
                dest.local().fill((byte)-1);
                shmem.barrier(team);
                shmem.fcollect(team, LONG, dest, src, count);
                for (int j = 0; j < team.nPes(); j++)
                {
                    for (int i = 0; i < count; i++)
                    {
                        assertEquals(value(worldPe(shmem, team, j), i, round),
                            dest.local().getAtIndex(LONG, (long)j * count + i), named + ": fcollect " + count);
                    }
                }
                if (team.nPes() < shmem.nPes())
                {
                    assertEquals(-1L, dest.local().getAtIndex(LONG, (long)team.nPes() * count), named + ": past end");
                }
                shmem.barrier(team);

                // collect: member j gives (j % 3) * count elements, so one gives none
                round++;
                final int mine = team.myPe() % 3 * count;
                fill(src, mine, shmem.myPe(), round);
                dest.local().fill((byte)-1);
                shmem.barrier(team);
                shmem.collect(team, LONG, dest, src, mine);
                long at = 0;
                for (int j = 0; j < team.nPes(); j++)
                {
                    for (int i = 0; i < j % 3 * count; i++)
                    {
                        assertEquals(value(worldPe(shmem, team, j), i, round), dest.local().getAtIndex(LONG, at++),
                            named + ": collect block of member " + j);
                    }
                }
                assertEquals(-1L, dest.local().getAtIndex(LONG, at), named + ": collect wrote past the total");
                shmem.barrier(team);
            }
        });
        teams.destroy();
    }

    @MultiPeTest(pes = {2, 4, 8})
    void shouldExchangeAllToAllPlainAndStrided(final Ishmem shmem)
    {
        final CollectiveTeams teams = CollectiveTeams.of(shmem);
        final int n = shmem.nPes();
        final int count = 300;
        final SymmetricSegment src = shmem.calloc((long)n * count * 3, LONG);
        final SymmetricSegment dest = shmem.calloc((long)n * count * 3, LONG);
        teams.forEachMine(shmem, named ->
        {
            final Team team = named.team();
            int round = named.ordinal() * 10_000;
            final int size = team.nPes();
            round++;
            // block j of this PE's source is for member j: its value names both ends
            for (int j = 0; j < size; j++)
            {
                for (int i = 0; i < count; i++)
                {
                    src.local().setAtIndex(LONG, (long)j * count + i, value(shmem.myPe(), j * 1000L + i, round));
                }
            }
            shmem.barrier(team);
            shmem.alltoall(team, LONG, dest, src, count);
            for (int j = 0; j < size; j++)
            {
                for (int i = 0; i < count; i++)
                {
                    assertEquals(value(worldPe(shmem, team, j), team.myPe() * 1000L + i, round),
                        dest.local().getAtIndex(LONG, (long)j * count + i), named + ": alltoall block " + j);
                }
            }
            shmem.barrier(team);

            // strided, in ints: source stride 3, destination stride 2, 4 elements a block
            round++;
            final int nelems = 4;
            final MemorySegment ints = src.local();
            for (int p = 0; p < size * nelems; p++)
            {
                ints.setAtIndex(ValueLayout.JAVA_INT, p * 3L, shmem.myPe() * 100_000 + p * 10 + round % 10);
            }
            dest.local().fill((byte)-1);
            shmem.barrier(team);
            shmem.alltoalls(team, ValueLayout.JAVA_INT, dest, src, 2, 3, nelems);
            for (int j = 0; j < size; j++)
            {
                for (int e = 0; e < nelems; e++)
                {
                    final int sent = (team.myPe() * nelems + e) * 10;
                    assertEquals(worldPe(shmem, team, j) * 100_000 + sent + round % 10,
                        dest.local().getAtIndex(ValueLayout.JAVA_INT, (j * nelems + e) * 2L),
                        named + ": alltoalls element " + e + " from member " + j);
                    assertEquals(-1, dest.local().getAtIndex(ValueLayout.JAVA_INT, (j * nelems + e) * 2L + 1),
                        named + ": alltoalls wrote between strided elements");
                }
            }
            shmem.barrier(team);
        });
        teams.destroy();
    }

    /** A put before a team barrier is visible to every member after it. */
    @MultiPeTest(pes = {2, 4, 8})
    void shouldCompletePutsAtATeamBarrier(final Ishmem shmem)
    {
        final CollectiveTeams teams = CollectiveTeams.of(shmem);
        final SymmetricSegment slots = shmem.calloc(shmem.nPes(), LONG);
        teams.forEachMine(shmem, named ->
        {
            final Team team = named.team();
            int round = named.ordinal() * 10_000;
            for (int r = 0; r < 20; r++)
            {
                round++;
                for (int j = 0; j < team.nPes(); j++)
                {
                    shmem.pLong(slots, shmem.myPe(), value(shmem.myPe(), j, round), worldPe(shmem, team, j));
                }
                shmem.barrier(team);
                for (int j = 0; j < team.nPes(); j++)
                {
                    final int from = worldPe(shmem, team, j);
                    assertEquals(value(from, team.myPe(), round), slots.local().getAtIndex(LONG, from),
                        named + ": slot of member " + j + " after barrier " + r);
                }
                shmem.barrier(team);
            }
        });
        teams.destroy();
    }
}
