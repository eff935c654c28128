package io.ishmem.core.collective;

import io.ishmem.CollectiveMismatchException;
import io.ishmem.core.heap.ControlBlock;
import io.ishmem.core.runtime.DebugChecks;
import io.ishmem.core.wait.Liveness;
import io.ishmem.core.wait.WaitStrategy;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The synchronisation of one team: a dissemination barrier over the team's members (ceil(log2 n)
 * rounds; in round r member i signals member i + 2^r and waits for member i - 2^r), plus the
 * announcements that let members compare collective arguments. Every flag word is
 * {@code sequence << 8 | op}: sequences only grow, so a flag at or above ours means the partner
 * arrived, and a flag at our sequence with another op is a collective-order error. Flags sit in the
 * control block of the PE that waits on them, one writer per cache line.
 *
 * <p>Not thread-safe: the collectives of one team are called by one thread at a time.
 */
public final class TeamSync
{
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private final String teamName;
    private final int myWorldPe;
    private final int rounds;
    private final MemorySegment myBlock;
    private final long[] myFlagOffsets;
    private final MemorySegment[] targetBlocks;
    private final long[] targetFlagOffsets;
    private final int[] sourcePes;
    private final MemorySegment[] memberBlocks;
    private final int[] memberPes;
    private final int teamSlot;
    private final WaitStrategy waitStrategy;
    private final Liveness liveness;
    /** The collective running on this team in this PE, if any: one rule for every collective of the team. */
    private final AtomicReference<String> running = new AtomicReference<>();
    private long sequence;

    /**
     * @param teamName     for messages.
     * @param teamSlot     the slot of this team's flags and announcements in every member's control block.
     * @param memberPes    world PE of each member, by team index.
     * @param myIndex      this PE's index in the team.
     * @param blocks       control block of every world PE.
     * @param maxTeams     slots per control block.
     * @param waitStrategy how to idle.
     * @param liveness     the job's liveness.
     */
    public TeamSync(final String teamName, final int teamSlot, final int[] memberPes, final int myIndex,
        final MemorySegment[] blocks, final int maxTeams, final WaitStrategy waitStrategy, final Liveness liveness)
    {
        final int size = memberPes.length;
        this.teamName = teamName;
        this.teamSlot = teamSlot;
        this.myWorldPe = memberPes[myIndex];
        this.rounds = size <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(size - 1);
        this.myBlock = blocks[myWorldPe];
        this.myFlagOffsets = new long[rounds];
        this.targetBlocks = new MemorySegment[rounds];
        this.targetFlagOffsets = new long[rounds];
        this.sourcePes = new int[rounds];
        this.memberPes = memberPes.clone();
        this.memberBlocks = new MemorySegment[size];
        for (int i = 0; i < size; i++)
        {
            memberBlocks[i] = blocks[memberPes[i]];
        }
        for (int r = 0; r < rounds; r++)
        {
            final int distance = 1 << r;
            final int target = memberPes[(myIndex + distance) % size];
            myFlagOffsets[r] = ControlBlock.flagOffset(maxTeams, teamSlot, r);
            targetBlocks[r] = blocks[target];
            targetFlagOffsets[r] = ControlBlock.flagOffset(maxTeams, teamSlot, r);
            sourcePes[r] = memberPes[((myIndex - distance) % size + size) % size];
        }
        this.waitStrategy = waitStrategy;
        this.liveness = liveness;
    }

    /**
     * Starts the next collective on this team: publishes its op and arguments for {@link #agree}.
     *
     * @return the sequence number of this collective.
     */
    /**
     * Starts a collective call on this team in this PE; {@link #exit()} ends it. Collectives of one team run
     * on one thread at a time: a second thread would take the first one's arrivals and sequence numbers,
     * and its peers would see a mismatch that is no fault of theirs.
     *
     * @throws IllegalStateException naming both calls when another thread is in one.
     */
    public void enter(final String call)
    {
        if (!running.compareAndSet(null, call))
        {
            throw overlap(call);
        }
    }

    public void exit()
    {
        running.set(null);
    }

    private IllegalStateException overlap(final String call)
    {
        return new IllegalStateException(call + " on team " + teamName + " while " + running.get() +
            " runs on it in another thread of this PE: collectives of one team must not overlap (use one thread " +
            "per team)");
    }

    public long announce(final CollectiveOp op, final long arg0, final long arg1)
    {
        final long next = sequence + 1;
        final long offset = ControlBlock.announceOffset(teamSlot, next);
        myBlock.set(ValueLayout.JAVA_LONG, offset + 8, arg0);
        myBlock.set(ValueLayout.JAVA_LONG, offset + 16, arg1);
        // release: the barrier flag that follows publishes the arguments too; this orders them first
        LONG.setRelease(myBlock, offset, next << 8 | op.code());
        return next;
    }

    /**
     * A barrier over the team, carrying {@code op}.
     *
     * @param op   the collective being called.
     * @param call the name of the caller for messages.
     * @throws CollectiveMismatchException if a member was found in another collective at this point.
     */
    public void sync(final CollectiveOp op, final String call)
    {
        final long seq = ++sequence;
        final long word = seq << 8 | op.code();
        String mismatch = null;
        for (int r = 0; r < rounds; r++)
        {
            // release: everything this PE wrote before the barrier is visible to whoever sees the flag
            LONG.setRelease(targetBlocks[r], targetFlagOffsets[r], word);
            long seen = (long)LONG.getAcquire(myBlock, myFlagOffsets[r]);
            if ((seen >>> 8) < seq)
            {
                seen = await(r, seq, call);
            }
            if ((seen >>> 8) == seq && (int)(seen & 0xFF) != op.code() && mismatch == null)
            {
                mismatch = "collective order mismatch on team " + teamName + " at its collective #" + seq +
                    ": PE " + myWorldPe + " called " + op.callName() + " but PE " + sourcePes[r] + " called " +
                    CollectiveOp.nameOf((int)(seen & 0xFF)) +
                    " (every PE of a team must call the same collectives in the same order)";
            }
        }
        if (mismatch != null)
        {
            throw new CollectiveMismatchException(mismatch);
        }
    }

    /**
     * A barrier as users call it (barrierAll, syncAll, team.sync). With {@code ISHMEM_DEBUG} every member
     * also compares every other member's announced collective, so a PE in another collective at this
     * point is reported on every PE of the team, not only on its barrier partners.
     *
     * @param op   the collective being called.
     * @param call the name of the caller for messages.
     * @throws CollectiveMismatchException if a member was found in another collective at this point.
     */
    public void barrier(final CollectiveOp op, final String call)
    {
        if (DebugChecks.ENABLED)
        {
            final long seq = announce(op, 0, 0);
            sync(op, call);
            agree(seq, op, (ignored0, ignored1) -> "no arguments");
        }
        else
        {
            sync(op, call);
        }
    }

    private long await(final int round, final long seq, final String call)
    {
        int idle = 0;
        while (true)
        {
            final long seen = (long)LONG.getAcquire(myBlock, myFlagOffsets[round]);
            if ((seen >>> 8) >= seq)
            {
                return seen;
            }
            idle = waitStrategy.idle(idle, liveness);
            if (idle < 0)
            {
                final long last = (long)LONG.getAcquire(myBlock, myFlagOffsets[round]);
                if ((last >>> 8) >= seq)
                {
                    return last;
                }
                throw liveness.failure(call + " (team " + teamName + ", waiting for PE " + sourcePes[round] + ")");
            }
        }
    }

    /**
     * After {@link #announce} and {@link #sync} of collective {@code seq}: checks that every member
     * announced the same op and arguments, so every member throws alike when they differ.
     *
     * @param seq      from {@link #announce}.
     * @param describe turns (arg0, arg1) into words for the message, e.g. "64 bytes".
     */
    public void agree(final long seq, final CollectiveOp op, final ArgumentFormatter describe)
    {
        final long offset = ControlBlock.announceOffset(teamSlot, seq);
        final long mine0 = myBlock.get(ValueLayout.JAVA_LONG, offset + 8);
        final long mine1 = myBlock.get(ValueLayout.JAVA_LONG, offset + 16);
        for (int i = 0; i < memberBlocks.length; i++)
        {
            final MemorySegment block = memberBlocks[i];
            final long head = (long)LONG.getAcquire(block, offset);
            final long arg0 = block.get(ValueLayout.JAVA_LONG, offset + 8);
            final long arg1 = block.get(ValueLayout.JAVA_LONG, offset + 16);
            if (head != (seq << 8 | op.code()))
            {
                throw new CollectiveMismatchException("collective order mismatch on team " + teamName +
                    " at its collective #" + seq + ": PE " + myWorldPe + " called " + op.callName() + " but PE " +
                    memberPes[i] + " called " + peerCall(i, seq, head) +
                    " (every PE of a team must call the same collectives in the same order)");
            }
            if (arg0 != mine0 || arg1 != mine1)
            {
                throw new CollectiveMismatchException(op.callName() + " on team " + teamName +
                    ": arguments differ between PEs: PE " + myWorldPe + " passed " + describe.format(mine0, mine1) +
                    ", PE " + memberPes[i] + " passed " + describe.format(arg0, arg1) +
                    " (a collective needs the same arguments on every PE)");
            }
        }
    }

    /**
     * Names what member {@code i} called as collective {@code seq}, from its announcement or else from the
     * round-0 barrier flag it wrote into its successor's block.
     */
    private String peerCall(final int i, final long seq, final long head)
    {
        if ((head >>> 8) == seq)
        {
            return CollectiveOp.nameOf((int)(head & 0xFF));
        }
        if (rounds > 0)
        {
            final MemorySegment successor = memberBlocks[(i + 1) % memberBlocks.length];
            final long flag = (long)LONG.getAcquire(successor, targetFlagOffsets[0]);
            if ((flag >>> 8) == seq)
            {
                return CollectiveOp.nameOf((int)(flag & 0xFF));
            }
        }
        return "another collective";
    }

    /** Formats collective arguments for a mismatch message. */
    @FunctionalInterface
    public interface ArgumentFormatter
    {
        String format(long arg0, long arg1);
    }

    public int rounds()
    {
        return rounds;
    }

    public long sequence()
    {
        return sequence;
    }
}
