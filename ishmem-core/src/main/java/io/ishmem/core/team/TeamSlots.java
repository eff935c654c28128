package io.ishmem.core.team;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * This PE's team slots: which of its control block's {@code maxTeams} slots a live team uses. A team
 * takes the same slot on every member, agreed at its split; disjoint teams may share a slot number.
 * A split first claims its slots as pending; they become used once every PE of the split confirmed its
 * claim, or free again if one did not. Thread-safe: splits of different teams may run in parallel threads.
 *
 * <p>Guarded by a lock of one word, not a monitor: a split takes it once and a destroy once, and a monitor's
 * enter and exit are each an atomic instruction, which on x86 first waits for this PE's pending stores to drain;
 * this lock's release is a plain store. Every section under it is a few dozen instructions long. A split that ran
 * alone ends without it ({@link #finishAlone}): its end is applied by the next holder.
 */
final class TeamSlots
{
    /** How long a claim waits for another split's reservation of its slot before its round fails. */
    private static final long RESERVATION_WAIT_NS = 1_000_000_000L;
    /** How long a claim that waits for a reservation sleeps between two looks. */
    private static final long RESERVATION_POLL_NS = 50_000L;
    /** What {@link #beginSplit} says of a split: it reserved the free slots of the first window. */
    static final int RESERVED = 1;
    /** What {@link #beginSplit} says of a split: no other split ran on this PE when it began. */
    static final int ALONE = 2;
    /** Failed takes of the lock before a waiting thread yields its CPU (a holder may have been preempted). */
    private static final int SPINS_BEFORE_YIELD = 64;
    private static final VarHandle LOCKED;
    private static final VarHandle FINISHED;

    static
    {
        try
        {
            LOCKED = MethodHandles.lookup().findVarHandle(TeamSlots.class, "locked", int.class);
            FINISHED = MethodHandles.lookup().findVarHandle(TeamSlots.class, "finished", int[].class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final int maxTeams;
    private final long[] used;
    private final long[] pending;
    /** Slots a split alone on this PE holds for its choice, until its first barrier is over. */
    private final long[] reserved;
    @SuppressWarnings("unused") // through LOCKED
    private volatile int locked;
    /** Splits running on this PE that join a new team, in any thread (one that joins none is in no split's way). */
    private int splits;
    /** Whether {@link #reserved} holds a split's reservation; none when false. */
    private boolean reserving;
    /** Slots marked in {@link #pending}. */
    private int pendingSlots;
    /**
     * The slots a split that ran alone kept, left by {@link #finishAlone} for the next holder of the lock to apply;
     * null when there are none. Written outside the lock, with a release store, and taken under it.
     */
    @SuppressWarnings("unused") // through FINISHED
    private int[] finished;

    TeamSlots(final int maxTeams)
    {
        this.maxTeams = maxTeams;
        this.used = new long[(maxTeams + 63) >>> 6];
        this.pending = new long[used.length];
        this.reserved = new long[used.length];
    }

    int maxTeams()
    {
        return maxTeams;
    }

    /**
     * The slots not used by a live team. A slot pending in a split of another team counts as free: that
     * split may yet give it back, and a claim on it fails and is retried rather than reported as
     * exhaustion.
     *
     * @param firstBit the first slot of the window, a multiple of 64.
     * @param window   receives one free bit per slot; slots past {@code maxTeams} read as used.
     */
    void freeWindow(final int firstBit, final long[] window)
    {
        lock();
        try
        {
            readFreeWindow(firstBit, window);
        }
        finally
        {
            unlock();
        }
    }

    private void readFreeWindow(final int firstBit, final long[] window)
    {
        for (int w = 0; w < window.length; w++)
        {
            final int word = (firstBit >>> 6) + w;
            long free = word < used.length ? ~used[word] : 0;
            final int past = (word + 1) * 64 - maxTeams;
            if (past > 0)
            {
                free = past >= 64 ? 0 : free & (-1L >>> past);
            }
            window[w] = free;
        }
    }

    /**
     * A split that joins a new team starts on this PE; {@link #endSplit} when it ends, however it ends. (A split that
     * joins none claims nothing and never waits for a reservation, so it does not count: it would be in no other
     * split's way.) A split alone on this PE reserves every free slot of the first window, so whichever of them the
     * members agree on is this PE's already. A reserved slot reads as free, like a pending one, and a claim of it
     * waits until the reservation ends. A split that starts while another runs here reserves nothing, so a split that
     * claims in rounds waits for at most the one reservation it started beside.
     *
     * @param window receives the free slots of the first window, as {@link #freeWindow} gives them.
     * @return {@link #ALONE} when no other split runs on this PE (such a split may end with {@link #finishAlone}),
     *         and {@link #RESERVED} when it reserved the slots too: not while another split runs or claims.
     */
    int beginSplit(final long[] window)
    {
        lock();
        try
        {
            final int alone = ++splits == 1 ? ALONE : 0;
            readFreeWindow(0, window);
            if (alone == 0 || pendingSlots != 0 || reserving)
            {
                return alone;
            }
            for (int w = 0; w < reserved.length && w < window.length; w++)
            {
                reserved[w] = window[w];
            }
            reserving = true;
            return alone | RESERVED;
        }
        finally
        {
            unlock();
        }
    }

    void endSplit()
    {
        lock();
        splits--;
        unlock();
    }

    /**
     * Ends a split that began {@link #ALONE} and agreed on its choice without a claim in rounds: {@link #endReservation}
     * of {@code kept} and {@link #endSplit}, left for the next holder of the lock to apply. A lock's atomic here
     * would first wait for the split's barrier flag, just stored to another PE, to get there: a cross-core transfer
     * on the way out of every split. Until the next holder sees it, the split reads as still running, which every
     * other split on this PE already allows for.
     *
     * @param kept the slots the split keeps; none for a PE that joins no new team, which reserved nothing.
     */
    void finishAlone(final int[] kept)
    {
        FINISHED.setRelease(this, kept);
    }

    /** Ends a {@link #beginSplit} reservation: {@code kept} are used now, the other reserved slots free. */
    void endReservation(final int[] kept)
    {
        lock();
        try
        {
            releaseReservation(kept);
        }
        finally
        {
            unlock();
        }
    }

    private void releaseReservation(final int[] kept)
    {
        // one reservation at a time: it ends whole, whatever the caller's window holds by now
        Arrays.fill(reserved, 0L);
        reserving = false;
        for (final int slot : kept)
        {
            used[slot >>> 6] |= 1L << slot;
        }
    }

    /**
     * Marks every slot of {@code slots} pending, or none if one is used or pending in another split.
     *
     * @return whether all were free and are now pending.
     */
    boolean tryClaim(final int[] slots)
    {
        // a reserved slot is taken or given back once its split's first barrier is over: waiting for that beats
        // failing a round that every member then repeats. The wait is bounded, since that barrier waits for the
        // other split's members, which the application may have waiting on this split: the round then fails
        final long deadlineNs = System.nanoTime() + RESERVATION_WAIT_NS;
        lock();
        try
        {
            while (anyReserved(slots))
            {
                if (System.nanoTime() - deadlineNs >= 0)
                {
                    return false;
                }
                // rare (two splits of different teams at once): a look every 50 us, outside the lock
                unlock();
                try
                {
                    LockSupport.parkNanos(RESERVATION_POLL_NS);
                }
                finally
                {
                    lock();
                }
                if (Thread.currentThread().isInterrupted())
                {
                    return false;
                }
            }
            for (final int slot : slots)
            {
                if (((used[slot >>> 6] | pending[slot >>> 6]) & 1L << slot) != 0)
                {
                    return false;
                }
            }
            for (final int slot : slots)
            {
                pending[slot >>> 6] |= 1L << slot;
            }
            pendingSlots += slots.length;
            return true;
        }
        finally
        {
            unlock();
        }
    }

    private boolean anyReserved(final int[] slots)
    {
        for (final int slot : slots)
        {
            if ((reserved[slot >>> 6] & 1L << slot) != 0)
            {
                return true;
            }
        }
        return false;
    }

    /** Every PE of the split claimed the slots: they are used now. */
    void confirm(final int[] slots)
    {
        lock();
        try
        {
            for (final int slot : slots)
            {
                unmarkPending(slot);
                used[slot >>> 6] |= 1L << slot;
            }
        }
        finally
        {
            unlock();
        }
    }

    /** Some PE of the split could not claim the slots: they are free again. */
    void abandon(final int[] slots)
    {
        lock();
        try
        {
            for (final int slot : slots)
            {
                unmarkPending(slot);
            }
        }
        finally
        {
            unlock();
        }
    }

    private void unmarkPending(final int slot)
    {
        if ((pending[slot >>> 6] & 1L << slot) != 0)
        {
            pending[slot >>> 6] &= ~(1L << slot);
            pendingSlots--;
        }
    }

    void claim(final int slot)
    {
        lock();
        used[slot >>> 6] |= 1L << slot;
        unlock();
    }

    void release(final int slot)
    {
        lock();
        used[slot >>> 6] &= ~(1L << slot);
        unlock();
    }

    boolean isUsed(final int slot)
    {
        lock();
        try
        {
            return ((used[slot >>> 6] | pending[slot >>> 6]) & 1L << slot) != 0;
        }
        finally
        {
            unlock();
        }
    }

    int usedCount()
    {
        lock();
        try
        {
            int count = 0;
            for (int i = 0; i < used.length; i++)
            {
                count += Long.bitCount(used[i] | pending[i]);
            }
            return count;
        }
        finally
        {
            unlock();
        }
    }

    /**
     * Takes the lock: one compare-and-set when free, which is every time but when two splits meet. Applies a
     * finished split's end first, so that every section under the lock sees it as over once its thread's store is
     * seen.
     */
    private void lock()
    {
        int spins = 0;
        while (!LOCKED.compareAndSet(this, 0, 1))
        {
            if (++spins > SPINS_BEFORE_YIELD)
            {
                Thread.yield();
            }
            else
            {
                Thread.onSpinWait();
            }
        }
        final int[] kept = (int[])FINISHED.getAcquire(this);
        if (kept != null)
        {
            // a split that ran alone reserved, if anything, every reservation there was: none began beside it
            releaseReservation(kept);
            splits--;
            FINISHED.set(this, null);
        }
    }

    /** A release store: everything written under the lock is seen by its next holder. */
    private void unlock()
    {
        LOCKED.setRelease(this, 0);
    }
}
