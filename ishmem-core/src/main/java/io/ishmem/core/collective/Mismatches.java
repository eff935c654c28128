package io.ishmem.core.collective;

import io.ishmem.CollectiveMismatchException;
import io.ishmem.core.heap.ControlBlock;
import io.ishmem.core.wait.Liveness;

import java.lang.foreign.ValueLayout;

/**
 * How a team's members disagree, in words, once its barrier found that they do: which member called another
 * collective, or passed other arguments, read from the members' announcements and arrivals. A collective whose
 * members agree reads none of this; each member words the same disagreement alike.
 */
final class Mismatches
{
    private final TeamSync sync;
    /** The first flag line of the team's slot, where each member's own arrival lands on its round-0 target. */
    private final long arrivalOffset;
    private final Liveness liveness;

    Mismatches(final TeamSync sync, final long arrivalOffset, final Liveness liveness)
    {
        this.sync = sync;
        this.arrivalOffset = arrivalOffset;
        this.liveness = liveness;
    }

    /**
     * What to throw once collective {@code seq}'s barrier found the members in another op ({@code otherOp}) or
     * with other arguments.
     */
    RuntimeException disagreement(final CollectiveOp op, final long seq, final long parity, final String call,
        final boolean otherOp, final ArgumentFormatter describe)
    {
        // a peer whose wait already failed may still pass through the collectives that clean up after it:
        // report the failure, not the mismatch it causes
        if (!liveness.probe(true))
        {
            return liveness.failure(call);
        }
        if (otherOp)
        {
            return otherOp(op, seq, parity);
        }
        try
        {
            agree(seq, op, describe);
        }
        catch (final CollectiveMismatchException ex)
        {
            return ex;
        }
        return new CollectiveMismatchException(op.callName() + " on team " + sync.teamName() +
            ": arguments differ between PEs (every PE of a team must pass the same arguments)");
    }

    /** Names the first member, by team index, whose own arrival at {@code seq} carried another op than ours. */
    private CollectiveMismatchException otherOp(final CollectiveOp op, final long seq, final long parity)
    {
        int other = -1;
        int otherCode = 0;
        for (int i = 0; i < sync.size() && other < 0; i++)
        {
            final long arrival = sync.word((i + 1) % sync.size(), arrivalOffset + parity);
            final int code = (int)(arrival & 0xFF);
            if ((arrival >>> 16) == seq && code != op.code())
            {
                other = i;
                otherCode = code;
            }
        }
        final String who = other >= 0 ?
            "PE " + sync.memberPe(other) + " called " + CollectiveOp.nameOf(otherCode) :
            "another PE called another collective";
        return new CollectiveMismatchException("collective order mismatch on team " + sync.teamName() +
            " at its collective #" + seq + ": PE " + myWorldPe() + " called " + op.callName() + " but " + who +
            " (every PE of a team must call the same collectives in the same order)");
    }

    /**
     * After {@link TeamSync#announce} and {@link TeamSync#sync} of collective {@code seq}: checks that every member
     * announced the same op and arguments, so every member throws alike when they differ.
     *
     * @param seq      from {@link TeamSync#announce}.
     * @param describe turns (arg0, arg1) into words for the message, e.g. "64 bytes".
     */
    void agree(final long seq, final CollectiveOp op, final ArgumentFormatter describe)
    {
        final long offset = ControlBlock.announceOffset(sync.teamSlot(), seq);
        for (int i = 0; i < sync.size(); i++)
        {
            final long head = sync.word(i, offset);
            if (head != (seq << 8 | op.code()))
            {
                throw new CollectiveMismatchException("collective order mismatch on team " + sync.teamName() +
                    " at its collective #" + seq + ": PE " + myWorldPe() + " called " + op.callName() + " but PE " +
                    sync.memberPe(i) + " called " + peerCall(i, seq, head) +
                    " (every PE of a team must call the same collectives in the same order)");
            }
            if (!sameArguments(i, offset))
            {
                // only now are the arguments copied out, for the message: a collective that agrees allocates nothing
                final long[] mine = announced(sync.myIndex(), offset);
                final long[] theirs = announced(i, offset);
                throw new CollectiveMismatchException(op.callName() + " on team " + sync.teamName() +
                    ": arguments differ between PEs: PE " + myWorldPe() + " passed " + describe.format(mine) +
                    ", PE " + sync.memberPe(i) + " passed " + describe.format(theirs) +
                    " (a collective needs the same arguments on every PE)");
            }
        }
    }

    private boolean sameArguments(final int index, final long offset)
    {
        for (int a = 0; a < ControlBlock.ANNOUNCE_ARGS; a++)
        {
            final long at = offset + Announcements.argumentOffset(a);
            if (sync.word(index, at) != sync.memberBlock(sync.myIndex()).get(ValueLayout.JAVA_LONG, at))
            {
                return false;
            }
        }
        return true;
    }

    private long[] announced(final int index, final long offset)
    {
        final long[] args = new long[ControlBlock.ANNOUNCE_ARGS];
        for (int a = 0; a < args.length; a++)
        {
            args[a] = sync.word(index, offset + Announcements.argumentOffset(a));
        }
        return args;
    }

    /** Names what member {@code i} called as collective {@code seq}, from its announcement or its arrival. */
    private String peerCall(final int i, final long seq, final long head)
    {
        if ((head >>> 8) == seq)
        {
            return CollectiveOp.nameOf((int)(head & 0xFF));
        }
        final long arrival = sync.word((i + 1) % sync.size(), arrivalOffset + ControlBlock.flagParity(seq));
        if (sync.size() > 1 && (arrival >>> 16) == seq)
        {
            return CollectiveOp.nameOf((int)(arrival & 0xFF));
        }
        return "another collective";
    }

    private int myWorldPe()
    {
        return sync.memberPe(sync.myIndex());
    }
}
