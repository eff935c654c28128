package io.ishmem.core.collective;

import io.ishmem.Team;

/** How a collective finds its team's synchronisation: checks the team and starts the collective on it. */
@FunctionalInterface
public interface TeamEntry
{
    /**
     * @return the team's sync, entered: the caller ends the collective with {@link TeamSync#exit()}.
     * @throws NullPointerException     if {@code team} is null.
     * @throws IllegalArgumentException if {@code team} is {@link Team#INVALID} or of another runtime.
     * @throws IllegalStateException    if the team was destroyed or another thread is in one of its collectives.
     */
    TeamSync enter(String call, Team team);
}
