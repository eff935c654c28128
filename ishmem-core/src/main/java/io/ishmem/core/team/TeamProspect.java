package io.ishmem.core.team;

import io.ishmem.TeamConfig;

/**
 * The new team of a strided split on a PE that joins it, made while the split's barrier flag travels to the other
 * members, for the slot this PE's own free slots point to: the members most often have the same ones free, so the
 * agreed slot is that one and the team is ready when the barrier ends, where making it after took some 20 ns on the
 * path from the last member's flag to the split's return. A team made for another slot than the agreed one is given
 * up and made again.
 */
final class TeamProspect
{
    private final TeamRegistry registry;
    private final Triplet triplet;
    private final int index;
    private final TeamConfig config;
    private TeamImpl made;

    TeamProspect(final TeamRegistry registry, final Triplet triplet, final int index, final TeamConfig config)
    {
        this.registry = registry;
        this.triplet = triplet;
        this.index = index;
        this.config = config;
    }

    /** Makes the team for {@code slot}, which this PE reserved, before the members agreed on it. */
    void makeFor(final int slot)
    {
        made = registry.newTeam(triplet, slot, index, config);
    }

    /** @return the team in the agreed {@code slot}: the one made early if it was made for that slot. */
    TeamImpl teamFor(final int slot)
    {
        if (made != null && made.slot == slot)
        {
            final TeamImpl team = made;
            made = null;
            return team;
        }
        // made first: the registry's last retired barrier may serve this slot, and the one given up takes its place
        final TeamImpl team = registry.newTeam(triplet, slot, index, config);
        giveUp();
        return team;
    }

    /**
     * Gives up a team made early, for another slot or a split that failed: nothing of it ran, and its barrier goes
     * back to the registry for the next team of these members in its slot, as a destroyed team's does.
     */
    void giveUp()
    {
        if (made != null)
        {
            registry.retire(made);
            made = null;
        }
    }
}
