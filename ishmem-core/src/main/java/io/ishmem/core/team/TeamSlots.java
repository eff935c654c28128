package io.ishmem.core.team;

/**
 * This PE's team slots: which of its control block's {@code maxTeams} slots a live team uses. A team
 * takes the same slot on every member, agreed at its split; disjoint teams may share a slot number.
 * A split first claims its slots as pending; they become used once every PE of the split confirmed its
 * claim, or free again if one did not. Thread-safe: splits of different teams may run in parallel threads.
 */
final class TeamSlots
{
    /** How long a claim waits for another split's reservation of its slot before its round fails. */
    private static final long RESERVATION_WAIT_NS = 1_000_000_000L;

    private final int maxTeams;
    private final long[] used;
    private final long[] pending;
    /** Slots a split alone on this PE holds for its choice, until its first barrier is over. */
    private final long[] reserved;
    /** Splits running on this PE, in any thread. */
    private int splits;
    /** Claims waiting for a reservation to end; only then does an ending reservation wake anyone. */
    private int waiters;

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
    synchronized void freeWindow(final int firstBit, final long[] window)
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
     * A split starts on this PE; {@link #endSplit} when it ends, however it ends. A split that joins a new team and
     * is alone on this PE reserves every free slot of the first window, so whichever of them the members agree on
     * is this PE's already. A reserved slot reads as free, like a pending one, and a claim of it waits until the
     * reservation ends. A split that starts while another runs here reserves nothing, so a split that claims in
     * rounds waits for at most the one reservation it started beside. One lock for both: a split is rare but
     * short, and each lock is an atomic that waits for this PE's stores to drain.
     *
     * @param joins  whether this PE joins a new team; one that does not reserves nothing.
     * @param window receives the free slots of the first window, as {@link #freeWindow} gives them, when
     *               {@code joins}.
     * @return whether they are reserved; false, with nothing marked, while another split runs on this PE.
     */
    synchronized boolean beginSplit(final boolean joins, final long[] window)
    {
        splits++;
        if (!joins)
        {
            return false;
        }
        freeWindow(0, window);
        if (splits != 1)
        {
            return false;
        }
        for (int w = 0; w < used.length; w++)
        {
            if (pending[w] != 0 || reserved[w] != 0)
            {
                return false;
            }
        }
        for (int w = 0; w < reserved.length && w < window.length; w++)
        {
            reserved[w] = window[w];
        }
        return true;
    }

    synchronized void endSplit()
    {
        splits--;
    }

    /** {@link #endReservation} and {@link #endSplit} in one lock: the split agreed on its reserved choice. */
    synchronized void endReservedSplit(final long[] window, final int[] kept)
    {
        endReservation(window, kept);
        splits--;
    }

    /** Ends a {@link #beginSplit} reservation: {@code kept} are used now, the other reserved slots free. */
    synchronized void endReservation(final long[] window, final int[] kept)
    {
        for (int w = 0; w < reserved.length && w < window.length; w++)
        {
            reserved[w] &= ~window[w];
        }
        for (final int slot : kept)
        {
            used[slot >>> 6] |= 1L << slot;
        }
        if (waiters > 0)
        {
            notifyAll();
        }
    }

    /**
     * Marks every slot of {@code slots} pending, or none if one is used or pending in another split.
     *
     * @return whether all were free and are now pending.
     */
    synchronized boolean tryClaim(final int[] slots)
    {
        // a reserved slot is taken or given back once its split's first barrier is over: waiting for that beats
        // failing a round that every member then repeats. The wait is bounded, since that barrier waits for the
        // other split's members, which the application may have waiting on this split: the round then fails
        final long deadlineNs = System.nanoTime() + RESERVATION_WAIT_NS;
        while (anyReserved(slots))
        {
            final long leftMs = (deadlineNs - System.nanoTime()) / 1_000_000L;
            if (leftMs <= 0)
            {
                return false;
            }
            waiters++;
            try
            {
                wait(leftMs);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                return false;
            }
            finally
            {
                waiters--;
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
        return true;
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
    synchronized void confirm(final int[] slots)
    {
        for (final int slot : slots)
        {
            pending[slot >>> 6] &= ~(1L << slot);
            used[slot >>> 6] |= 1L << slot;
        }
    }

    /** Some PE of the split could not claim the slots: they are free again. */
    synchronized void abandon(final int[] slots)
    {
        for (final int slot : slots)
        {
            pending[slot >>> 6] &= ~(1L << slot);
        }
    }

    synchronized void claim(final int slot)
    {
        used[slot >>> 6] |= 1L << slot;
    }

    synchronized void release(final int slot)
    {
        used[slot >>> 6] &= ~(1L << slot);
    }

    synchronized boolean isUsed(final int slot)
    {
        return ((used[slot >>> 6] | pending[slot >>> 6]) & 1L << slot) != 0;
    }

    synchronized int usedCount()
    {
        int count = 0;
        for (int i = 0; i < used.length; i++)
        {
            count += Long.bitCount(used[i] | pending[i]);
        }
        return count;
    }
}
