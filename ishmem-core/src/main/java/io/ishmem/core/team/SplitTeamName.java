package io.ishmem.core.team;

import io.ishmem.core.collective.TeamName;

/** The name of a team made by a split, e.g. "#3 (world PEs 0, 2)": its slot and its members. */
final class SplitTeamName extends TeamName
{
    private final int slot;
    private final Triplet triplet;

    SplitTeamName(final int slot, final Triplet triplet)
    {
        this.slot = slot;
        this.triplet = triplet;
    }

    @Override
    protected String word()
    {
        return "#" + slot + " (" + triplet.describe() + ")";
    }
}
