package io.ishmem;

/**
 * The two teams that {@link Team#split2d} gives a PE: its row and its column of the 2D grid.
 * {@code xAxis().myPe()} is the PE's x coordinate and {@code yAxis().myPe()} its y coordinate.
 *
 * @param xAxis the PEs with the same y coordinate as this PE (its row): {@code xaxis_team}.
 * @param yAxis the PEs with the same x coordinate as this PE (its column): {@code yaxis_team}.
 */
public record Split2D(Team xAxis, Team yAxis)
{
}
