package io.ishmem.core.team;

/**
 * This PE's team slots: which of its control block's {@code maxTeams} slots a live team uses. A team
 * takes the same slot on every member, agreed at its split; disjoint teams may share a slot number.
 * A split first claims its slots as pending; they become used once every PE of the split confirmed its
 * claim, or free again if one did not. Thread-safe: splits of different teams may run in parallel threads.
 */
final class TeamSlots
{
    private final int maxTeams;
    private final long[] used;
    private final long[] pending;

    TeamSlots(final int maxTeams)
    {
        this.maxTeams = maxTeams;
        this.used = new long[(maxTeams + 63) >>> 6];
        this.pending = new long[used.length];
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
     * Marks every slot of {@code slots} pending, or none if one is used or pending in another split.
     *
     * @return whether all were free and are now pending.
     */
    synchronized boolean tryClaim(final int[] slots)
    {
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
