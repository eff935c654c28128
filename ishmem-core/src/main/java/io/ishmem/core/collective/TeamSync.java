package io.ishmem.core.collective;

import io.ishmem.CollectiveMismatchException;
import io.ishmem.core.heap.AddressSpace;
import io.ishmem.core.heap.ControlBlock;
import io.ishmem.core.observe.BarrierEvent;
import io.ishmem.core.observe.Observe;
import io.ishmem.core.transport.RemoteControl;
import io.ishmem.core.wait.Liveness;
import io.ishmem.core.wait.WaitStrategy;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The synchronisation of one team: a dissemination barrier over the team's members (ceil(log2 n)
 * rounds; in round r member i signals member i + 2^r and waits for member i - 2^r), plus the
 * announcements that let members compare collective arguments ({@link Announcements} writes and hashes them,
 * {@link Mismatches} words a disagreement).
 *
 * <p>Every flag word is {@code sequence << 16 | lowest op << 8 | highest op}, where the ops are the
 * collective codes seen so far by the writer: after round r a member knows the lowest and highest op
 * of the 2^(r+1) members behind it, so after the last round every member knows them for the whole
 * team, and a team whose members are not all in the same collective is reported on every member.
 * Each flag line holds two words chosen by the parity of the sequence: a peer that has left this
 * barrier writes its next arrival into the other word, so nobody's arrival at this sequence is
 * overwritten before its reader has seen it (writing sequence + 2 needs every member to have arrived
 * at sequence + 1). Flags sit in the control block of the PE that waits on them, one writer per line.
 *
 * <p>Beside each flag word, on the same line, ride the lowest and highest argument hash heard of, the latest arrival
 * time heard of while a recording wants the {@code ishmem.Barrier} event, or a split's fold, where a barrier carries
 * them ({@link CarriedRounds}); a barrier without them stores and spins on its flags alone.
 *
 * <p>A member on another node has no mapped block here (its entry in {@code blocks} is null): what this PE writes
 * into it goes through {@link RemoteRounds} (the words beside the flag, a fence, then the flag, so the flag still
 * publishes them), and what it reads from it (announcements, only to name a mismatch or to collect own words) is
 * fetched. Polling stays local on every node. A barrier in a job across nodes begins by completing this PE's writes
 * to other nodes (a flush): UCX orders writes per endpoint only, and the barrier's knowledge travels through third
 * members.
 *
 * <p>Where the job's PE 0 chose it ({@code ISHMEM_BARRIER}, by default in a job with more PEs than CPUs), a team on one
 * node synchronises by a count instead of the rounds ({@link BarrierCount}): every member stores its arrival as the
 * first round does, the last to count itself in folds them all and releases every member, whose one wait is then a
 * round's. Everything the rounds carry travels the same way.
 *
 * <p>Collectives of one team run on one thread at a time ({@link #enter}, {@link CollectiveEntry}); the rounds'
 * waits are {@link FlagWaits}', the arrival times {@link ArrivalTimes}'.
 */
public final class TeamSync extends CollectiveEntry
{
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle SEQUENCE;
    /** {@link #rounds} of a counter barrier: no round, one release to wait for. */
    private static final int COUNTED = -1;

    static
    {
        try
        {
            SEQUENCE = MethodHandles.lookup().findVarHandle(TeamSync.class, "sequence", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /**
     * Dissemination rounds: 0 for a team of one, {@link #COUNTED} for a counter barrier. One field for both, so that
     * a team of one decides its barrier on one load (JMH's barrierAll of one PE: 1.6-2.5 ns with a second field's,
     * a release fence 0.29).
     */
    private final int rounds;
    /** The counter barrier, or null where the team disseminates (or has one member). */
    private final BarrierCount count;
    /**
     * This PE's control block, its address in {@link AddressSpace#ALL}. The barrier's flags and the words beside
     * them, and the announcements, go through {@code ALL}: each access then loads no segment, session or state on
     * its way, which a split, with some twenty of them, measured (see there for why it is safe).
     */
    private final long myBlockAddress;
    /** Where this PE waits and where it stores, round by round ({@link FlagLines}). */
    private final long[] myFlagAddresses;
    private final long[] targetFlagAddresses;
    /** {@code targetFlagAddresses[0]}, or 0 for a team of one ({@link #syncFlagsOnly}). */
    private final long firstTarget;
    private final MemorySegment[] memberBlocks;
    private final int[] memberPes;
    private final int teamSlot;
    private final int myIndex;
    private final int maxTeams;
    private final int worldSize;
    /** Words a disagreement of the members, once a barrier found one. */
    private final Mismatches mismatches;
    /** The local buffers of this team's reductions (collectives of a team run one at a time). */
    private CollectiveBuffers buffers;
    private final FlagWaits waits;
    /** The blocks of members on other nodes, or null when every member is on this one. */
    private final RemoteControl remote;
    /** The rounds to members on other nodes; null when the job has one node. */
    private final RemoteRounds remoteRounds;
    /** The barrier with words beside its flags. */
    private final CarriedRounds carried;
    private long sequence;
    /** Between {@link #arriveAnnounced} and {@link #awaitAnnounced}: the hash this PE carries, and its event. */
    private long arrivalHash;
    private BarrierEvent arrivalEvent;

    /**
     * @param teamName     for messages.
     * @param teamSlot     the slot of this team's flags and announcements in every member's control block.
     * @param memberPes    world PE of each member, by team index.
     * @param myIndex      this PE's index in the team.
     * @param blocks       control block of every world PE; null for a PE on another node.
     * @param maxTeams     slots per control block.
     * @param waitStrategy how to idle.
     * @param liveness     the job's liveness.
     * @param remote       reaches the blocks of PEs on other nodes; null when the job has one node.
     */
    public TeamSync(final TeamName teamName, final int teamSlot, final int[] memberPes, final int myIndex,
        final MemorySegment[] blocks, final int maxTeams, final WaitStrategy waitStrategy, final Liveness liveness,
        final RemoteControl remote)
    {
        super(teamName, memberPes.length);
        final int size = memberPes.length;
        this.teamSlot = teamSlot;
        this.myIndex = myIndex;
        this.maxTeams = maxTeams;
        this.worldSize = blocks.length;
        final int myWorldPe = memberPes[myIndex];
        this.memberPes = memberPes.clone();
        this.memberBlocks = new MemorySegment[size];
        for (int i = 0; i < size; i++)
        {
            memberBlocks[i] = blocks[memberPes[i]];
        }
        // PE 0's choice, so every member of every team makes the same one; a job across nodes (where some block is
        // not mapped here, PE 0's perhaps) disseminates, even in a team whose members share a node
        final boolean counted = size > 1 && remote == null && !Arrays.asList(blocks).contains(null) &&
            ControlBlock.counterBarrier(blocks[0]);
        this.count = counted ? new BarrierCount(memberBlocks, this.memberPes, maxTeams, teamSlot) : null;
        this.rounds = size <= 1 ? 0 : counted ? COUNTED : 32 - Integer.numberOfLeadingZeros(size - 1);
        this.myBlockAddress = AddressSpace.addressOf(blocks[myWorldPe]);
        final FlagLines lines = new FlagLines(Math.max(0, rounds), count, this.memberPes, myIndex, blocks, maxTeams,
            teamSlot);
        this.myFlagAddresses = lines.mine;
        this.targetFlagAddresses = lines.targets;
        this.firstTarget = lines.targets.length == 0 ? 0L : lines.targets[0];
        final int[] sourcePes = lines.sourcePes;
        final FlagWaits.Awaited awaited = counted ? (round, parity, seq) -> count.awaited(parity, seq) :
            (round, parity, seq) -> "PE " + sourcePes[round];
        this.waits = new FlagWaits(teamName, myFlagAddresses, awaited, waitStrategy, liveness);
        this.remote = remote;
        this.remoteRounds = remote == null ? null :
            new RemoteRounds(remote, teamName, lines.offsets, lines.targetPes, liveness);
        // round 0's flag of each member (a counter barrier's arrival) sits in its successor's block: it carries that
        // member's own op
        this.mismatches = new Mismatches(this,
            ControlBlock.flagOffset(maxTeams, teamSlot, ControlBlock.COUNTER_ARRIVAL_LINE), liveness);
        this.carried = new CarriedRounds(count, myFlagAddresses, targetFlagAddresses, waits, remoteRounds,
            new ArrivalTimes(myWorldPe), mismatches, teamName);
        for (final int pe : memberPes)
        {
            if (blocks[pe] == null && remote == null)
            {
                throw new IllegalArgumentException("team " + teamName + ": PE " + pe + " is on another node and " +
                    "the job has no transport between nodes");
            }
        }
    }

    /**
     * Publishes the op and arguments of the next collective for {@link #agree}.
     *
     * @return the sequence number of this collective.
     */
    public long announce(final CollectiveOp op, final long arg0, final long arg1)
    {
        return announce(op, arg0, arg1, 0, 0, 0, 0);
    }

    /**
     * Publishes the op, five arguments that every member must pass alike, and one word of this PE's own
     * (read with {@link #announcedOwn}), for the next collective.
     *
     * @return the sequence number of this collective.
     */
    public long announce(final CollectiveOp op, final long arg0, final long arg1, final long arg2, final long arg3,
        final long arg4, final long own)
    {
        final long next = sequence + 1;
        Announcements.write(announcement(next), next, op, arg0, arg1, arg2, arg3, arg4, own);
        return next;
    }

    /**
     * @return own word {@code word} (0 or 1) member {@code index} announced for collective {@code seq}; valid
     *         after that collective's {@link #sync} and before this PE's next one.
     */
    public long announcedOwn(final int index, final long seq, final int word)
    {
        return word(index, ControlBlock.announceOffset(teamSlot, seq) + ControlBlock.ANNOUNCE_OWN_OFFSET + 8L * word);
    }

    /** Publishes own word 1 for collective {@code seq} (word 0 is {@link #announce}'s), before its sync. */
    public void announceSecondOwn(final long seq, final long own)
    {
        Announcements.writeSecondOwn(announcement(seq), own);
    }

    /** @return the address of this PE's announcement of collective {@code seq} in {@link AddressSpace#ALL}. */
    private long announcement(final long seq)
    {
        return myBlockAddress + ControlBlock.announceOffset(teamSlot, seq);
    }

    /**
     * {@link #sync(CollectiveOp, long, String, ArgumentFormatter)} carrying the hash of the arguments this PE
     * announced for collective {@code seq}, read back from its own announcement, so a caller names its
     * arguments once.
     */
    public void syncAnnounced(final CollectiveOp op, final long seq, final String call,
        final ArgumentFormatter describe)
    {
        sync(op, Announcements.hash(announcement(seq), op), call, describe);
    }

    /**
     * The first half of {@link #syncAnnounced}: publishes this PE's arrival at collective {@code seq} (its first
     * round's flag, with the hash beside it) and returns without waiting. Work between this and
     * {@link #awaitAnnounced}, which must follow on every path, runs while the flag travels to the other members:
     * on the project's VM a barrier whose members spent more than some 20 ns between one barrier's last flag and the
     * next one's store took a whole cross-core transfer longer (150 to 300 ns at 2 PEs), where the same work after
     * the store cost nothing.
     */
    public void arriveAnnounced(final CollectiveOp op, final long seq, final String call)
    {
        final long hash = Announcements.hash(announcement(seq), op);
        ++sequence;
        arrivalHash = hash;
        arrivalEvent = carried.arrive(op, hash, call, seq, ControlBlock.flagParity(seq));
    }

    /**
     * The second half of {@link #syncAnnounced}, after {@link #arriveAnnounced}: waits for the other members and
     * compares their ops and hashes with this PE's.
     *
     * @throws CollectiveMismatchException on every member if any member is in another collective or passed other
     *                                     arguments; the barrier is complete all the same.
     */
    public void awaitAnnounced(final CollectiveOp op, final long seq, final String call,
        final ArgumentFormatter describe)
    {
        final BarrierEvent event = arrivalEvent;
        arrivalEvent = null;
        carried.await(op, arrivalHash, call, describe, seq, ControlBlock.flagParity(seq), event);
    }

    /**
     * {@link #arriveAnnounced} for a barrier that also folds two words of every member into every member, as an
     * allreduce in the same barrier: the AND of {@code andWord} and the OR of {@code orWord}, read after
     * {@link #awaitAnnouncedFolding}, which must follow on every path once this returns, with {@link #foldedAnd} and
     * {@link #foldedOr}. They travel in the words beside the flags where a recording PE passes on the latest
     * arrival, which a barrier that folds does not (its event names this PE's own arrival), so a split learns the
     * members' verdicts without reading a line of each of them after the barrier; and makes its new team while its
     * flag travels.
     */
    public void arriveAnnouncedFolding(final CollectiveOp op, final long seq, final String call, final long andWord,
        final long orWord)
    {
        carried.beginFold(andWord, orWord);
        boolean arrived = false;
        try
        {
            arriveAnnounced(op, seq, call);
            arrived = true;
        }
        finally
        {
            if (!arrived)
            {
                carried.endFold();
            }
        }
    }

    /**
     * The second half of {@link #arriveAnnouncedFolding}, as {@link #awaitAnnounced} is of a barrier that folds
     * nothing.
     */
    public void awaitAnnouncedFolding(final CollectiveOp op, final long seq, final String call,
        final ArgumentFormatter describe)
    {
        try
        {
            awaitAnnounced(op, seq, call, describe);
        }
        finally
        {
            carried.endFold();
        }
    }

    /** @return the AND of the members' first words of the last {@link #arriveAnnouncedFolding}. */
    public long foldedAnd()
    {
        return carried.foldedAnd();
    }

    /** @return the OR of the members' second words of the last {@link #arriveAnnouncedFolding}. */
    public long foldedOr()
    {
        return carried.foldedOr();
    }

    /**
     * Whether a barrier or sync of the calling thread may run {@link #syncUnmarked}: it owns the team, no collective
     * runs, nothing is recorded and every member is on this node.
     *
     * @return false when it must enter and exit as other collectives do, which claims the team or refuses.
     */
    public boolean unmarked(final String call)
    {
        return remote == null && Observe.nothingRecorded() && ownedAndIdle(call);
    }

    /**
     * {@link #unmarked} for a caller that knows every member is on this node ({@link #onOneNode}) and that no flight
     * recorder exists ({@link Observe#whenRecorderStarts}): the thread rule alone.
     */
    public boolean unmarkedPlain(final String call)
    {
        return ownedAndIdle(call);
    }

    /** @return whether every member of the team is on this node, for the life of the team. */
    public boolean onOneNode()
    {
        return remote == null;
    }

    /**
     * The whole of a barrier or sync once {@link #unmarked} said so, marking no entry: the sequence number it stores
     * anyway says that it began, its flags that it is over ({@link CollectiveEntry}). A team of one has no flag to
     * number and makes a release fence alone (JMH's barrierAll of one PE, 1.6-2.2 ns over a release fence with an
     * entry and exit).
     *
     * @throws CollectiveMismatchException as {@link #sync(CollectiveOp, String)} does.
     */
    public void syncUnmarked(final CollectiveOp op, final String call)
    {
        if (rounds == 0)
        {
            VarHandle.releaseFence();
            return;
        }
        final long seq = ++sequence;
        try
        {
            if (rounds == COUNTED)
            {
                carried.sync(op, 0, call, null, seq, ControlBlock.flagParity(seq));
            }
            else
            {
                syncFlagsOnly(op, seq, ControlBlock.flagParity(seq), call);
            }
        }
        catch (final RuntimeException | Error ex)
        {
            abandon(seq);
            throw ex;
        }
    }

    @Override
    long lastSequence()
    {
        return (long)SEQUENCE.getAcquire(this);
    }

    @Override
    boolean arrived(final long seq)
    {
        final long parity = ControlBlock.flagParity(seq);
        for (final long line : myFlagAddresses)
        {
            if (((long)LONG.getAcquire(AddressSpace.ALL, line + parity) >>> 16) < seq)
            {
                return false;
            }
        }
        return true;
    }

    /**
     * A barrier over the team, carrying {@code op}: every member learns whether all members are in
     * {@code op}.
     *
     * @param op   the collective being called.
     * @param call the name of the caller for messages.
     * @throws CollectiveMismatchException on every member if any member is in another collective at this point;
     *                                     the barrier is complete all the same, so the team stays in step.
     */
    public void sync(final CollectiveOp op, final String call)
    {
        sync(op, 0, call, null);
    }

    /**
     * A barrier over the team carrying {@code op} and the hash of its arguments: every member learns
     * whether all members are in {@code op} with the same arguments.
     *
     * @param hash     a 32-bit hash of the announced arguments ({@link #syncAnnounced} makes it); 0 for an op
     *                 without arguments.
     * @param describe turns announced arguments into words when they differ; null when {@code hash} is 0.
     * @throws CollectiveMismatchException on every member if any member is in another collective, or passed
     *                                     other arguments; the barrier is complete all the same.
     */
    private void sync(final CollectiveOp op, final long hash, final String call, final ArgumentFormatter describe)
    {
        // kept small, so that C2 inlines the common path into the collective that calls it
        if (hash == 0 && !Observe.barrierRecorded())
        {
            if (rounds == 0)
            {
                // a team of one (never with a remote member) has no flag to number: its sequence, read by nobody
                // else, stays as it is; the increment chains one barrier to the next through memory (0.5 of the
                // 2.8 ns of JMH's barrierAll of one PE)
                return;
            }
            if (rounds > 0 && remote == null)
            {
                final long seq = ++sequence;
                syncFlagsOnly(op, seq, ControlBlock.flagParity(seq), call);
                return;
            }
        }
        final long seq = ++sequence;
        carried.sync(op, hash, call, describe, seq, ControlBlock.flagParity(seq));
    }

    /**
     * The barrier of a collective without arguments, in a job on one node, while nothing records a barrier event:
     * each round one release store of the flag and one acquire spin, as a barrier of raw memory operations does.
     * Each word beside the flag would be a store before it and a load after, on the path from one member's flag to
     * the next.
     */
    private void syncFlagsOnly(final CollectiveOp op, final long seq, final long parity, final String call)
    {
        long lowest = op.code();
        long highest = lowest;
        // round 0 (a team of two's only round) stores through a field of its own: after the last barrier's flag was
        // seen, its address is one load away, not two (the array, then its element)
        LONG.setRelease(AddressSpace.ALL, firstTarget + parity, seq << 16 | lowest << 8 | highest);
        long seen = waits.arrival(0, parity, seq, call);
        lowest = Math.min(lowest, (seen >>> 8) & 0xFF);
        highest = Math.max(highest, seen & 0xFF);
        for (int r = 1; r < rounds; r++)
        {
            LONG.setRelease(AddressSpace.ALL, targetFlagAddresses[r] + parity, seq << 16 | lowest << 8 | highest);
            seen = waits.arrival(r, parity, seq, call);
            lowest = Math.min(lowest, (seen >>> 8) & 0xFF);
            highest = Math.max(highest, seen & 0xFF);
        }
        if (lowest != highest)
        {
            throw mismatches.disagreement(op, seq, parity, call, true, null);
        }
    }

    /** @return word {@code offset} of member {@code index}'s block, mapped or fetched. */
    long word(final int index, final long offset)
    {
        final MemorySegment block = memberBlocks[index];
        return block != null ? (long)LONG.getAcquire(block, offset) : remoteRounds.word(memberPes[index], offset);
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
        mismatches.agree(seq, op, describe);
    }

    /** @return the team's name, for messages. */
    public String teamName()
    {
        return teamName.toString();
    }

    /** @return the number of members. */
    public int size()
    {
        return memberPes.length;
    }

    /** @return this PE's index in the team. */
    public int myIndex()
    {
        return myIndex;
    }

    /** @return the world PE of member {@code index}. */
    public int memberPe(final int index)
    {
        return memberPes[index];
    }

    /** @return the control block of member {@code index}, or null when it is on another node. */
    public MemorySegment memberBlock(final int index)
    {
        return memberBlocks[index];
    }

    /** @return what reaches the blocks of members on other nodes; null when the job has one node. */
    public RemoteControl remote()
    {
        return remote;
    }

    /**
     * @return the offset, in any member's block, of the reduction scratch entry member {@code index} writes
     *         for collective {@code seq} of this team.
     */
    public long reduceEntryOffset(final long seq, final int index)
    {
        return ControlBlock.reduceEntryOffset(maxTeams, worldSize, teamSlot, seq, index);
    }

    /** @return the bytes of one reduction scratch entry. */
    public long reduceEntryLength()
    {
        return ControlBlock.reduceEntryLength(worldSize);
    }

    /** @return this team's reduction buffers: only the thread in this team's collective may use them. */
    CollectiveBuffers buffers()
    {
        // made by the first reduction: a team that never reduces (most made by a split) never allocates them
        if (buffers == null)
        {
            buffers = new CollectiveBuffers();
        }
        return buffers;
    }

    /** @return the dissemination rounds: 0 for a team of one and for a counter barrier. */
    public int rounds()
    {
        return Math.max(0, rounds);
    }

    public int teamSlot()
    {
        return teamSlot;
    }

    /**
     * Makes this synchronisation, of a destroyed team, that of a new team of the same members in the same slot, as
     * new: sequence 0 (the destroy cleared the slot's flags and announcements on this PE, and every member's new
     * team starts there), owned by the calling thread as a new one is by its maker, no collective. Only for the PE's
     * owner of the slot, after the destroying thread's {@link #exit()}; what the old team made for its reductions
     * stays, fit for the same members.
     */
    public void reuse()
    {
        sequence = 0;
        reuseEntry();
    }

    public long sequence()
    {
        return sequence;
    }
}
