package io.ishmem.core.collective;

import io.ishmem.core.heap.AddressSpace;
import io.ishmem.core.heap.ControlBlock;
import io.ishmem.core.observe.BarrierEvent;

import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The barrier of {@link TeamSync} that carries words beside its flags, on the same line: the lowest and highest
 * argument hash heard of, the latest arrival heard of while this PE records a barrier event, a split's fold, and the
 * rounds to members on other nodes. A barrier without them (most barriers) is {@link TeamSync}'s flags alone.
 *
 * <p>The hashes fold as the flags fold the ops: a collective whose members agree on the op but not on its arguments
 * is found by the same barrier, with no extra reads on the way when they agree; only then are the announcements
 * read, to name the member and its arguments ({@link Mismatches}).
 *
 * <p>The arrival time ({@code System.nanoTime}: CLOCK_MONOTONIC, comparable between the processes of one host) and
 * the PE it belongs to fold by maximum: after the last round every member knows which member arrived last, for the
 * {@code ishmem.Barrier} event ({@link ArrivalTimes}). A barrier that folds ({@link #beginFold}) carries the fold in
 * those words instead, tagged.
 *
 * <p>A counter barrier ({@link BarrierCount}) stores its arrival as round 0 does and waits on its release line as on
 * one round, whose words carry the whole team's fold: the same code folds both.
 */
final class CarriedRounds
{
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    /** The counter barrier, or null where the team disseminates (or has one member). */
    private final BarrierCount count;
    /** Where this PE waits: each round's flag line, or a counter barrier's release line alone. */
    private final long[] myFlagAddresses;
    /** Where this PE stores each round's flag, 0 for a target on another node; a counter barrier's arrival line. */
    private final long[] targetFlagAddresses;
    private final FlagWaits waits;
    /** The rounds to members on other nodes; null when the job has one node. */
    private final RemoteRounds remoteRounds;
    private final ArrivalTimes times;
    private final Mismatches mismatches;
    private final TeamName teamName;
    /**
     * Whether the barrier in progress carries a fold, and the fold: the AND of every member's first word and the OR
     * of their second, once it returns.
     */
    private boolean folding;
    private long foldedAnd;
    private long foldedOr;

    CarriedRounds(final BarrierCount count, final long[] myFlagAddresses,
        final long[] targetFlagAddresses, final FlagWaits waits, final RemoteRounds remoteRounds,
        final ArrivalTimes times, final Mismatches mismatches, final TeamName teamName)
    {
        this.count = count;
        this.myFlagAddresses = myFlagAddresses;
        this.targetFlagAddresses = targetFlagAddresses;
        this.waits = waits;
        this.remoteRounds = remoteRounds;
        this.times = times;
        this.mismatches = mismatches;
        this.teamName = teamName;
    }

    /** The whole barrier: {@link #arrive}, then {@link #await}. */
    void sync(final CollectiveOp op, final long hash, final String call, final ArgumentFormatter describe,
        final long seq, final long parity)
    {
        await(op, hash, call, describe, seq, parity, arrive(op, hash, call, seq, parity));
    }

    /**
     * This PE's arrival: its event, and its first round's words and flag (a counter barrier's arrival, and the
     * release of every member when this PE completes the count).
     *
     * @return this PE's barrier event, or null when no recording wants one.
     */
    BarrierEvent arrive(final CollectiveOp op, final long hash, final String call, final long seq, final long parity)
    {
        final BarrierEvent event = times.arrive();
        if (remoteRounds != null)
        {
            remoteRounds.completeWrites();
        }
        // a team of one stores nothing
        if (targetFlagAddresses.length != 0)
        {
            final long code = op.code();
            storeRound(0, seq << 16 | code << 8 | code, hash, hash, parity, hash != 0, event != null, call);
            if (count != null && count.countIn(parity))
            {
                count.release(seq, parity, code, hash != 0, folding, event != null && !folding ? times : null);
            }
        }
        return event;
    }

    /**
     * The rounds from the wait for the first one's source on, and the verdict.
     *
     * @throws io.ishmem.CollectiveMismatchException on every member if any member is in another collective or passed
     *                                               other arguments; the barrier is complete all the same.
     */
    void await(final CollectiveOp op, final long hash, final String call, final ArgumentFormatter describe,
        final long seq, final long parity, final BarrierEvent event)
    {
        long lowest = op.code();
        long highest = lowest;
        long lowHash = hash;
        long highHash = hash;
        final boolean hashes = hash != 0;
        final boolean fold = folding;
        final boolean recording = event != null && !fold;
        // a counter barrier's release is a round of its own: no store, and its line carries the whole team's fold
        final int waited = myFlagAddresses.length;
        for (int r = 0; r < waited; r++)
        {
            if (r > 0)
            {
                storeRound(r, seq << 16 | lowest << 8 | highest, lowHash, highHash, parity, hashes, event != null,
                    call);
            }
            final long seen = waits.arrival(r, parity, seq, call);
            lowest = Math.min(lowest, (seen >>> 8) & 0xFF);
            highest = Math.max(highest, seen & 0xFF);
            if (hashes)
            {
                final long heard = AddressSpace.ALL.get(ValueLayout.JAVA_LONG,
                    myFlagAddresses[r] + ControlBlock.FLAG_HASH_OFFSET + parity);
                lowHash = Math.min(lowHash, heard >>> 32);
                highHash = Math.max(highHash, heard & 0xFFFF_FFFFL);
            }
            if (fold)
            {
                // the source's fold of itself and whom it heard of in earlier rounds, as the flags fold the ops
                final long line = myFlagAddresses[r];
                foldedAnd &= AddressSpace.ALL.get(ValueLayout.JAVA_LONG,
                    line + ControlBlock.FLAG_ARRIVAL_OFFSET + parity);
                foldedOr |= AddressSpace.ALL.get(ValueLayout.JAVA_LONG,
                    line + ControlBlock.FLAG_ARRIVAL_PE_OFFSET + parity);
            }
            else if (recording && (seen & 0xFF) == op.code() && ((seen >>> 8) & 0xFF) == op.code())
            {
                // only from a source in this collective: one in another (a mismatch, thrown below) may be folding
                times.hear(myFlagAddresses[r], parity);
            }
        }
        if (event != null)
        {
            times.end(event, call, teamName.toString(), seq);
        }
        if (lowest != highest || lowHash != highHash)
        {
            throw mismatches.disagreement(op, seq, parity, call, lowest != highest, describe);
        }
    }

    /**
     * Makes the next barrier fold two words of every member into every member: the AND of {@code andWord} and the OR
     * of {@code orWord}, until {@link #endFold}.
     */
    void beginFold(final long andWord, final long orWord)
    {
        foldedAnd = andWord;
        // tagged, so that a recording PE's later barrier, whose source records no arrival there, never hears
        // what this fold left in the words for an arrival
        foldedOr = orWord | ControlBlock.FLAG_FOLD_TAG;
        folding = true;
    }

    void endFold()
    {
        folding = false;
    }

    /** @return the AND of the members' first words of the last fold. */
    long foldedAnd()
    {
        return foldedAnd;
    }

    /** @return the OR of the members' second words of the last fold, untagged. */
    long foldedOr()
    {
        return foldedOr & ~ControlBlock.FLAG_FOLD_TAG;
    }

    /**
     * Round r's words beside the flag and the flag. A collective without arguments (hash 0) needs no hash words: a
     * member in another collective differs in its op code, which the flag carries. Arrival times travel only where
     * this PE records a barrier event; what a round's source left there from an earlier barrier is older than this
     * arrival, or a split's fold, tagged, so never heard. A barrier that folds carries the fold in those words
     * instead.
     */
    private void storeRound(final int r, final long flag, final long lowHash, final long highHash, final long parity,
        final boolean hashes, final boolean withEvent, final String call)
    {
        final boolean fold = folding;
        final boolean recording = withEvent && !fold;
        final long first = fold ? foldedAnd : times.lastNs();
        final long second = fold ? foldedOr : times.lastPe();
        if (targetFlagAddresses[r] != 0)
        {
            if (hashes | recording | fold)
            {
                FlagWords.store(targetFlagAddresses[r], parity, hashes, lowHash << 32 | highHash, fold || recording,
                    first, second);
            }
            // release: everything this PE wrote before the barrier is visible to whoever sees the flag
            LONG.setRelease(AddressSpace.ALL, targetFlagAddresses[r] + parity, flag);
        }
        else
        {
            remoteRounds.publish(r, parity, lowHash << 32 | highHash, first, second, flag, call);
        }
    }
}
