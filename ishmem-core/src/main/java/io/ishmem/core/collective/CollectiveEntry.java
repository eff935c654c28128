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
 * <p>A collective that runs through {@link #enter} and {@link #exit} marks itself: {@link #settled} is {@code BUSY}
 * until it leaves. A plain barrier of the owning thread, the whole of which is one sync of flags, marks nothing
 * ({@link TeamSync#unmarked}, {@link TeamSync#syncUnmarked}): its sequence number, which its sync stores anyway,
 * says that it began, and its flags, once all have arrived, that it is over. In a fast placement of the VM, probes
 * put 3 ns a barrier on a store of the entry or the exit beside the sync, whatever its kind (reference or int) or
 * line (none beside a raw barrier's loop, not understood); without them the 2-PE barrierAll ran 1.5 ns faster there.
 *
 * <p>{@link TeamSync}'s base class rather than an object it holds: a collective's exit and the next one's entry lie
 * between the last barrier's flag and the next barrier's store, where a load of another object would be one more
 * step.
 */
abstract sealed class CollectiveEntry permits TeamSync
{
    /** {@link #settled} while a collective that entered runs. */
    private static final long BUSY = -1;
    private static final VarHandle SETTLED;
    private static final VarHandle OWNER;
    private static final VarHandle IDLE_OWNER;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            SETTLED = lookup.findVarHandle(CollectiveEntry.class, "settled", long.class);
            OWNER = lookup.findVarHandle(CollectiveEntry.class, "owner", Thread.class);
            IDLE_OWNER = lookup.findVarHandle(CollectiveEntry.class, "idleOwner", Thread.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /** The team's name, for messages (TeamSync's too). */
    final TeamName teamName;
    private final int teamSize;
    /**
     * {@link #BUSY} while a collective that {@link #enter entered} runs on this team in this PE; else the sequence
     * number through which this PE's syncs are over, short of the unmarked barriers since: one rule for every
     * collective of the team.
     */
    private volatile long settled;
    /**
     * The name of the collective running, or of the last one, for messages: stored only when it changes, plainly, as
     * the barrier's flag or settled's release publishes it (a volatile store would be a full fence).
     */
    private String running;
    /** The thread that made this team or last entered a collective of it in this PE; only another thread claims it. */
    private volatile Thread owner;
    /**
     * {@link #owner} while no collective it entered runs, null while one does or once another thread claims the
     * team: an unmarked barrier's whole entry check in one load where the owner and {@link #settled} took two (JMH,
     * barrierAll of one PE on an Intel VM: with the recorder's check, 1.1 ns). Only the thread it names stores itself
     * here, at its exit and only while it still owns the team, before the release of settled that a claim reads: a
     * claim's null is never overwritten by an exit it raced.
     */
    private volatile Thread idleOwner;
    /** The collective event of the call in progress, or null; only the thread in {@link #enter} touches it. */
    private CollectiveEvent collective;

    CollectiveEntry(final TeamName teamName, final int teamSize)
    {
        this.teamName = teamName;
        this.teamSize = teamSize;
        // the thread that makes the team (the split's) is most often the one that runs its collectives: it then
        // pays no claim, with its two atomics, at the team's first collective
        this.owner = Thread.currentThread();
        this.idleOwner = owner;
    }

    /** @return the sequence number of this PE's last sync of the team, read by another thread of the PE. */
    abstract long lastSequence();

    /** @return whether every flag of sync {@code seq} has arrived in this PE, its last sync. */
    abstract boolean arrived(long seq);

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
        else if (settled == BUSY)
        {
            throw overlap(call);
        }
        else
        {
            name(call);
            SETTLED.setRelease(this, BUSY);
            IDLE_OWNER.setRelease(this, null);
        }
        final CollectiveEvent event = Observe.collectiveBegin();
        if (event != null)
        {
            // stored only when there is one: exit() leaves the field null behind it
            collective = event;
        }
    }

    /**
     * The entry of an unmarked barrier: whether the calling thread owns the team and no entered collective runs, its
     * name kept for messages. False sends the caller through {@link #enter}, which claims or refuses.
     */
    final boolean ownedAndIdle(final String call)
    {
        if (idleOwner != Thread.currentThread())
        {
            return false;
        }
        name(call);
        return true;
    }

    /** An unmarked barrier of sequence {@code seq} failed: it is over for the rule, as an entered one is at exit. */
    final void abandon(final long seq)
    {
        SETTLED.setRelease(this, seq);
    }

    private void name(final String call)
    {
        if (running != call)
        {
            running = call;
        }
    }

    /**
     * A thread other than the last one enters: it takes the team over unless a collective runs. Two threads
     * entering within the same few nanoseconds (the time the owner's sequence number takes to reach this thread, for
     * an unmarked barrier) can both pass, as the owner's check is not atomic with its store; every overlap longer
     * than that is refused, which is the misuse this rule catches.
     */
    private void claim(final String call)
    {
        final Thread me = Thread.currentThread();
        while (true)
        {
            final Thread previous = owner;
            final long mark = settled;
            if (running(mark))
            {
                throw overlap(call);
            }
            if (OWNER.compareAndSet(this, previous, me))
            {
                // before the check for the previous owner's unmarked barrier below: once it sees this, its next
                // barrier comes here too, and one it began before is caught there
                idleOwner = null;
                if (!SETTLED.compareAndSet(this, mark, BUSY))
                {
                    throw overlap(call);
                }
                if (running(mark))
                {
                    // the previous owner began an unmarked barrier before it saw the claim
                    SETTLED.setRelease(this, mark);
                    throw overlap(call);
                }
                running = call;
                return;
            }
        }
    }

    /** @return whether a collective runs, given settled's value {@code mark}. */
    private boolean running(final long mark)
    {
        if (mark == BUSY)
        {
            return true;
        }
        final long seq = lastSequence();
        return seq != mark && !arrived(seq);
    }

    public final void exit()
    {
        if (collective != null)
        {
            endCollective();
        }
        final Thread me = Thread.currentThread();
        if (owner == me)
        {
            // before settled's release (see idleOwner); a thread whose claim failed while this collective ran owns
            // the team now, and this thread's next collective claims it back
            IDLE_OWNER.setRelease(this, me);
        }
        // a release store, not a volatile one: the full fence of a volatile store would wait for this barrier's
        // flag stores to reach the other cores
        SETTLED.setRelease(this, lastSequence());
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
        return !running(settled);
    }

    /** As new, for a reused team whose sequence starts again at 0: owned by the calling thread, no collective event. */
    final void reuseEntry()
    {
        collective = null;
        SETTLED.setRelease(this, 0L);
        OWNER.setRelease(this, Thread.currentThread());
        IDLE_OWNER.setRelease(this, Thread.currentThread());
    }
}
