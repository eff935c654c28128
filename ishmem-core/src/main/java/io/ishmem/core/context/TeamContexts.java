package io.ishmem.core.context;

import io.ishmem.ContextCreationException;
import io.ishmem.core.collective.TeamName;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The contexts of one team on this PE, and the contexts the team reserved: a new context takes a reserved place
 * while one is left, else one from the PE's {@link ContextBudget}, which it gives back when destroyed. The
 * reservation itself was taken from the budget when the team was made and goes back when it is destroyed.
 * Guarded by the budget's monitor.
 */
public final class TeamContexts
{
    final ContextBudget budget;
    final TeamName teamName;
    /** The team's world triplet: a context of the team maps its PE number {@code i} to {@code start + stride * i}. */
    final int start;
    final int stride;
    final int size;
    private final int reserved;
    private final List<ContextImpl> live = new ArrayList<>();
    /** The PE's teams that hold contexts, which the runtime's close destroys; this one is in it once it made one. */
    private final List<TeamContexts> holders;
    private boolean listed;
    private boolean closed;

    TeamContexts(final ContextBudget budget, final List<TeamContexts> holders, final TeamName teamName,
        final int start, final int stride, final int size, final int reserved)
    {
        this.budget = budget;
        this.holders = holders;
        this.teamName = teamName;
        this.start = start;
        this.stride = stride;
        this.size = size;
        this.reserved = reserved;
    }

    /**
     * Takes a place for a new context and makes it.
     *
     * @throws ContextCreationException if the reserved places are taken and the budget has none free.
     */
    ContextImpl open(final String call, final int myPe, final Supplier<ContextImpl> make)
    {
        synchronized (budget)
        {
            if (closed)
            {
                throw new IllegalStateException(call + ": team " + teamName + " was destroyed");
            }
            final boolean fromBudget = live.size() >= reserved;
            if (fromBudget && !budget.tryTake(1))
            {
                throw new ContextCreationException(call + ": no context is left on PE " + myPe + " for team " +
                    teamName + ": it holds " + live.size() + " context" + (live.size() == 1 ? "" : "s") + ", " +
                    (reserved == 0 ? "reserved none (TeamConfig.numContexts)" : "the " + reserved +
                    " it reserved included") + ", and " + budget.describe() + ": destroy contexts, reserve more " +
                    "when splitting the team, or raise ISHMEM_MAX_CONTEXTS");
            }
            try
            {
                final ContextImpl made = make.get();
                live.add(made);
                if (!listed)
                {
                    holders.add(this);
                    listed = true;
                }
                return made;
            }
            catch (final RuntimeException | Error ex)
            {
                if (fromBudget)
                {
                    budget.giveBack(1);
                }
                throw ex;
            }
        }
    }

    /** Gives a destroyed context's place back. */
    void remove(final ContextImpl context)
    {
        synchronized (budget)
        {
            // places are alike: once below the reservation, the one given back was a reserved one
            if (live.remove(context) && live.size() >= reserved)
            {
                budget.giveBack(1);
            }
        }
    }

    /**
     * Destroys every context of the team (each after its implicit quiet), refuses new ones, and gives the
     * reservation back.
     *
     * @param why what later calls on the contexts are told; null: that they were destroyed with the team.
     * @throws RuntimeException the first failure of a quiet, once every context is destroyed anyway.
     */
    void destroyAll(final String why)
    {
        final List<ContextImpl> all;
        synchronized (budget)
        {
            if (closed)
            {
                return;
            }
            closed = true;
            if (listed)
            {
                holders.remove(this);
                listed = false;
            }
            if (live.isEmpty())
            {
                // the common case, a team that made no context: nothing to quiet, the reservation goes back now
                budget.giveBack(reserved);
                return;
            }
            all = new ArrayList<>(live);
        }
        final String told = why != null ? why : "the context was destroyed with its team " + teamName;
        RuntimeException failure = null;
        for (final ContextImpl context : all)
        {
            try
            {
                context.retire(told);
            }
            catch (final RuntimeException ex)
            {
                failure = failure == null ? ex : failure;
            }
        }
        synchronized (budget)
        {
            budget.giveBack(reserved);
        }
        if (failure != null)
        {
            throw failure;
        }
    }
}
