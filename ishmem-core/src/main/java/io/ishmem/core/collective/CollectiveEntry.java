package io.ishmem.core.collective;

import io.ishmem.core.observe.CollectiveEvent;
import io.ishmem.core.observe.Observe;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Which collective of one team runs in this PE, and on which thread: collectives of one team run on one thread at a
 * time, since a second thread would take the first one's arrivals and sequence numbers, and its peers would see a
 * mismatch that is no fault of theirs. Also begins and ends the collective's event while a recording wants it.
 *
 * <p>{@link TeamSync}'s base class rather than an object it holds: a collective's exit and the next one's entry lie
 * between the last barrier's flag and the next barrier's store, where a load of another object would be one more
 * step.
 */
abstract sealed class CollectiveEntry permits TeamSync
{
    private static final VarHandle RUNNING;
    private static final VarHandle OWNER;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            RUNNING = lookup.findVarHandle(CollectiveEntry.class, "running", String.class);
            OWNER = lookup.findVarHandle(CollectiveEntry.class, "owner", Thread.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /** The team's name, for messages (TeamSync's too). */
    final TeamName teamName;
    private final int teamSize;
    /** The collective running on this team in this PE, if any: one rule for every collective of the team. */
    private volatile String running;
    /** The thread that made this team or last entered a collective of it in this PE; only another thread claims it. */
    private volatile Thread owner;
    /** The collective event of the call in progress, or null; only the thread in {@link #enter} touches it. */
    private CollectiveEvent collective;

    CollectiveEntry(final TeamName teamName, final int teamSize)
    {
        this.teamName = teamName;
        this.teamSize = teamSize;
        // the thread that makes the team (the split's) is most often the one that runs its collectives: it then
        // pays no claim, with its two atomics, at the team's first collective
        this.owner = Thread.currentThread();
    }

    /**
     * Starts a collective call on this team in this PE; {@link #exit()} ends it.
     *
     * @throws IllegalStateException naming both calls when another thread is in one.
     */
    public final void enter(final String call)
    {
        // the owner's own next collective pays two loads and a release store and no locked instruction, which on
        // x86 would first wait for this PE's earlier stores (the last barrier's flags among them) to drain
        if (owner != Thread.currentThread())
        {
            claim(call);
        }
        else if (running != null)
        {
            throw overlap(call);
        }
        else
        {
            RUNNING.setRelease(this, call);
        }
        final CollectiveEvent event = Observe.collectiveBegin();
        if (event != null)
        {
            // stored only when there is one: exit() leaves the field null behind it
            collective = event;
        }
    }

    /**
     * A thread other than the last one enters: it takes the team over unless a collective runs. Two threads
     * entering within the same few nanoseconds can both pass (the owner's check is not atomic with its store);
     * every overlap longer than that is refused, which is the misuse this rule catches.
     */
    private void claim(final String call)
    {
        final Thread me = Thread.currentThread();
        while (true)
        {
            final Thread previous = owner;
            if (running != null)
            {
                throw overlap(call);
            }
            if (OWNER.compareAndSet(this, previous, me))
            {
                if (!RUNNING.compareAndSet(this, null, call))
                {
                    throw overlap(call);
                }
                return;
            }
        }
    }

    /**
     * {@link #enter} and {@link #exit} with nothing between them, for a collective that has nothing to do: the same
     * refusal of an overlap and the same claim by another thread, but from the owner, in no collective, two loads
     * and no store, as if the call had entered and left at the instant of the second load.
     */
    final void enterAndExit(final String call)
    {
        if (owner != Thread.currentThread() || running != null)
        {
            enter(call);
            exit();
        }
    }

    public final void exit()
    {
        if (collective != null)
        {
            endCollective();
        }
        // a release store, not a volatile one: the full fence of a volatile store would wait for this barrier's
        // flag stores to reach the other cores
        RUNNING.setRelease(this, null);
    }

    private void endCollective()
    {
        Observe.collectiveEnd(collective, running, teamName.toString(), teamSize);
        collective = null;
    }

    private IllegalStateException overlap(final String call)
    {
        return new IllegalStateException(call + " on team " + teamName + " while " + running +
            " runs on it in another thread of this PE: collectives of one team must not overlap (use one thread " +
            "per team)");
    }

    /** @return whether no collective runs on this team in this PE. */
    public final boolean idle()
    {
        return running == null;
    }

    /** As new, for a reused team: owned by the calling thread, no collective event. */
    final void reuseEntry()
    {
        collective = null;
        OWNER.setRelease(this, Thread.currentThread());
    }
}
