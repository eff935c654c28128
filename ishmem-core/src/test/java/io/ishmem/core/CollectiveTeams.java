package io.ishmem.core;

import io.ishmem.Ishmem;
import io.ishmem.Split2D;
import io.ishmem.Team;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The teams the collective tests run over, made alike on every PE: the world, the world less PE 0 (1, 3 or 7
 * members: not a power of two), the even PEs in reverse order (a negative stride), and the rows and columns
 * of a grid three wide (rows and columns of 3, 3 and 2 at 8 PEs). Each PE gets the teams it belongs to, in
 * one order, so every member calls each team's collectives in the same order. Between steps on one team
 * the tests use the team's own barrier: PEs belong to different teams, so a world barrier there would pair
 * one PE's barrier with another's collective on a team.
 */
record CollectiveTeams(List<Named> all, List<Team> made)
{
    /**
     * A team and what it is, for messages.
     *
     * @param ordinal the team's place in the list every PE makes, member or not: a base for values that
     *                every member computes alike.
     */
    record Named(String label, Team team, int ordinal)
    {
        @Override
        public String toString()
        {
            return label + " (" + team.nPes() + " PEs)";
        }
    }

    static CollectiveTeams of(final Ishmem shmem)
    {
        final Team world = shmem.teamWorld();
        final int n = shmem.nPes();
        final List<Named> all = new ArrayList<>();
        final List<Team> made = new ArrayList<>();
        all.add(new Named("WORLD", world, 0));
        final Team allButZero = world.splitStrided(n > 1 ? 1 : 0, 1, Math.max(1, n - 1));
        final int lastEven = (n - 1) & ~1;
        final Team evensReversed = world.splitStrided(lastEven, -2, lastEven / 2 + 1);
        final Split2D grid = world.split2d(3);
        for (final Named team : List.of(new Named("world less PE 0", allButZero, 1),
            new Named("even PEs reversed", evensReversed, 2), new Named("grid row", grid.xAxis(), 3),
            new Named("grid column", grid.yAxis(), 4)))
        {
            all.add(team);
            if (team.team() != Team.INVALID)
            {
                made.add(team.team());
            }
        }
        return new CollectiveTeams(all, made);
    }

    /**
     * Runs {@code body} on each team this PE belongs to, in order, with a world barrier after each team on
     * every PE: a PE done with one team must not write into buffers a peer still checks for the last.
     */
    void forEachMine(final Ishmem shmem, final Consumer<Named> body)
    {
        for (final Named named : all)
        {
            if (named.team() != Team.INVALID)
            {
                body.accept(named);
            }
            shmem.barrierAll();
        }
    }

    /** @return the world PE of team PE {@code index}. */
    static int worldPe(final Ishmem shmem, final Team team, final int index)
    {
        return team.translatePe(index, shmem.teamWorld());
    }

    void destroy()
    {
        made.forEach(Team::destroy);
    }
}
