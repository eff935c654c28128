package io.ishmem.core.context;

import io.ishmem.Context;
import io.ishmem.Team;
import io.ishmem.core.atomic.AtomicOps;
import io.ishmem.core.collective.TeamName;
import io.ishmem.core.device.DeviceTransport;
import io.ishmem.core.rma.Ordering;
import io.ishmem.core.rma.Rma;
import io.ishmem.core.signal.Signals;
import io.ishmem.core.transport.Transport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * This PE's communication contexts: makes them (each with a {@link ContextDomain} of its own over the runtime's
 * RMA, signal and atomic code, or that code alone for the default context), keeps the contexts of every team for destroy and close, and owns the PE's
 * {@link ContextBudget}.
 */
public final class Contexts
{
    private static final Logger LOG = LoggerFactory.getLogger(Contexts.class);
    private static final String CLOSED = "ishmem is closed (called after close)";

    private final int myPe;
    private final Rma rma;
    private final Signals signals;
    private final AtomicOps atomics;
    private final Ordering ordering;
    private final Transport host;
    private final Supplier<DeviceTransport> device;
    private final ContextBudget budget;
    // the teams that hold contexts, guarded by the budget's monitor: a team joins with its first context, so a
    // split and a destroy of a team without any (most teams) take no lock for this list
    private final List<TeamContexts> teams = new ArrayList<>();
    private ContextImpl defaultContext;

    /**
     * @param rma         the RMA code, shared: a context routes its device segments to its own queue.
     * @param signals     the put-with-signal code, shared likewise.
     * @param atomics     the atomics, shared: every atomic completes on return, in any context.
     * @param ordering    the default context's ordering.
     * @param host        the host heap's transport, shared by every context.
     * @param device      the default context's device transport, asked for only once a device segment is used.
     * @param maxContexts {@code ISHMEM_MAX_CONTEXTS}.
     */
    public Contexts(final int myPe, final Rma rma, final Signals signals, final AtomicOps atomics,
        final Ordering ordering, final Transport host, final Supplier<DeviceTransport> device, final int maxContexts)
    {
        this.myPe = myPe;
        this.rma = rma;
        this.signals = signals;
        this.atomics = atomics;
        this.ordering = ordering;
        this.host = host;
        this.device = device;
        this.budget = new ContextBudget(maxContexts);
    }

    public ContextBudget budget()
    {
        return budget;
    }

    /**
     * The contexts of a new team, whose {@code reserved} contexts the caller has already taken from the budget
     * (they go back when the team is destroyed).
     *
     * @param start  the team's world triplet, which maps its PE numbers to world PEs.
     */
    public TeamContexts forTeam(final TeamName name, final int start, final int stride, final int size,
        final int reserved)
    {
        return new TeamContexts(budget, teams, name, start, stride, size, reserved);
    }

    /**
     * {@code shmem_team_create_ctx}, and {@code shmem_ctx_create} on the world team.
     *
     * @param call   the API call, for messages.
     * @param team   the team, as the context reports it.
     * @param ledger the team's contexts.
     * @throws IllegalArgumentException          if {@code options} has unknown bits.
     * @throws io.ishmem.ContextCreationException if no context is left for the team.
     */
    public Context create(final String call, final Team team, final TeamContexts ledger, final long options)
    {
        if ((options & ~Context.ALL_OPTIONS) != 0)
        {
            throw new IllegalArgumentException(call + ": options=0x" + Long.toHexString(options) +
                " has unknown bits (known: SERIALIZED=0x1, PRIVATE=0x2, NOSTORE=0x4)");
        }
        return ledger.open(call, myPe, () -> new ContextImpl(team, ledger, options, rma, signals, atomics, null,
            new ContextDomain(host, device)));
    }

    /**
     * {@code SHMEM_CTX_DEFAULT}: the runtime's own calls behind the {@link Context} interface, made once.
     *
     * @param world       the world team.
     * @param worldLedger the world team's contexts, whose PE numbering the default context shares.
     */
    public Context defaultContext(final Team world, final TeamContexts worldLedger)
    {
        synchronized (budget)
        {
            if (defaultContext == null)
            {
                defaultContext = new ContextImpl(world, worldLedger, 0, rma, signals, atomics, ordering, null);
            }
            return defaultContext;
        }
    }

    /**
     * Destroys a team's contexts with the team: each after its implicit quiet.
     *
     * @param why what later calls on the contexts are told; null: that they were destroyed with the team.
     */
    public void destroyTeam(final TeamContexts ledger, final String why)
    {
        ledger.destroyAll(why);
    }

    /**
     * The runtime's close: every context is quieted and destroyed, so its operations land before the closing
     * barrier and its device queue is freed before the device heap is.
     *
     * @throws RuntimeException the first failure of a quiet, once every context is destroyed anyway.
     */
    public void close()
    {
        final List<TeamContexts> all;
        final ContextImpl shown;
        synchronized (budget)
        {
            all = new ArrayList<>(teams);
            teams.clear();
            shown = defaultContext;
        }
        if (shown != null)
        {
            shown.retire(CLOSED);
        }
        RuntimeException failure = null;
        for (final TeamContexts ledger : all)
        {
            try
            {
                ledger.destroyAll(CLOSED);
            }
            catch (final RuntimeException ex)
            {
                failure = failure == null ? ex : failure;
            }
        }
        if (failure != null)
        {
            throw failure;
        }
    }

    /**
     * {@link #close()} on a runtime that is failing: nothing may stop the rest of the release.
     */
    public void release()
    {
        try
        {
            close();
        }
        catch (final RuntimeException ex)
        {
            // the job is failing already; what matters is that the device queues are freed
            LOG.warn("completing the contexts' operations at close: {}", ex.getMessage());
        }
    }
}
