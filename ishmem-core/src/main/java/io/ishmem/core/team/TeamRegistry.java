package io.ishmem.core.team;

import io.ishmem.Context;
import io.ishmem.Split2D;
import io.ishmem.Team;
import io.ishmem.TeamConfig;
import io.ishmem.TeamSplitException;
import io.ishmem.core.collective.CollectiveOp;
import io.ishmem.core.collective.TeamName;
import io.ishmem.core.collective.TeamSync;
import io.ishmem.core.context.ContextBudget;
import io.ishmem.core.context.Contexts;
import io.ishmem.core.heap.ControlBlock;
import io.ishmem.core.transport.RemoteControl;
import io.ishmem.core.wait.Liveness;
import io.ishmem.core.wait.WaitStrategy;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.BooleanSupplier;

/**
 * This PE's teams: the predefined ones, and the split and destroy protocols. A split runs over the
 * parent's barrier: every PE announces the call and its arguments (so a PE in another collective, or
 * with other arguments, is caught), and the barrier folds whether every PE's arguments are valid and which team
 * slots are free on all, so every PE reaches the same verdict and choice ({@link SlotAgreement}, which also claims
 * in rounds when a split of another team in another thread may take a slot in between).
 * The contexts a new team's config asks for are reserved on each member before its verdict is folded, so a
 * member that cannot reserve them fails the split on every PE alike, and none can lose them to another thread
 * between the verdict and the team.
 */
public final class TeamRegistry
{
    /** Slot of the world team; its barrier is the runtime's. */
    public static final int WORLD_SLOT = 0;
    /** Slot of the shared (and node) team. */
    public static final int SHARED_SLOT = 1;

    private final int myPe;
    private final MemorySegment[] blocks;
    private final MemorySegment myBlock;
    private final int maxTeams;
    private final WaitStrategy waitStrategy;
    private final Liveness liveness;
    private final BooleanSupplier closed;
    private final Contexts contexts;
    /** The blocks of PEs on other nodes; null when the job has one node. */
    private final RemoteControl remote;
    private final TeamSlots slots;
    private final SlotAgreement agreement;
    private final TeamImpl world;
    private final TeamImpl shared;
    /**
     * The last destroyed team's synchronisation, for a new team of the same members in the same slot: making one is
     * some 20 ns of a split's 130 ns of own work, and a job that splits and destroys the same team in a loop makes
     * the same one each time. Only the PE's owner of its slot takes it, and no live team can own that
     * slot, so it is never shared; read and written with acquire and release, without a lock.
     */
    @SuppressWarnings("unused") // through RETIRED
    private TeamSync retired;

    private static final VarHandle RETIRED;

    static
    {
        try
        {
            RETIRED = MethodHandles.lookup().findVarHandle(TeamRegistry.class, "retired", TeamSync.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /**
     * @param myPe         this PE's world number.
     * @param nPes         the world size.
     * @param blocks       every PE's control block; null for a PE on another node.
     * @param maxTeams     team slots per control block ({@code ISHMEM_MAX_TEAMS}).
     * @param worldSync    the runtime's world barrier (slot {@link #WORLD_SLOT}).
     * @param waitStrategy how barriers idle.
     * @param liveness     the job's liveness.
     * @param closed       whether the runtime was closed.
     * @param contexts     this PE's communication contexts, which each team reserves from.
     * @param node         the PEs of this PE's node, as a triplet: the SHARED team.
     * @param remote       reaches the blocks of PEs on other nodes; null when the job has one node.
     */
    public TeamRegistry(final int myPe, final int nPes, final MemorySegment[] blocks, final int maxTeams,
        final TeamSync worldSync, final WaitStrategy waitStrategy, final Liveness liveness,
        final BooleanSupplier closed, final Contexts contexts, final Triplet node, final RemoteControl remote)
    {
        this.myPe = myPe;
        this.blocks = blocks;
        this.myBlock = blocks[myPe];
        this.maxTeams = maxTeams;
        this.waitStrategy = waitStrategy;
        this.liveness = liveness;
        this.closed = closed;
        this.contexts = contexts;
        this.remote = remote;
        this.slots = new TeamSlots(maxTeams);
        this.agreement = new SlotAgreement(myPe, blocks, maxTeams, slots, remote);
        final Triplet all = new Triplet(0, 1, nPes);
        slots.claim(WORLD_SLOT);
        slots.claim(SHARED_SLOT);
        final TeamName worldName = TeamName.of("WORLD");
        this.world = new TeamImpl(this, worldName, all, WORLD_SLOT, myPe, TeamConfig.DEFAULT, true, worldSync,
            contexts.forTeam(worldName, 0, 1, nPes, 0));
        final int nodeIndex = node.indexOf(myPe);
        final TeamName sharedName = TeamName.of("SHARED");
        this.shared = new TeamImpl(this, sharedName, node, SHARED_SLOT, nodeIndex, TeamConfig.DEFAULT, true,
            new TeamSync(sharedName, SHARED_SLOT, node.members(), nodeIndex, blocks, maxTeams, waitStrategy, liveness,
                null),
            contexts.forTeam(sharedName, node.start(), node.stride(), node.size(), 0));
    }

    public Team world()
    {
        return world;
    }

    public Team shared()
    {
        return shared;
    }

    void checkOpen(final String call)
    {
        if (closed.getAsBoolean())
        {
            throw new IllegalStateException(call + ": ishmem is closed (called after close)");
        }
    }

    // ---------------------------------------------------------------- contexts

    /**
     * {@code shmem_team_create_ctx}, and {@code shmem_ctx_create} on the world team: a context of {@code team}.
     */
    public Context createContext(final String call, final Team team, final long options)
    {
        final TeamImpl impl = own(call, "team", team);
        impl.checkUsable(call);
        return contexts.create(call, impl, impl.contexts, options);
    }

    /**
     * @return {@code SHMEM_CTX_DEFAULT}, of the world team.
     */
    public Context defaultContext()
    {
        return contexts.defaultContext(world, world.contexts);
    }

    TeamImpl own(final String call, final String what, final Team team)
    {
        if (team instanceof TeamImpl impl && impl.registry == this)
        {
            return impl;
        }
        throw new IllegalArgumentException(call + ": " + what + "=" + team + " is not a team of this runtime");
    }

    /**
     * Starts a collective of the caller's on {@code team}: checks that it is a usable team of this runtime
     * of which this PE is a member, and claims its one-collective-at-a-time rule. The caller ends it with
     * {@link TeamSync#exit()}.
     *
     * @return the team's synchronisation, through which the collective runs.
     */
    public TeamSync enterCollective(final String call, final Team team)
    {
        final TeamSync sync = usableSync(call, team);
        sync.enter(call);
        return sync;
    }

    /**
     * {@link #enterCollective}'s checks without the entry, for a barrier that may run without one
     * ({@link TeamSync#unmarked}).
     */
    public TeamSync usableSync(final String call, final Team team)
    {
        if (team == null)
        {
            throw new NullPointerException(call + ": team is null");
        }
        if (team == Team.INVALID)
        {
            throw new IllegalArgumentException(call + ": team is Team.INVALID (this PE is not a member of the team " +
                "a split returned it for)");
        }
        final TeamImpl impl = own(call, "team", team);
        impl.checkUsable(call);
        return impl.sync;
    }

    // ---------------------------------------------------------------- splits

    Team splitStrided(final TeamImpl parent, final int start, final int stride, final int size,
        final TeamConfig config, final long configMask)
    {
        final String bad = Triplet.checkSplit(parent.triplet.size(), start, stride, size);
        SplitVerdict verdict = bad == null ? SplitVerdict.VALID :
            SplitVerdict.failed(TeamSplitException.INVALID_TRIPLET);
        TeamConfig resolved = null;
        try
        {
            resolved = TeamConfig.resolve(config, configMask);
        }
        catch (final IllegalArgumentException ex)
        {
            verdict = verdict.orInvalidConfig(SplitVerdict.STRIDED, config, configMask);
        }
        // a PE outside the new team (half the PEs of a split in two) makes no triplet for it
        final int index = bad == null ? parent.triplet.indexInSplit(start, stride, size, myPe) : -1;
        final Triplet child = index >= 0 ? parent.triplet.split(start, stride, size) : null;
        final long asked = verdict.code() == 0 && index >= 0 ? resolved.numContexts() : 0;
        final ContextBudget budget = contexts.budget();
        final boolean reserved = budget.tryTake(asked);
        if (!reserved)
        {
            verdict = verdict.orNoContexts(SplitVerdict.STRIDED, asked, budget.free(), budget.limit());
        }
        final TeamProspect prospect = index >= 0 && verdict.code() == 0 ?
            new TeamProspect(this, child, index, resolved) : null;
        boolean handedOver = false;
        try
        {
            final int[] chosen = agreement.agreeOnSlots(parent, CollectiveOp.TEAM_SPLIT_STRIDED,
                (long)start << 32 | (stride & 0xFFFF_FFFFL), size, verdict, index >= 0, 1, bad,
                args -> "(start=" + (int)(args[0] >> 32) + ", stride=" + (int)args[0] + ", size=" + args[1] + ")",
                prospect);
            handedOver = true;
            return index < 0 ? Team.INVALID : prospect.teamFor(chosen[0]);
        }
        finally
        {
            if (!handedOver)
            {
                // the split failed: the new team's reservation goes back, and a team made early with it
                if (reserved)
                {
                    budget.giveBack((int)asked);
                }
                if (prospect != null)
                {
                    prospect.giveUp();
                }
            }
        }
    }

    Split2D split2d(final TeamImpl parent, final int xrange, final TeamConfig xConfig, final long xMask,
        final TeamConfig yConfig, final long yMask)
    {
        final int n = parent.triplet.size();
        SplitVerdict verdict = xrange < 1 ? SplitVerdict.failed(TeamSplitException.INVALID_XRANGE) :
            SplitVerdict.VALID;
        TeamConfig xResolved = null;
        TeamConfig yResolved = null;
        try
        {
            xResolved = TeamConfig.resolve(xConfig, xMask);
            yResolved = TeamConfig.resolve(yConfig, yMask);
        }
        catch (final IllegalArgumentException ex)
        {
            verdict = xResolved == null ? verdict.orInvalidConfig(SplitVerdict.X_AXIS, xConfig, xMask) :
                verdict.orInvalidConfig(SplitVerdict.Y_AXIS, yConfig, yMask);
        }
        // every PE joins a row and a column, and reserves for both
        final long xAsked = verdict.code() == 0 ? xResolved.numContexts() : 0;
        final long yAsked = verdict.code() == 0 ? yResolved.numContexts() : 0;
        final ContextBudget budget = contexts.budget();
        final boolean reserved = budget.tryTake(xAsked + yAsked);
        if (!reserved)
        {
            verdict = verdict.orNoContexts(yAsked == 0 ? SplitVerdict.X_AXIS : xAsked == 0 ? SplitVerdict.Y_AXIS :
                SplitVerdict.BOTH_AXES, xAsked + yAsked, budget.free(), budget.limit());
        }
        boolean handedOver = false;
        try
        {
            final int[] chosen = agreement.agreeOnSlots(parent, CollectiveOp.TEAM_SPLIT_2D, xrange, 0, verdict,
                true, 2, xrange < 1 ? "xrange=" + xrange + " is not positive" : null,
                args -> "(xrange=" + args[0] + ")", null);
            final int columns = Math.min(xrange, n);
            final int p = parent.myIndex;
            final int x = p % columns;
            final int y = p / columns;
            handedOver = true;
            final Team row = newTeam(parent.triplet.row(columns, y), chosen[0], x, xResolved);
            final Team column = newTeam(parent.triplet.column(columns, x), chosen[1], y, yResolved);
            return new Split2D(row, column);
        }
        finally
        {
            if (reserved && !handedOver)
            {
                budget.giveBack((int)(xAsked + yAsked));
            }
        }
    }

    TeamImpl newTeam(final Triplet triplet, final int slot, final int index, final TeamConfig config)
    {
        final TeamName name = new SplitTeamName(slot, triplet);
        final TeamSync sync = syncFor(name, slot, triplet, index);
        // the config's contexts were reserved before the split's verdict; the team gives them back when destroyed
        return new TeamImpl(this, name, triplet, slot, index, config, false, sync,
            contexts.forTeam(name, triplet.start(), triplet.stride(), triplet.size(), config.numContexts()));
    }

    /** @return the retired synchronisation if it served the same members in this slot, else a new one. */
    private TeamSync syncFor(final TeamName name, final int slot, final Triplet triplet, final int index)
    {
        final TeamSync last = (TeamSync)RETIRED.getAcquire(this);
        if (last != null && last.teamSlot() == slot && last.myIndex() == index && last.idle() &&
            sameMembers(last, triplet))
        {
            RETIRED.setRelease(this, null);
            last.reuse();
            return last;
        }
        return new TeamSync(name, slot, triplet.members(), index, blocks, maxTeams, waitStrategy, liveness, remote);
    }

    private static boolean sameMembers(final TeamSync sync, final Triplet triplet)
    {
        if (sync.size() != triplet.size())
        {
            return false;
        }
        for (int i = 0; i < triplet.size(); i++)
        {
            if (sync.memberPe(i) != triplet.worldPe(i))
            {
                return false;
            }
        }
        return true;
    }

    /**
     * Keeps a destroyed team's synchronisation for the next team of its members in its slot; called after the
     * destroying thread left it ({@link TeamSync#exit()}), so nothing of the old team's runs in it any more, or for a
     * team a split made early and gave up ({@link TeamProspect}), in which nothing ever ran.
     */
    void retire(final TeamImpl destroyed)
    {
        RETIRED.setRelease(this, destroyed.sync);
    }

    // ---------------------------------------------------------------- destroy

    void destroy(final TeamImpl team)
    {
        // the team's contexts go with it, each after an implicit quiet, so their operations land before the barrier
        contexts.destroyTeam(team.contexts, null);
        // every store this PE made is visible before the team is gone
        VarHandle.fullFence();
        team.sync.sync(CollectiveOp.TEAM_DESTROY, "team.destroy");
        team.markDestroyed();
        // no member writes this PE's flags of the slot any more: each flag of the last barrier was awaited
        ControlBlock.clearSlot(myBlock, maxTeams, team.slot);
        slots.release(team.slot);
    }

    /**
     * @return team slots in use on this PE, WORLD and SHARED included.
     */
    public int slotsInUse()
    {
        return slots.usedCount();
    }
}
