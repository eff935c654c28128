package io.ishmem;

import java.util.Optional;

/** {@link Team#INVALID}: the values the C routines define for {@code ISHMEM_TEAM_INVALID}. */
final class InvalidTeam implements Team
{
    static final InvalidTeam INSTANCE = new InvalidTeam();

    private InvalidTeam()
    {
    }

    @Override
    public int myPe()
    {
        return -1;
    }

    @Override
    public int nPes()
    {
        return -1;
    }

    @Override
    public Optional<TeamConfig> config()
    {
        return Optional.empty();
    }

    @Override
    public int translatePe(final int srcPe, final Team destTeam)
    {
        return -1;
    }

    @Override
    public Team splitStrided(final int start, final int stride, final int size, final TeamConfig config,
        final long configMask)
    {
        throw new TeamSplitException(TeamSplitException.INVALID_PARENT, "splitStrided(start=" + start + ", stride=" +
            stride + ", size=" + size + "): the parent team is Team.INVALID");
    }

    @Override
    public Split2D split2d(final int xrange, final TeamConfig xConfig, final long xMask, final TeamConfig yConfig,
        final long yMask)
    {
        throw new TeamSplitException(TeamSplitException.INVALID_PARENT, "split2d(xrange=" + xrange +
            "): the parent team is Team.INVALID");
    }

    @Override
    public void sync()
    {
        throw new IllegalStateException("team.sync: the team is Team.INVALID, which has no members");
    }

    @Override
    public Context createContext(final long options)
    {
        // shmem_team_create_ctx(SHMEM_TEAM_INVALID, ...): no context is created and a nonzero value is returned
        throw new ContextCreationException("team.createContext(options=" + options + "): the team is Team.INVALID, " +
            "which has no members: no context was created");
    }

    @Override
    public void destroy()
    {
        // ishmem_team_destroy(ISHMEM_TEAM_INVALID) performs no operation
    }

    @Override
    public void close()
    {
    }

    @Override
    public String toString()
    {
        return "Team.INVALID";
    }
}
