package io.ishmem.core.context;

/**
 * One PE's contexts, {@code ISHMEM_MAX_CONTEXTS} in all: what its teams reserved ({@code numContexts}) and the
 * contexts beyond the reservations are taken from it, and given back when a team or a context is destroyed.
 * Its monitor also guards every {@link TeamContexts} of the PE; nothing here is on a data path.
 */
public final class ContextBudget
{
    private final int limit;
    private int held;

    /**
     * @param limit contexts this PE may hold at once ({@code ISHMEM_MAX_CONTEXTS}).
     */
    public ContextBudget(final int limit)
    {
        this.limit = limit;
    }

    public int limit()
    {
        return limit;
    }

    /**
     * Takes {@code count} contexts if that many are free.
     *
     * @return whether they were taken.
     */
    public boolean tryTake(final long count)
    {
        // a split whose config reserves none (the default) takes no lock for it
        return count == 0 || take(count);
    }

    private synchronized boolean take(final long count)
    {
        if (count > limit - held)
        {
            return false;
        }
        held += (int)count;
        return true;
    }

    public synchronized void giveBack(final int count)
    {
        held -= count;
    }

    /**
     * @return contexts neither reserved by a team nor held by a context.
     */
    public synchronized int free()
    {
        return limit - held;
    }

    /**
     * @return the budget in a message's words, e.g. "0 of ISHMEM_MAX_CONTEXTS=4 are free".
     */
    synchronized String describe()
    {
        return (limit - held) + " of ISHMEM_MAX_CONTEXTS=" + limit + " are free (the others are reserved by this " +
            "PE's teams or held by its contexts)";
    }
}
