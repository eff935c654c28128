package io.ishmem.core.team;

import io.ishmem.TeamSplitException;
import io.ishmem.core.collective.ArgumentFormatter;
import io.ishmem.core.collective.CollectiveOp;
import io.ishmem.core.collective.TeamSync;
import io.ishmem.core.heap.AddressSpace;
import io.ishmem.core.heap.ControlBlock;
import io.ishmem.core.transport.RemoteControl;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * How the members of a split agree on the team slots of the new team: the parent's barrier folds into every member
 * what the common case needs (whether every verdict is valid, whether every member reserved, the slots of the first
 * word free on all), then all take the same choice among the slots free everywhere. A member's whole verdict and
 * window are published, and read after one more barrier, only when a verdict failed or the first word is not
 * enough.
 * A PE on which no other split is running reserves the free slots of its first window (512 slots) before its flag;
 * when every member could, the choice is claimed everywhere already and the split costs one barrier of the parent.
 * When a split of another team runs at the same time in another thread of some member, or the first window is too
 * full, each member claims the chosen slots and a second barrier tells whether all did, retried with another
 * choice while one did not.
 */
final class SlotAgreement
{
    private static final int MAX_CLAIM_ATTEMPTS = 64;
    /** Bits of the OR folded in a split's barrier: some member's verdict failed; some joining member did not reserve. */
    private static final long FOLD_FAILED = 1;
    private static final long FOLD_UNRESERVED = 2;
    private static final int WINDOW_LONGS = ControlBlock.SPLIT_WINDOW_BITS / 64;
    private static final int[] NO_SLOTS = {};
    /**
     * The window of a PE that joins no new team: every slot free, since it must not veto any. Shared and never
     * written, so such a PE allocates and fills nothing on the way to its flag.
     */
    private static final long[] ALL_FREE = filled(WINDOW_LONGS, -1L);
    /** The split entry of a split that published no verdict or window. */
    private static final long NOT_PUBLISHED = -1;

    private final MemorySegment[] blocks;
    /** This PE's control block in {@link AddressSpace#ALL}, as the barrier writes it (see there). */
    private final long myBlockAddress;
    private final int maxTeams;
    private final TeamSlots slots;
    /** The blocks of PEs on other nodes; null when the job has one node. */
    private final RemoteControl remote;

    SlotAgreement(final int myPe, final MemorySegment[] blocks, final int maxTeams, final TeamSlots slots,
        final RemoteControl remote)
    {
        this.blocks = blocks;
        this.myBlockAddress = AddressSpace.addressOf(blocks[myPe]);
        this.maxTeams = maxTeams;
        this.slots = slots;
        this.remote = remote;
    }

    /**
     * The agreement of a split over {@code parent}: same call and arguments everywhere, every PE's
     * arguments valid, and {@code needed} slots free on every PE that joins a new team.
     *
     * @param prospect the new team to make while the barrier's flag travels, for one slot ({@code needed} 1); null
     *                 for none.
     * @return the agreed slots, claimed on this PE if {@code joins}.
     * @throws TeamSplitException on every PE of the parent alike.
     */
    int[] agreeOnSlots(final TeamImpl parent, final CollectiveOp op, final long arg0, final long arg1,
        final SplitVerdict verdict, final boolean joins, final int needed, final String invalidArguments,
        final ArgumentFormatter describe, final TeamProspect prospect)
    {
        final TeamSync sync = parent.sync;
        final int windows = (maxTeams + ControlBlock.SPLIT_WINDOW_BITS - 1) / ControlBlock.SPLIT_WINDOW_BITS;
        final long[] window = joins ? new long[WINDOW_LONGS] : ALL_FREE;
        // a PE that joins no new team claims nothing, so it is never in the way, and it does not touch the slot table
        // at all: the lock's atomic would be on the path to its flag, which the members that join wait for. Taken
        // before the announcement's stores, which the lock's atomic would otherwise wait for
        final int start = joins ? slots.beginSplit(window) : 0;
        final boolean reserved = (start & TeamSlots.RESERVED) != 0;
        boolean ended = !joins;
        try
        {
            final long seq = sync.announce(op, arg0, arg1);
            int[] chosen = null;
            // where this PE's verdict and window were published, once a path that reads them needed them
            long entry = NOT_PUBLISHED;
            try
            {
                // the arguments are compared through their hash beside the barrier's flags: the announcements are
                // read only when the hashes differ, to name who passed what. The same barrier folds what the common
                // case needs of every member (whether all are valid, whether all reserved, the first word of their
                // windows), so this PE publishes nothing else before its flag, and no member's entry is written or
                // read unless one failed or the first word is not enough
                sync.arriveAnnouncedFolding(op, seq, op.callName(), window[0],
                    (verdict.code() != 0 ? FOLD_FAILED : 0) | (reserved || !joins ? 0 : FOLD_UNRESERVED));
                try
                {
                    // while the flag travels: the new team, for the slot the members choose if their first words
                    // of free slots are this PE's, as they most often are
                    if (prospect != null && reserved && verdict.code() == 0 && window[0] != 0)
                    {
                        prospect.makeFor(firstInWord(window[0], parent.slot));
                    }
                }
                finally
                {
                    sync.awaitAnnouncedFolding(op, seq, op.callName(), describe);
                }
                final long status = sync.foldedOr();
                if ((status & FOLD_FAILED) != 0)
                {
                    verdict.publish(myBlockAddress + nextEntry(sync));
                    entry = publishAndSync(sync, op, window);
                    failOnFirstVerdict(sync, entry, callOf(op, describe, arg0, arg1, parent),
                        invalidArguments);
                }
                final boolean allReserved = (status & FOLD_UNRESERVED) == 0;
                final long firstCommon = sync.foldedAnd();
                if (allReserved)
                {
                    // the slots every member has free are reserved on each: the first choice is everybody's. The
                    // first word of the window most often holds enough of them
                    final int inFirst = Long.bitCount(firstCommon);
                    if (inFirst >= needed)
                    {
                        // a PE that joins no new team has no use for the choice
                        chosen = joins ? chooseInWord(firstCommon, needed, parent.slot) : NO_SLOTS;
                    }
                    else
                    {
                        entry = publishAndSync(sync, op, window);
                        final long[] common = commonFree(sync, entry);
                        final int found = count(common);
                        if (found >= needed || windows == 1)
                        {
                            chosen = choose(common, found, needed, parent.slot, 0,
                                callOf(op, describe, arg0, arg1, parent));
                        }
                    }
                }
            }
            finally
            {
                if (chosen != null && (start & TeamSlots.ALONE) != 0)
                {
                    // the common case: the choice is this PE's, every other reserved slot is free again (a split
                    // alone that chose in the first barrier reserved: every member did)
                    slots.finishAlone(chosen);
                    ended = true;
                }
                else if (reserved)
                {
                    // every reserved slot is free again, before a claim in rounds (another member is in a split of
                    // another team, or the window was too small) waits for it
                    slots.endReservation(NO_SLOTS);
                }
            }
            return chosen != null ? chosen :
                claimInRounds(parent, op, callOf(op, describe, arg0, arg1, parent), sync, entry, joins, needed, windows,
                    window);
        }
        finally
        {
            if (!ended)
            {
                slots.endSplit();
            }
        }
    }

    /**
     * Publishes this PE's window in the split entry of the team's next sync ({@link #nextEntry}, where a failed
     * split's caller has put its verdict), and runs that sync, after which every member's are read there: only a
     * split that failed, whose choice needs more than the first word of the window, or that claims in rounds, does.
     * Every member takes the same path, since it follows from the fold and the barriers alone.
     *
     * @return the entry, as an offset in a control block.
     */
    private long publishAndSync(final TeamSync sync, final CollectiveOp op, final long[] window)
    {
        final long entry = nextEntry(sync);
        publish(entry, window);
        sync.sync(op, op.callName());
        return entry;
    }

    /**
     * @return the split entry of the team's next sync. A member writes only the entry of the sync it is about to
     *         run, and entries alternate with the sequence: the next write of this one is for a sync two later, which
     *         no member reaches before every member has read this one.
     */
    private long nextEntry(final TeamSync sync)
    {
        return ControlBlock.splitEntryOffset(maxTeams, sync.teamSlot(), sync.sequence() + 1);
    }

    /**
     * Throws for the first member, in team order, whose published verdict failed the split: worded from what that
     * PE published, so every PE, that one included, says the same.
     */
    private void failOnFirstVerdict(final TeamSync sync, final long entry, final Supplier<String> call,
        final String invalidArguments)
    {
        for (int i = 0; i < sync.size(); i++)
        {
            final int pe = sync.memberPe(i);
            final int code = (int)entryWord(pe, entry, ControlBlock.SPLIT_CODE_OFFSET);
            if (code != 0)
            {
                throw new TeamSplitException(code, call.get() + " failed on every PE of the parent: " +
                    failureText(readVerdict(pe, entry), pe, invalidArguments));
            }
        }
        throw new IllegalStateException(call.get() + ": the split's barrier folded a failed verdict, but no member " +
            "published one");
    }

    /**
     * The agreement for a split that may meet another in some member: the slots free everywhere, one window
     * at a time, then a claim of the choice on every member and a barrier that tells whether all succeeded.
     */
    private int[] claimInRounds(final TeamImpl parent, final CollectiveOp op, final Supplier<String> call,
        final TeamSync sync, final long firstEntry, final boolean joins, final int needed,
        final int windows, final long[] window)
    {
        long entry = firstEntry;
        boolean published = firstEntry != NOT_PUBLISHED;
        for (int attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt++)
        {
            // bit j of word i: slot 64 i + j is free on every member; windows not read stay 0 (not free)
            final long[] common = new long[windows * WINDOW_LONGS];
            int found = 0;
            for (int w = 0; w < windows && (attempt > 0 || found < needed); w++)
            {
                if (!published)
                {
                    freeWindow(w * ControlBlock.SPLIT_WINDOW_BITS, joins, window);
                    entry = publishAndSync(sync, op, window);
                }
                published = false;
                final long[] theirs = commonFree(sync, entry);
                System.arraycopy(theirs, 0, common, w * WINDOW_LONGS, WINDOW_LONGS);
                found += count(theirs);
            }
            final int[] chosen = choose(common, found, needed, parent.slot, attempt, call);
            final boolean claimed = joins && slots.tryClaim(chosen);
            entry = nextEntry(sync);
            AddressSpace.ALL.set(ValueLayout.JAVA_LONG, myBlockAddress + entry + ControlBlock.SPLIT_CLAIM_OFFSET,
                claimed || !joins ? 1 : 0);
            boolean all = false;
            try
            {
                sync.sync(op, op.callName());
                all = true;
                for (int i = 0; i < sync.size(); i++)
                {
                    all &= entryWord(sync.memberPe(i), entry, ControlBlock.SPLIT_CLAIM_OFFSET) != 0;
                }
            }
            finally
            {
                if (claimed && all)
                {
                    slots.confirm(chosen);
                }
                else if (claimed)
                {
                    // a lost claim elsewhere, or a failure in the barrier: the slots go back
                    slots.abandon(chosen);
                }
            }
            if (all)
            {
                return chosen;
            }
        }
        throw new TeamSplitException(TeamSplitException.NO_TEAM_SLOT, call.get() +
            " failed on every PE of the parent: " +
            "the team slots it chose were taken by splits of other teams in other threads " + MAX_CLAIM_ATTEMPTS +
            " times in a row");
    }

    /** @return the slots of the window published at {@code entry} that are free on every member. */
    private long[] commonFree(final TeamSync sync, final long entry)
    {
        final long[] common = new long[WINDOW_LONGS];
        Arrays.fill(common, -1L);
        for (int m = 0; m < sync.size(); m++)
        {
            final int pe = sync.memberPe(m);
            for (int i = 0; i < WINDOW_LONGS; i++)
            {
                common[i] &= entryWord(pe, entry, ControlBlock.SPLIT_WINDOW_OFFSET + i * 8L);
            }
        }
        return common;
    }

    private static int count(final long[] bits)
    {
        int count = 0;
        for (final long word : bits)
        {
            count += Long.bitCount(word);
        }
        return count;
    }

    /**
     * Splits of different parents running in other threads pick from the same free slots: each parent starts
     * at its own pseudo-random rank among them, agreed because slot and attempt are, so they rarely collide.
     *
     * @return {@code needed} slots of {@code free}, which holds {@code found} of them.
     */
    private int[] choose(final long[] free, final int found, final int needed, final int parentSlot,
        final int attempt, final Supplier<String> call)
    {
        if (found < needed)
        {
            throw new TeamSplitException(TeamSplitException.NO_TEAM_SLOT, call.get() + " failed on every PE of the " +
                "parent: no " + (needed == 1 ? "team slot is" : needed + " team slots are") + " free on every " +
                "PE of the new team" + (needed == 1 ? "" : "s") + ": a PE may be in at most ISHMEM_MAX_TEAMS=" +
                maxTeams + " teams at once, WORLD and SHARED included (destroy teams or raise ISHMEM_MAX_TEAMS)");
        }
        final int[] chosen = new int[needed];
        final int offset = Math.floorMod(mix(parentSlot, attempt), found);
        for (int k = 0; k < needed; k++)
        {
            chosen[k] = setBitOfRank(free, (offset + k) % found);
        }
        return chosen;
    }

    /**
     * The choice among the slots of the window's first word, which holds at least {@code needed} free ones: the
     * first free ones from a bit that depends on the parent's slot, as {@link #choose} spreads the parents. A few
     * instructions, where a rank among up to 64 bits took a loop of as many steps on the way out of every split.
     */
    static int[] chooseInWord(final long free, final int needed, final int parentSlot)
    {
        final int from = firstBit(parentSlot);
        long bits = Long.rotateRight(free, from);
        final int[] chosen = new int[needed];
        for (int k = 0; k < needed; k++)
        {
            chosen[k] = (Long.numberOfTrailingZeros(bits) + from) & (Long.SIZE - 1);
            bits &= bits - 1;
        }
        return chosen;
    }

    /** @return the first slot {@link #chooseInWord} chooses in {@code free}, which holds at least one. */
    static int firstInWord(final long free, final int parentSlot)
    {
        final int from = firstBit(parentSlot);
        return (Long.numberOfTrailingZeros(Long.rotateRight(free, from)) + from) & (Long.SIZE - 1);
    }

    /** @return the bit of a window's first word from which a split of the parent in {@code parentSlot} chooses. */
    private static int firstBit(final int parentSlot)
    {
        return mix(parentSlot, 0) & (Long.SIZE - 1);
    }

    /**
     * @return the number of the set bit of {@code words} that has {@code rank} set bits below it; counted
     *         with popcounts, since a split reads hundreds of slot bits of which its choice needs one or two.
     */
    static int setBitOfRank(final long[] words, final int rank)
    {
        int left = rank;
        for (int i = 0; i < words.length; i++)
        {
            final int count = Long.bitCount(words[i]);
            if (left < count)
            {
                long bits = words[i];
                for (int r = 0; r < left; r++)
                {
                    bits &= bits - 1;
                }
                return i * Long.SIZE + Long.numberOfTrailingZeros(bits);
            }
            left -= count;
        }
        throw new IllegalArgumentException("rank " + rank + " is not below the " + (rank - left) + " set bits");
    }

    /** A hash of (parent slot, attempt) that spreads the choices of different parents. */
    private static int mix(final int parentSlot, final int attempt)
    {
        int h = parentSlot * 0x9E37_79B9 + attempt * 0x85EB_CA6B;
        h ^= h >>> 16;
        h *= 0x7FEB_352D;
        h ^= h >>> 15;
        return h;
    }

    private void freeWindow(final int firstBit, final boolean joins, final long[] window)
    {
        // a PE that joins no new team has ALL_FREE, which stays as it is
        if (joins)
        {
            slots.freeWindow(firstBit, window);
        }
    }

    private static long[] filled(final int length, final long value)
    {
        final long[] words = new long[length];
        Arrays.fill(words, value);
        return words;
    }

    /**
     * @return the call as a failure names it, e.g. "splitStrided(start=0, stride=2, size=3) on team WORLD": made only
     *         on a path that may fail, where a split that succeeds at its first barrier allocates nothing for it.
     */
    private static Supplier<String> callOf(final CollectiveOp op, final ArgumentFormatter describe, final long arg0,
        final long arg1, final TeamImpl parent)
    {
        return () -> op.callName() + describe.format(new long[] {arg0, arg1}) + " on team " + parent.name;
    }

    private void publish(final long entry, final long[] window)
    {
        final long at = myBlockAddress + entry;
        for (int i = 0; i < WINDOW_LONGS; i++)
        {
            AddressSpace.ALL.set(ValueLayout.JAVA_LONG, at + ControlBlock.SPLIT_WINDOW_OFFSET + i * 8L, window[i]);
        }
    }

    /**
     * @return word {@code offset} of PE {@code pe}'s split entry at {@code entry}: read from its mapping, or for a PE
     *         on another node fetched (a split is rare, and its words few).
     */
    private long entryWord(final int pe, final long entry, final long offset)
    {
        final MemorySegment block = blocks[pe];
        return block != null ? block.get(ValueLayout.JAVA_LONG, entry + offset) : remote.getLong(pe, entry + offset);
    }

    /**
     * @param invalidArguments why the split's own arguments are invalid, or null: every PE passed the same (the
     *                         barrier compared them), so every PE words this alike.
     * @return why the split failed on PE {@code worldPe}, from the verdict it published.
     */
    private static String failureText(final SplitVerdict failed, final int worldPe, final String invalidArguments)
    {
        final boolean ofArguments = failed.code() == TeamSplitException.INVALID_TRIPLET ||
            failed.code() == TeamSplitException.INVALID_XRANGE;
        return ofArguments && invalidArguments != null ? invalidArguments : failed.describe(worldPe);
    }

    /** @return the whole verdict PE {@code pe} published, to word its failure. */
    private SplitVerdict readVerdict(final int pe, final long entry)
    {
        final long[] words = new long[(int)(ControlBlock.SPLIT_ENTRY_LENGTH / Long.BYTES)];
        for (int i = 0; i < words.length; i++)
        {
            words[i] = entryWord(pe, entry, (long)i * Long.BYTES);
        }
        return SplitVerdict.read(MemorySegment.ofArray(words), 0);
    }
}
