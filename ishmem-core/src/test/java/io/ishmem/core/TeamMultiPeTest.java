package io.ishmem.core;

import io.ishmem.CollectiveMismatchException;
import io.ishmem.Ishmem;
import io.ishmem.Split2D;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import io.ishmem.TeamConfig;
import io.ishmem.TeamSplitException;
import io.ishmem.junit.MultiPeTest;

import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The team chapter: predefined teams, strided and 2D splits, failures, slots, order checks, destroy. */
class TeamMultiPeTest
{
    /** A tag per exchange, so a value left by an earlier exchange is never mistaken for this one's. */
    private static long exchanges;

    /**
     * Checks a team against the world PEs it should hold (null: this PE must have Team.INVALID), then
     * proves its barrier: each member writes a fresh tag into every member's slot of {@code scratch}, syncs
     * the team, and finds every member's tag. Every PE of the job calls it, members or not.
     */
    private static void checkTeam(final Ishmem shmem, final Team team, final int[] members,
        final SymmetricSegment scratch)
    {
        final int me = shmem.myPe();
        final int index = IntStream.range(0, members.length).filter(i -> members[i] == me).findFirst().orElse(-1);
        final long tag = ++exchanges;
        if (index < 0)
        {
            assertSame(Team.INVALID, team, "PE " + me + " is not in " + java.util.Arrays.toString(members));
            shmem.barrierAll();
            return;
        }
        final Team world = shmem.teamWorld();
        assertEquals(index, team.myPe(), team.toString());
        assertEquals(members.length, team.nPes(), team.toString());
        for (int i = 0; i < members.length; i++)
        {
            assertEquals(members[i], team.translatePe(i, world), "translatePe(" + i + ", WORLD) of " + team);
            assertEquals(i, world.translatePe(members[i], team));
            assertEquals(i, team.translatePe(i, team));
        }
        for (int pe = 0; pe < shmem.nPes(); pe++)
        {
            final int p = pe;
            if (IntStream.of(members).noneMatch(m -> m == p))
            {
                assertEquals(-1, world.translatePe(pe, team), "world PE " + pe + " is not in " + team);
            }
        }
        assertEquals(-1, team.translatePe(members.length, world));
        assertEquals(-1, team.translatePe(-1, world));
        for (final int member : members)
        {
            shmem.pLong(scratch, index, tag, member);
        }
        // sync orders no puts (ishmem_team_sync): quiet completes them first, which a transport that does not
        // deliver on return (UCX) needs
        shmem.quiet();
        team.sync();
        for (int i = 0; i < members.length; i++)
        {
            assertEquals(tag, scratch.local().getAtIndex(ValueLayout.JAVA_LONG, i), "member " + i + " of " + team);
        }
        // nobody may overwrite a slot before every member (of this or a disjoint team) has read it
        shmem.barrierAll();
    }

    private static int[] range(final int start, final int stride, final int size)
    {
        return IntStream.range(0, size).map(i -> start + stride * i).toArray();
    }

    @MultiPeTest(pes = {1, 3})
    void shouldProvideWorldSharedAndNodeTeams(final Ishmem shmem)
    {
        final Team world = shmem.teamWorld();
        final Team shared = shmem.teamShared();
        assertEquals(shmem.myPe(), world.myPe());
        assertEquals(shmem.nPes(), world.nPes());
        assertEquals(shmem.myPe(), shared.myPe());
        assertEquals(shmem.nPes(), shared.nPes());
        assertSame(shared, shmem.teamNode());
        assertNotSame(world, shared);
        assertEquals(Optional.of(TeamConfig.DEFAULT), world.config());
        for (int pe = 0; pe < shmem.nPes(); pe++)
        {
            assertEquals(pe, world.translatePe(pe, shared));
            assertEquals(pe, shared.translatePe(pe, world));
        }
        final SymmetricSegment scratch = shmem.calloc(shmem.nPes(), ValueLayout.JAVA_LONG);
        checkTeam(shmem, world, range(0, 1, shmem.nPes()), scratch);
        checkTeam(shmem, shared, range(0, 1, shmem.nPes()), scratch);
        shared.sync();
        world.sync();
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {5, 8})
    void shouldSplitStridedTeamsOfStridedTeamsWithNegativeStrides(final Ishmem shmem)
    {
        final int n = shmem.nPes();
        final Team world = shmem.teamWorld();
        final SymmetricSegment scratch = shmem.calloc(n, ValueLayout.JAVA_LONG);

        final Team even = world.splitStrided(0, 2, (n + 1) / 2);
        checkTeam(shmem, even, range(0, 2, (n + 1) / 2), scratch);
        final Team reversed = world.splitStrided(n - 1, -1, n);
        checkTeam(shmem, reversed, range(n - 1, -1, n), scratch);
        assertEquals(n - 1 - shmem.myPe(), reversed.myPe());

        // parent numbers 1, 3, 5, ... of the reversed team: world n-2, n-4, ...
        final Team oddOfReversed = reversed.splitStrided(1, 2, n / 2);
        final int[] oddMembers = range(n - 2, -2, n / 2);
        checkTeam(shmem, oddOfReversed, oddMembers, scratch);
        if (oddOfReversed != Team.INVALID)
        {
            // a split of a split of a split, backwards again, used at once as a parent
            final int size = oddOfReversed.nPes();
            final Team forwards = oddOfReversed.splitStrided(size - 1, -1, size);
            final int[] forwardMembers = range(oddMembers[size - 1], 2, size);
            assertEquals(forwardMembers.length - 1 - oddOfReversed.myPe(), forwards.myPe());
            final Team single = forwards.splitStrided(size - 1, 0, 1);
            if (shmem.myPe() == forwardMembers[size - 1])
            {
                assertEquals(0, single.myPe());
                assertEquals(1, single.nPes());
                assertEquals(forwardMembers[size - 1], single.translatePe(0, world));
                single.sync();
                single.destroy();
            }
            else
            {
                assertSame(Team.INVALID, single);
            }
            assertEquals(reversed.translatePe(reversed.myPe(), forwards), forwards.myPe());
            for (int i = 0; i < size; i++)
            {
                final int worldPe = forwardMembers[i];
                // a PE outside the even team holds Team.INVALID for it, which translates to -1
                assertEquals(even != Team.INVALID && worldPe % 2 == 0 ? worldPe / 2 : -1,
                    forwards.translatePe(i, even));
                assertEquals(n - 1 - worldPe, forwards.translatePe(i, reversed));
                assertEquals(size - 1 - i, forwards.translatePe(i, oddOfReversed));
            }
            forwards.sync();
            forwards.destroy();
            oddOfReversed.destroy();
        }
        if (even != Team.INVALID)
        {
            even.destroy();
        }
        reversed.destroy();
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {4})
    void shouldFailAnInvalidTripletAlikeOnEveryPeAndKeepTheParentUsable(final Ishmem shmem)
    {
        final int n = shmem.nPes();
        final Team world = shmem.teamWorld();
        final int[][] bad = {
            {0, 1, 0}, {0, 1, -1}, {0, 0, 2}, {n, 1, 1}, {-1, 1, 1}, {0, 1, n + 1}, {1, -1, 3}, {0, 2, n},
            {n - 1, 1, 2}, {1, Integer.MAX_VALUE, 2}, {n - 1, Integer.MIN_VALUE, 2},
        };
        final Team reversed = world.splitStrided(n - 1, -1, n);
        for (final int[] t : bad)
        {
            for (final Team parent : new Team[] {world, reversed})
            {
                final TeamSplitException ex = assertThrows(TeamSplitException.class,
                    () -> parent.splitStrided(t[0], t[1], t[2]), java.util.Arrays.toString(t));
                assertEquals(TeamSplitException.INVALID_TRIPLET, ex.code());
                assertTrue(ex.getMessage().contains("failed on every PE of the parent"), ex.getMessage());
                // the parent is usable at once and every PE is at the same collective
                parent.sync();
            }
        }
        final SymmetricSegment scratch = shmem.calloc(n, ValueLayout.JAVA_LONG);
        checkTeam(shmem, world.splitStrided(0, 1, n), range(0, 1, n), scratch);
        checkTeam(shmem, reversed.splitStrided(n - 1, -1, n), range(0, 1, n), scratch);
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {3})
    void shouldGiveTheValuesTheSpecDefinesForTeamInvalid(final Ishmem shmem)
    {
        final Team world = shmem.teamWorld();
        final Team first = world.splitStrided(0, 1, 1);
        final Team even = world.splitStrided(0, 2, 2);
        final Team invalid = Team.INVALID;
        assertEquals(-1, invalid.myPe());
        assertEquals(-1, invalid.nPes());
        assertEquals(Optional.empty(), invalid.config());
        assertEquals(Optional.empty(), invalid.config(TeamConfig.NUM_CONTEXTS, TeamConfig.DEFAULT));
        assertEquals(-1, invalid.translatePe(0, world));
        assertEquals(-1, world.translatePe(0, invalid));
        assertEquals(-1, invalid.translatePe(0, invalid));
        invalid.destroy();
        invalid.close();
        assertThrows(IllegalStateException.class, invalid::sync);
        // translatePe: -1 for src_pe out of range (negative, == size) and for a PE not in dest
        assertEquals(-1, world.translatePe(-1, world));
        assertEquals(-1, world.translatePe(shmem.nPes(), world));
        assertEquals(-1, world.translatePe(Integer.MIN_VALUE, world));
        if (even != Team.INVALID)
        {
            assertEquals(-1, world.translatePe(1, even));
            assertEquals(1, world.translatePe(2, even));
            assertEquals(-1, even.translatePe(2, world));
        }
        if (shmem.myPe() == 0)
        {
            assertEquals(0, first.myPe());
            assertEquals(-1, first.translatePe(1, world));
            assertEquals(-1, first.translatePe(0, invalid));
            assertEquals(0, first.translatePe(0, even));
            // a split of a team of one, stride 0 with size 1 being valid
            final Team alone = first.splitStrided(0, 0, 1);
            assertEquals(1, alone.nPes());
            alone.destroy();
            first.destroy();
        }
        else
        {
            assertSame(Team.INVALID, first);
            // a split of Team.INVALID fails at once, without waiting for anybody
            final TeamSplitException strided = assertThrows(TeamSplitException.class,
                () -> first.splitStrided(0, 1, 1));
            assertEquals(TeamSplitException.INVALID_PARENT, strided.code());
            final TeamSplitException grid = assertThrows(TeamSplitException.class, () -> first.split2d(1));
            assertEquals(TeamSplitException.INVALID_PARENT, grid.code());
        }
        if (even != Team.INVALID)
        {
            even.destroy();
        }
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {2})
    void shouldTakeOnlyTheConfigFieldsNamedByTheMask(final Ishmem shmem)
    {
        final int n = shmem.nPes();
        final Team world = shmem.teamWorld();
        final TeamConfig four = new TeamConfig(4);
        try (Team unmasked = world.splitStrided(0, 1, n, four, 0);
            Team masked = world.splitStrided(0, 1, n, four, TeamConfig.NUM_CONTEXTS);
            Team nullConfig = world.splitStrided(0, 1, n, null, 0))
        {
            assertEquals(Optional.of(TeamConfig.DEFAULT), unmasked.config());
            assertEquals(Optional.of(four), masked.config());
            assertEquals(Optional.of(TeamConfig.DEFAULT), nullConfig.config());
            // get_config: the fields not named by the mask are the caller's
            assertEquals(Optional.of(new TeamConfig(9)), masked.config(0, new TeamConfig(9)));
            assertEquals(Optional.of(four), masked.config(TeamConfig.NUM_CONTEXTS, new TeamConfig(9)));
        }
        assertThrows(IllegalArgumentException.class, () -> new TeamConfig(-1));
        final TeamSplitException unknownBits = assertThrows(TeamSplitException.class,
            () -> world.splitStrided(0, 1, n, four, 0x10));
        assertEquals(TeamSplitException.INVALID_CONFIG, unknownBits.code());
        final TeamSplitException nullMasked = assertThrows(TeamSplitException.class,
            () -> world.splitStrided(0, 1, n, null, TeamConfig.NUM_CONTEXTS));
        assertEquals(TeamSplitException.INVALID_CONFIG, nullMasked.code());
        // a bad config on one PE fails the split on every PE
        final long mask = shmem.myPe() == n - 1 ? 0x20 : 0;
        final TeamSplitException oneBad = assertThrows(TeamSplitException.class,
            () -> world.splitStrided(0, 1, n, four, mask));
        assertEquals(TeamSplitException.INVALID_CONFIG, oneBad.code());
        assertTrue(oneBad.getMessage().contains("PE " + (n - 1)), oneBad.getMessage());
        // split2d: PEs may pass different configs, as long as each new team's members agree
        // (xrange 1: every row is one PE, so each PE may configure its row alone)
        final Split2D grid = world.split2d(1, new TeamConfig(shmem.myPe() + 1), TeamConfig.NUM_CONTEXTS,
            new TeamConfig(7), 0);
        assertEquals(Optional.of(new TeamConfig(shmem.myPe() + 1)), grid.xAxis().config());
        assertEquals(Optional.of(new TeamConfig(shmem.myPe() + 1)), grid.xAxis().config(TeamConfig.ALL, four));
        assertEquals(Optional.of(TeamConfig.DEFAULT), grid.yAxis().config());
        grid.xAxis().destroy();
        grid.yAxis().destroy();
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {7})
    void shouldSplitIntoRowsAndColumnsWithAnIncompleteLastRow(final Ishmem shmem)
    {
        final int n = shmem.nPes();
        final int me = shmem.myPe();
        final Team world = shmem.teamWorld();
        final SymmetricSegment scratch = shmem.calloc(n, ValueLayout.JAVA_LONG);
        // 7 PEs, xrange 3: rows {0,1,2} {3,4,5} {6}; columns {0,3,6} {1,4} {2,5}
        final Split2D grid = world.split2d(3);
        assertEquals(me % 3, grid.xAxis().myPe());
        assertEquals(me / 3, grid.yAxis().myPe());
        checkTeam(shmem, grid.xAxis(), me < 6 ? range(me / 3 * 3, 1, 3) : new int[] {6}, scratch);
        checkTeam(shmem, grid.yAxis(), me % 3 == 0 ? range(0, 3, 3) : range(me % 3, 3, 2), scratch);

        // the new teams are parents at once: split each column again
        final Split2D sub = grid.yAxis().split2d(2);
        final int y = grid.yAxis().myPe();
        assertEquals(y % 2, sub.xAxis().myPe());
        assertEquals(y / 2, sub.yAxis().myPe());

        // xrange beyond the parent acts as the parent's size: one row, columns of one
        final Split2D wide = world.split2d(100);
        assertEquals(n, wide.xAxis().nPes());
        assertEquals(me, wide.xAxis().myPe());
        assertEquals(1, wide.yAxis().nPes());
        assertEquals(0, wide.yAxis().myPe());
        checkTeam(shmem, wide.xAxis(), range(0, 1, n), scratch);

        for (final int xrange : new int[] {0, -1, Integer.MIN_VALUE})
        {
            final TeamSplitException ex = assertThrows(TeamSplitException.class, () -> world.split2d(xrange));
            assertEquals(TeamSplitException.INVALID_XRANGE, ex.code());
            world.sync();
        }

        // a 2D split of a strided team with a negative stride: reversed world, xrange 2
        final Team reversed = world.splitStrided(n - 1, -1, n);
        final Split2D backwards = reversed.split2d(2);
        final int r = n - 1 - me;
        assertEquals(r % 2, backwards.xAxis().myPe());
        assertEquals(r / 2, backwards.yAxis().myPe());
        final int rowStart = r / 2 * 2;
        checkTeam(shmem, backwards.xAxis(), range(n - 1 - rowStart, -1, Math.min(2, n - rowStart)), scratch);
        checkTeam(shmem, backwards.yAxis(), range(n - 1 - r % 2, -2, (n - r % 2 + 1) / 2), scratch);
        for (final Team team : new Team[] {backwards.xAxis(), backwards.yAxis(), reversed, wide.xAxis(),
            wide.yAxis(), sub.xAxis(), sub.yAxis(), grid.xAxis(), grid.yAxis()})
        {
            team.destroy();
        }
        shmem.barrierAll();
    }

    // 5 PEs: a split's barrier folds the members' free slots over three rounds, so PE 4 hears of PEs 0 and 1,
    // which alone hold the pair's slot below, only in the last
    @MultiPeTest(pes = {5}, env = "ISHMEM_MAX_TEAMS=6")
    void shouldAgreeOnSlotExhaustionAndReuseDestroyedSlots(final Ishmem shmem)
    {
        final int n = shmem.nPes();
        final Team world = shmem.teamWorld();
        final SymmetricSegment scratch = shmem.calloc(n, ValueLayout.JAVA_LONG);
        // WORLD and SHARED hold 2 of the 6 slots
        final List<Team> teams = new ArrayList<>();
        for (int i = 0; i < 4; i++)
        {
            teams.add(world.splitStrided(0, 1, n));
        }
        final TeamSplitException full = assertThrows(TeamSplitException.class, () -> world.splitStrided(0, 1, n));
        assertEquals(TeamSplitException.NO_TEAM_SLOT, full.code());
        assertTrue(full.getMessage().contains("ISHMEM_MAX_TEAMS=6"), full.getMessage());
        final TeamSplitException fullGrid = assertThrows(TeamSplitException.class, () -> world.split2d(1));
        assertEquals(TeamSplitException.NO_TEAM_SLOT, fullGrid.code());
        // a destroyed team's slot is taken by the next split, and the new team works from its first barrier
        teams.remove(2).destroy();
        final Team reused = world.splitStrided(n - 1, -1, n);
        checkTeam(shmem, reused, range(n - 1, -1, n), scratch);
        teams.add(reused);
        for (final Team team : teams)
        {
            team.sync();
            team.destroy();
        }
        teams.clear();

        // exhaustion on some PEs only: PEs 0 and 1 are in one more team than PE 2
        final Team pair = world.splitStrided(0, 1, 2);
        for (int i = 0; i < 3; i++)
        {
            teams.add(world.splitStrided(0, 1, n));
        }
        // each took a slot free on every PE, the pair's left out: their barriers and collectives work
        for (final Team team : teams)
        {
            checkTeam(shmem, team, range(0, 1, n), scratch);
        }
        final TeamSplitException partly = assertThrows(TeamSplitException.class, () -> world.splitStrided(0, 1, n));
        assertEquals(TeamSplitException.NO_TEAM_SLOT, partly.code());
        // ...but a team of PE 2 alone needs a slot only there
        final Team last = world.splitStrided(n - 1, 1, 1);
        assertEquals(shmem.myPe() == n - 1 ? 0 : -1, last.myPe());
        last.close();
        pair.close();
        teams.forEach(Team::destroy);
        teams.clear();

        // disjoint teams made by one split share a slot: every 2D split takes two slots, whatever its shape
        final Split2D first = world.split2d(1);      // n rows of one PE, one column
        final Split2D second = world.split2d(n);     // one row, n columns of one PE
        assertEquals(1, first.xAxis().nPes());
        assertEquals(n, first.yAxis().nPes());
        assertEquals(n, second.xAxis().nPes());
        assertEquals(1, second.yAxis().nPes());
        assertEquals(TeamSplitException.NO_TEAM_SLOT,
            assertThrows(TeamSplitException.class, () -> world.splitStrided(0, 1, 1)).code());
        for (final Team team : new Team[] {first.xAxis(), first.yAxis(), second.xAxis(), second.yAxis()})
        {
            team.sync();
            team.destroy();
        }
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {2}, env = "ISHMEM_MAX_TEAMS=3")
    void shouldStartAReusedSlotFromAFreshBarrier(final Ishmem shmem)
    {
        final Team world = shmem.teamWorld();
        final SymmetricSegment passed = shmem.calloc(1, ValueLayout.JAVA_LONG);
        // one free slot: every team below is made in the same slot, of the same members, so each serves the next
        // one's synchronisation (TeamRegistry keeps the last destroyed team's)
        Team previous = null;
        for (int generation = 1; generation <= 3; generation++)
        {
            final Team team = world.splitStrided(0, 1, 2);
            if (previous != null)
            {
                // the last generation's handle stays destroyed while its synchronisation serves this team
                final IllegalStateException stale = assertThrows(IllegalStateException.class, previous::sync);
                assertTrue(stale.getMessage().contains("destroyed"), stale.getMessage());
            }
            assertEquals(TeamSplitException.NO_TEAM_SLOT,
                assertThrows(TeamSplitException.class, () -> world.splitStrided(0, 1, 1)).code());
            if (shmem.myPe() == 1)
            {
                // if the slot kept the last team's barrier flags, PE 0 would pass its first sync alone
                final long untilNs = System.nanoTime() + 200_000_000L;
                while (System.nanoTime() - untilNs < 0)
                {
                    assertEquals(generation - 1, passed.local().get(ValueLayout.JAVA_LONG, 0),
                        "PE 0 passed the first barrier of a reused slot before PE 1 arrived");
                    Thread.onSpinWait();
                }
                team.sync();
            }
            else
            {
                team.sync();
                shmem.pLong(passed, 0, generation, 1);
            }
            for (int i = 0; i < 50; i++)
            {
                team.sync();
            }
            team.destroy();
            previous = team;
            shmem.barrierAll();
        }
    }

    // a member makes its new team while the split's flag travels, for the slot its own free slots point to (every
    // split of WORLD below chooses the lowest slot free on all): one whose free slots differ from the others' made
    // it for another slot than the agreed one, and gives it up
    @MultiPeTest(pes = {3}, env = "ISHMEM_MAX_TEAMS=5")
    void shouldGiveUpATeamMadeEarlyForAnotherSlotThanTheAgreedOne(final Ishmem shmem)
    {
        final Team world = shmem.teamWorld();
        final SymmetricSegment scratch = shmem.calloc(3, ValueLayout.JAVA_LONG);
        final boolean last = shmem.myPe() == 2;
        // every PE keeps the synchronisation of a team of all three in the first free slot (2)...
        world.splitStrided(0, 1, 3).destroy();
        // ...which PEs 0 and 1 take again; PE 2, outside the pair, still has it free
        final Team pair = world.splitStrided(0, 1, 2);
        // PE 2 makes its team for slot 2, with the kept synchronisation, and the members agree on slot 3
        final Team all = world.splitStrided(0, 1, 3);
        checkTeam(shmem, all, range(0, 1, 3), scratch);
        for (int i = 0; i < 20; i++)
        {
            all.sync();
        }
        // the slot given up is free on PE 2: two teams of PE 2 alone fit (slots 2 and 4), not a third
        final Team first = world.splitStrided(2, 1, 1);
        final Team second = world.splitStrided(2, 1, 1);
        assertEquals(last ? 0 : -1, first.myPe());
        assertEquals(last ? 0 : -1, second.myPe());
        checkTeam(shmem, second, new int[] {2}, scratch);
        assertEquals(TeamSplitException.NO_TEAM_SLOT,
            assertThrows(TeamSplitException.class, () -> world.splitStrided(2, 1, 1)).code());
        first.close();
        second.close();
        pair.close();
        all.destroy();
        // and every slot is free again for a team of all three, which starts from a fresh barrier
        for (int i = 0; i < 3; i++)
        {
            final Team again = world.splitStrided(0, 1, 3);
            checkTeam(shmem, again, range(0, 1, 3), scratch);
            again.destroy();
        }
        final List<Team> full = new ArrayList<>();
        for (int i = 0; i < 3; i++)
        {
            full.add(world.splitStrided(0, 1, 3));
        }
        full.forEach(Team::destroy);
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {2}, env = "ISHMEM_MAX_TEAMS=4", timeoutSeconds = 30)
    void shouldStartANewTeamAlikeWhetherAMemberReusesADestroyedTeamsSynchronisationOrNot(final Ishmem shmem)
    {
        final Team world = shmem.teamWorld();
        for (int round = 0; round < 3; round++)
        {
            final Team pair = world.splitStrided(0, 1, 2);
            final Team alone = world.splitStrided(1, 1, 1);
            for (int i = 0; i < 5; i++)
            {
                pair.sync();
            }
            pair.destroy();
            // PE 1 alone destroys a team after the pair, so only PE 0 still keeps the pair's synchronisation: the
            // next pair, in the pair's slot again, reuses it on PE 0 and is new on PE 1, and both start at sequence 0
            if (shmem.myPe() == 1)
            {
                alone.destroy();
            }
            else
            {
                assertSame(Team.INVALID, alone);
            }
            final Team again = world.splitStrided(0, 1, 2);
            assertEquals(shmem.myPe(), again.myPe());
            for (int i = 0; i < 5; i++)
            {
                again.sync();
            }
            assertEquals(2, again.nPes());
            again.destroy();
            shmem.barrierAll();
        }
    }

    @MultiPeTest(pes = {2}, timeoutSeconds = 120)
    void shouldKeep1024TeamsAliveByDefault(final Ishmem shmem)
    {
        final int n = shmem.nPes();
        final Team world = shmem.teamWorld();
        final SymmetricSegment scratch = shmem.calloc(n, ValueLayout.JAVA_LONG);
        final List<Team> teams = new ArrayList<>();
        // 1024 teams made by splits, besides WORLD and SHARED (which take two more of the 1026 slots)
        for (int i = 0; i < 1024; i++)
        {
            teams.add(i % 2 == 0 ? world.splitStrided(0, 1, n) : world.splitStrided(n - 1, -1, n));
        }
        final TeamSplitException full = assertThrows(TeamSplitException.class, () -> world.splitStrided(0, 1, n));
        assertEquals(TeamSplitException.NO_TEAM_SLOT, full.code());
        assertTrue(full.getMessage().contains("ISHMEM_MAX_TEAMS=1026"), full.getMessage());
        checkTeam(shmem, teams.get(1023), range(n - 1, -1, n), scratch);
        checkTeam(shmem, teams.get(600), range(0, 1, n), scratch);
        for (final Team team : teams)
        {
            team.sync();
        }
        teams.forEach(Team::destroy);
        checkTeam(shmem, world.splitStrided(0, 1, n), range(0, 1, n), scratch);
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {3})
    void shouldNameBothCallsWhenPesCallDifferentCollectives(final Ishmem shmem)
    {
        final int n = shmem.nPes();
        final int me = shmem.myPe();
        final Team world = shmem.teamWorld();
        final Team team = world.splitStrided(0, 1, n);

        // PE 0 syncs while the others split: every splitting PE fails, naming both calls
        if (me == 0)
        {
            try
            {
                team.sync();
            }
            catch (final CollectiveMismatchException seen)
            {
                assertTrue(seen.getMessage().contains("splitStrided"), seen.getMessage());
            }
        }
        else
        {
            final CollectiveMismatchException ex = assertThrows(CollectiveMismatchException.class,
                () -> team.splitStrided(0, 1, n));
            assertTrue(ex.getMessage().contains("splitStrided") && ex.getMessage().contains("team.sync"),
                ex.getMessage());
            assertTrue(ex.getMessage().contains("PE 0") && ex.getMessage().contains("PE " + me), ex.getMessage());
        }
        team.sync();

        // two different splits at the same point: every PE fails, naming both calls
        final CollectiveMismatchException kinds = assertThrows(CollectiveMismatchException.class,
            () ->
            {
                if (me == 0)
                {
                    team.split2d(1);
                }
                else
                {
                    team.splitStrided(0, 1, n);
                }
            });
        assertTrue(kinds.getMessage().contains("split2d") && kinds.getMessage().contains("splitStrided"),
            kinds.getMessage());
        team.sync();

        // one split, different arguments: every PE fails and no team is made
        final CollectiveMismatchException args = assertThrows(CollectiveMismatchException.class,
            () -> team.splitStrided(me == n - 1 ? 1 : 0, 1, n - 1));
        assertTrue(args.getMessage().contains("arguments differ"), args.getMessage());
        team.sync();

        // and the team works as before
        final SymmetricSegment scratch = shmem.calloc(n, ValueLayout.JAVA_LONG);
        checkTeam(shmem, team.splitStrided(0, 1, n), range(0, 1, n), scratch);
        team.destroy();
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {1, 2})
    void shouldRefuseToDestroyPredefinedTeamsAndToUseDestroyedOnes(final Ishmem shmem)
    {
        final int n = shmem.nPes();
        final Team world = shmem.teamWorld();
        for (final Team predefined : new Team[] {world, shmem.teamShared(), shmem.teamNode()})
        {
            final IllegalStateException ex = assertThrows(IllegalStateException.class, predefined::destroy);
            assertTrue(ex.getMessage().contains("predefined"), ex.getMessage());
            assertThrows(IllegalStateException.class, predefined::close);
            predefined.sync();
        }
        assertEquals(shmem.myPe(), world.myPe());
        shmem.barrierAll();

        final Team team = world.splitStrided(0, 1, n);
        team.destroy();
        final String destroyed = "was destroyed";
        for (final org.junit.jupiter.api.function.Executable use : List.<org.junit.jupiter.api.function.Executable>of(
            team::myPe, team::nPes, team::config, team::sync, team::destroy, () -> team.splitStrided(0, 1, 1),
            () -> team.split2d(1), () -> team.translatePe(0, world), () -> world.translatePe(0, team)))
        {
            final IllegalStateException ex = assertThrows(IllegalStateException.class, use);
            assertTrue(ex.getMessage().contains(destroyed), ex.getMessage());
        }
        team.close();
        Team.INVALID.destroy();

        final AtomicReference<Team> kept = new AtomicReference<>();
        try (Team scoped = world.splitStrided(n - 1, -1, n))
        {
            kept.set(scoped);
            scoped.sync();
        }
        assertThrows(IllegalStateException.class, () -> kept.get().myPe());
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {3}, env = "ISHMEM_MAX_TEAMS=8")
    void shouldRunCollectivesOfDifferentTeamsInParallelThreads(final Ishmem shmem) throws Exception
    {
        final int n = shmem.nPes();
        final Team world = shmem.teamWorld();
        final Team a = world.splitStrided(0, 1, n);
        final Team b = world.splitStrided(n - 1, -1, n);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Runnable reader = () ->
        {
            for (int i = 0; i < 20_000; i++)
            {
                if (a.myPe() != shmem.myPe() || b.nPes() != n || a.translatePe(a.myPe(), b) != n - 1 - shmem.myPe())
                {
                    throw new AssertionError("non-collective team calls gave a wrong answer");
                }
            }
        };
        final List<Thread> threads = new ArrayList<>();
        for (final Team parent : new Team[] {a, b})
        {
            threads.add(Thread.ofPlatform().start(() ->
            {
                try
                {
                    for (int i = 0; i < 100; i++)
                    {
                        // the two threads' splits compete for the same free slots on every PE; every other split
                        // leaves out the parent's last member (PE 2 of a, PE 0 of b), which joins no team in this
                        // thread while its other thread's split may join one
                        final int size = i % 2 == 0 ? n : n - 1;
                        final Team child = parent.splitStrided(0, 1, size);
                        if ((child == Team.INVALID) != (parent.myPe() >= size))
                        {
                            throw new AssertionError("membership of a split of " + size + " on parent member " +
                                parent.myPe());
                        }
                        if (child != Team.INVALID)
                        {
                            child.sync();
                            if (child.translatePe(child.myPe(), parent) != parent.myPe())
                            {
                                throw new AssertionError("child numbering");
                            }
                            child.destroy();
                        }
                        parent.sync();
                    }
                }
                catch (final Throwable ex)
                {
                    failure.compareAndSet(null, ex);
                }
            }));
            threads.add(Thread.ofPlatform().start(() ->
            {
                try
                {
                    reader.run();
                }
                catch (final Throwable ex)
                {
                    failure.compareAndSet(null, ex);
                }
            }));
        }
        for (final Thread thread : threads)
        {
            thread.join();
        }
        if (failure.get() != null)
        {
            throw new AssertionError("a thread failed", failure.get());
        }
        a.destroy();
        b.destroy();
        shmem.barrierAll();
    }
}
