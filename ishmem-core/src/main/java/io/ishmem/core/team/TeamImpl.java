package io.ishmem.core.team;

import io.ishmem.Context;
import io.ishmem.Split2D;
import io.ishmem.Team;
import io.ishmem.TeamConfig;
import io.ishmem.core.collective.CollectiveOp;
import io.ishmem.core.collective.TeamName;
import io.ishmem.core.collective.TeamSync;
import io.ishmem.core.context.TeamContexts;
import io.ishmem.core.observe.Observe;
import io.ishmem.core.observe.TeamEvent;

import java.util.Optional;

/**
 * A valid team on one of its members: a world triplet, this PE's number in it, its slot, its barrier and its
 * communication contexts.
 */
final class TeamImpl implements Team
{
    final TeamRegistry registry;
    final TeamName name;
    final Triplet triplet;
    final int slot;
    final int myIndex;
    final TeamConfig config;
    final boolean predefined;
    final TeamSync sync;
    final TeamContexts contexts;
    private volatile boolean destroyed;

    TeamImpl(final TeamRegistry registry, final TeamName name, final Triplet triplet, final int slot,
        final int myIndex, final TeamConfig config, final boolean predefined, final TeamSync sync,
        final TeamContexts contexts)
    {
        this.registry = registry;
        this.name = name;
        this.triplet = triplet;
        this.slot = slot;
        this.myIndex = myIndex;
        this.config = config;
        this.predefined = predefined;
        this.sync = sync;
        this.contexts = contexts;
    }

    void checkUsable(final String call)
    {
        registry.checkOpen(call);
        if (destroyed)
        {
            throw new IllegalStateException(call + ": team " + name + " was destroyed");
        }
    }

    /** Starts a collective on this team; {@link #exit()} ends it. */
    void enter(final String call)
    {
        checkUsable(call);
        // the rule lives with the team's sync, which the world's barrierAll, syncAll and allocations share
        sync.enter(call);
    }

    void exit()
    {
        sync.exit();
    }

    boolean isDestroyed()
    {
        return destroyed;
    }

    void markDestroyed()
    {
        destroyed = true;
    }

    @Override
    public int myPe()
    {
        checkUsable("team.myPe");
        return myIndex;
    }

    @Override
    public int nPes()
    {
        checkUsable("team.nPes");
        return triplet.size();
    }

    @Override
    public Optional<TeamConfig> config()
    {
        checkUsable("team.config");
        return Optional.of(config);
    }

    @Override
    public int translatePe(final int srcPe, final Team destTeam)
    {
        checkUsable("team.translatePe");
        if (destTeam == Team.INVALID)
        {
            return -1;
        }
        final TeamImpl dest = registry.own("team.translatePe", "destTeam", destTeam);
        dest.checkUsable("team.translatePe");
        if (srcPe < 0 || srcPe >= triplet.size())
        {
            return -1;
        }
        return dest.triplet.indexOf(triplet.worldPe(srcPe));
    }

    @Override
    public Team splitStrided(final int start, final int stride, final int size, final TeamConfig config,
        final long configMask)
    {
        enter("splitStrided");
        try
        {
            return Observe.teamEnd(Observe.teamBegin(), "splitStrided", name,
                registry.splitStrided(this, start, stride, size, config, configMask));
        }
        finally
        {
            exit();
        }
    }

    @Override
    public Split2D split2d(final int xrange, final TeamConfig xConfig, final long xMask, final TeamConfig yConfig,
        final long yMask)
    {
        enter("split2d");
        try
        {
            return Observe.teamEnd(Observe.teamBegin(), "split2d", name,
                registry.split2d(this, xrange, xConfig, xMask, yConfig, yMask));
        }
        finally
        {
            exit();
        }
    }

    @Override
    public Context createContext(final long options)
    {
        return registry.createContext("team.createContext", this, options);
    }

    @Override
    public void sync()
    {
        checkUsable("team.sync");
        if (sync.unmarked("team.sync"))
        {
            sync.syncUnmarked(CollectiveOp.TEAM_SYNC, "team.sync");
            return;
        }
        sync.enter("team.sync");
        try
        {
            sync.sync(CollectiveOp.TEAM_SYNC, "team.sync");
        }
        finally
        {
            exit();
        }
    }

    @Override
    public void destroy()
    {
        if (predefined)
        {
            throw new IllegalStateException("team.destroy: " + name + " is a predefined team and cannot be destroyed " +
                "(it stays usable)");
        }
        enter("team.destroy");
        try
        {
            final TeamEvent event = Observe.teamBegin();
            registry.destroy(this);
            Observe.teamEnd(event, "destroy", name, "destroyed");
        }
        finally
        {
            exit();
        }
        // reached only when the destroy completed: its synchronisation may serve the next team of these members
        registry.retire(this);
    }

    @Override
    public void close()
    {
        if (!predefined && destroyed)
        {
            return;
        }
        destroy();
    }

    @Override
    public String toString()
    {
        return "Team[" + name + (destroyed ? ", destroyed" : ", myPe=" + myIndex) + "]";
    }
}
