package io.ishmem.core.collective;

import io.ishmem.core.heap.AddressSpace;
import io.ishmem.core.heap.ControlBlock;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The counter barrier of a team on one node, for jobs with more PEs than CPUs: each member stores its arrival as a
 * dissemination's first round does (the flag and the words beside it, on its successor's line 0), then counts itself
 * in on member 0's count line; the member that counts last folds every arrival (ops, argument hashes, a split's
 * verdicts, the latest arrival time) and stores the fold with the flag into every member's release line (line 1),
 * where each member waits as for a round. A dissemination's member waits once per round, each time, oversubscribed,
 * for a PE the scheduler has yet to run; here it waits once, for the last to arrive.
 *
 * <p>The count has a word per sequence parity, and the last member sets it back to 0 before it releases: the next
 * count on that word, two barriers later, comes from members released from the barrier between, which the last
 * member of this one counted in after its reset.
 */
final class BarrierCount
{
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private final long countLine;
    /** Where member i's arrival lands: line 0 of member i + 1's block. */
    private final long[] arrivalLines;
    private final long[] releaseLines;
    private final int[] memberPes;

    /**
     * @param blocks    the members' control blocks, by team index, all mapped.
     * @param memberPes world PE of each member, for messages.
     */
    BarrierCount(final MemorySegment[] blocks, final int[] memberPes, final int maxTeams, final int teamSlot)
    {
        final int size = blocks.length;
        this.memberPes = memberPes;
        this.countLine = blocks[0].address() +
            ControlBlock.flagOffset(maxTeams, teamSlot, ControlBlock.COUNTER_COUNT_LINE);
        this.arrivalLines = new long[size];
        this.releaseLines = new long[size];
        for (int i = 0; i < size; i++)
        {
            arrivalLines[i] = blocks[(i + 1) % size].address() +
                ControlBlock.flagOffset(maxTeams, teamSlot, ControlBlock.COUNTER_ARRIVAL_LINE);
            releaseLines[i] = blocks[i].address() +
                ControlBlock.flagOffset(maxTeams, teamSlot, ControlBlock.COUNTER_RELEASE_LINE);
        }
    }

    /** @return the line where member {@code index} waits for its release. */
    long releaseLine(final int index)
    {
        return releaseLines[index];
    }

    /** @return the line where member {@code index} stores its arrival. */
    long arrivalLine(final int index)
    {
        return arrivalLines[index];
    }

    /**
     * Counts this member in, after its arrival was stored.
     *
     * @return whether it was the last to arrive, and so must {@link #release} every member.
     */
    boolean countIn(final long parity)
    {
        // a volatile read-modify-write: every arrival stored before an earlier count is visible to the last
        return (long)LONG.getAndAdd(AddressSpace.ALL, countLine + parity, 1L) == arrivalLines.length - 1;
    }

    /**
     * By the member that counted last: folds every member's arrival at {@code seq} and stores the fold and the flag
     * in every member's release line, its own included.
     *
     * @param opCode the op of this member's collective: arrival times are heard only from members in it.
     * @param hashes whether the arrivals carry argument hashes.
     * @param fold   whether they carry a split's fold (in the arrival-time words) instead of times.
     * @param times  this member's arrival times when it records a barrier event, else null.
     */
    void release(final long seq, final long parity, final long opCode, final boolean hashes, final boolean fold,
        final ArrivalTimes times)
    {
        final MemorySegment all = AddressSpace.ALL;
        long lowest = 0xFF;
        long highest = 0;
        long lowHash = 0xFFFF_FFFFL;
        long highHash = 0;
        long foldedAnd = -1L;
        long foldedOr = 0;
        for (final long line : arrivalLines)
        {
            final long flag = (long)LONG.getAcquire(all, line + parity);
            lowest = Math.min(lowest, (flag >>> 8) & 0xFF);
            highest = Math.max(highest, flag & 0xFF);
            if (hashes)
            {
                final long heard = all.get(ValueLayout.JAVA_LONG, line + ControlBlock.FLAG_HASH_OFFSET + parity);
                lowHash = Math.min(lowHash, heard >>> 32);
                highHash = Math.max(highHash, heard & 0xFFFF_FFFFL);
            }
            if (fold)
            {
                foldedAnd &= all.get(ValueLayout.JAVA_LONG, line + ControlBlock.FLAG_ARRIVAL_OFFSET + parity);
                foldedOr |= all.get(ValueLayout.JAVA_LONG, line + ControlBlock.FLAG_ARRIVAL_PE_OFFSET + parity);
            }
            else if (times != null && (flag & 0xFF) == opCode && ((flag >>> 8) & 0xFF) == opCode)
            {
                times.hear(line, parity);
            }
        }
        // set back before any member is released: the next count on this word comes from a released member
        all.set(ValueLayout.JAVA_LONG, countLine + parity, 0L);
        final long released = seq << 16 | lowest << 8 | highest;
        for (final long line : releaseLines)
        {
            final boolean arrival = !fold && times != null;
            FlagWords.store(line, parity, hashes, lowHash << 32 | highHash, fold || arrival,
                fold ? foldedAnd : arrival ? times.lastNs() : 0, fold ? foldedOr : arrival ? times.lastPe() : 0);
            LONG.setRelease(all, line + parity, released);
        }
    }

    /** @return whom a member waiting for its release at {@code seq} waits for, for a failure's message. */
    String awaited(final long parity, final long seq)
    {
        final StringBuilder absent = new StringBuilder();
        for (int i = 0; i < arrivalLines.length; i++)
        {
            if (((long)LONG.getAcquire(AddressSpace.ALL, arrivalLines[i] + parity) >>> 16) < seq)
            {
                absent.append(absent.isEmpty() ? "PE " : ", PE ").append(memberPes[i]);
            }
        }
        return absent.isEmpty() ? "the release by the last member to arrive" : absent.toString();
    }
}
