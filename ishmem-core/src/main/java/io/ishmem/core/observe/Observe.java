package io.ishmem.core.observe;

import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;

import java.util.concurrent.CompletableFuture;

/**
 * The hooks the library calls, one line at each call site. A hook that starts an event returns it, or null when
 * no recording wants it; the hook that ends it does nothing with null. With no recording running, a hook costs a
 * static load (is there a flight recorder in this JVM at all?) and, once there is one, the read of the event type's
 * enabled flag (from a probe instance made once), and allocates nothing.
 */
public final class Observe
{
    private static boolean periodicAdded;
    /** True during the warm-up at init: its twelve thousand barriers would bury the application's. */
    private static volatile boolean quiet;

    private Observe()
    {
    }

    /**
     * One probe instance per event type, whose {@code isEnabled()} reads the type's flag. Made only once a
     * flight recorder exists: loading an event class makes the JVM set up JFR's metadata (about 90 ms and a hundred
     * classes at every PE's start, measured), which a job that records nothing should not pay.
     */
    private static final class Probes
    {
        static final BarrierEvent BARRIER = new BarrierEvent();
        static final CollectiveEvent COLLECTIVE = new CollectiveEvent();
        static final WaitEvent WAIT = new WaitEvent();
        static final AllocationEvent ALLOCATION = new AllocationEvent();
        static final AtomicEvent ATOMIC = new AtomicEvent();
        static final TeamEvent TEAM = new TeamEvent();
        static final QueueEvent QUEUE = new QueueEvent();
        static final PeFailureEvent FAILURE = new PeFailureEvent();
        static final CloseEvent CLOSE = new CloseEvent();
        static final InitEvent INIT = new InitEvent();

        private Probes()
        {
        }
    }

    /** @return whether no flight recorder exists in this JVM, so no event can be wanted: a static load. */
    private static boolean off()
    {
        return !FlightRecorder.isInitialized();
    }

    /** @return whether no event of any kind can be recorded, since no flight recorder exists: a static load. */
    public static boolean nothingRecorded()
    {
        return off();
    }

    /**
     * Runs {@code action} once a flight recorder exists in this JVM, at once and on this thread if one does already:
     * for a path that asks {@link #nothingRecorded} once, ahead of its calls, rather than on each of them. Costs some
     * 2 ms and eight classes of JFR's at the first call, not its metadata.
     *
     * @return stops the watch; the action runs at most once either way.
     */
    public static Runnable whenRecorderStarts(final Runnable action)
    {
        final FlightRecorderListener listener = new FlightRecorderListener()
        {
            @Override
            public void recorderInitialized(final FlightRecorder recorder)
            {
                action.run();
            }
        };
        FlightRecorder.addListener(listener);
        return () -> FlightRecorder.removeListener(listener);
    }

    // ---------------------------------------------------------------- lifetime

    /** @return an init event begun now, or null. */
    public static InitEvent initBegin()
    {
        if (off() || !Probes.INIT.isEnabled())
        {
            return null;
        }
        final InitEvent event = new InitEvent();
        event.begin();
        return event;
    }

    /** Silences the events of the calls this thread makes at init to warm the JIT up. */
    public static void warmingUp(final boolean on)
    {
        quiet = on;
    }

    /**
     * At the end of init: the counters start from zero, the periodic traffic event is added (once per JVM), and the
     * init event, if any, is committed.
     */
    public static synchronized void started(final InitEvent event, final int pe, final int nPes, final String jobId,
        final long heapSize, final String transport, final String heapSharing, final String waitStrategy,
        final String settings)
    {
        if (Traffic.ENABLED)
        {
            Traffic.start(pe, nPes);
            if (!periodicAdded)
            {
                FlightRecorder.addPeriodicEvent(TrafficEvent.class, Traffic::emit);
                periodicAdded = true;
            }
        }
        if (event != null)
        {
            event.pe = pe;
            event.nPes = nPes;
            event.jobId = jobId;
            event.heapSize = heapSize;
            event.transport = transport;
            event.heapSharing = heapSharing;
            event.waitStrategy = waitStrategy;
            event.profiling = Traffic.ENABLED;
            event.settings = settings;
            event.commit();
        }
    }

    /** @return a close event begun now, or null. */
    public static CloseEvent closeBegin()
    {
        if (off() || !Probes.CLOSE.isEnabled())
        {
            return null;
        }
        final CloseEvent event = new CloseEvent();
        event.begin();
        return event;
    }

    /** At close, after the closing barrier: the final traffic totals, and the close event. */
    public static void closed(final CloseEvent event, final int pe, final int liveAllocations, final long heapUsed)
    {
        if (Traffic.ENABLED)
        {
            Traffic.emit();
        }
        if (event != null)
        {
            event.pe = pe;
            event.liveAllocations = liveAllocations;
            event.heapUsed = heapUsed;
            event.commit();
        }
    }

    // ---------------------------------------------------------------- barriers and collectives

    /** @return whether a barrier now would begin an event (a recording wants barrier events). */
    public static boolean barrierRecorded()
    {
        return !off() && Probes.BARRIER.isEnabled() && !quiet;
    }

    /** @return a barrier event begun now, or null. */
    public static BarrierEvent barrierBegin()
    {
        if (!barrierRecorded())
        {
            return null;
        }
        final BarrierEvent event = new BarrierEvent();
        event.begin();
        return event;
    }

    public static void barrierEnd(final BarrierEvent event, final String call, final String team, final long sequence,
        final int lastPe, final long lastArrivalLagNs)
    {
        event.end();
        if (event.shouldCommit())
        {
            event.call = call;
            event.team = team;
            event.sequence = sequence;
            event.lastPe = lastPe;
            event.lastArrivalLag = Math.max(0, lastArrivalLagNs);
            event.commit();
        }
    }

    /** @return a collective event begun now, or null. */
    public static CollectiveEvent collectiveBegin()
    {
        if (off() || !Probes.COLLECTIVE.isEnabled() || quiet)
        {
            return null;
        }
        final CollectiveEvent event = new CollectiveEvent();
        event.begin();
        return event;
    }

    public static void collectiveEnd(final CollectiveEvent event, final String call, final String team,
        final int teamSize)
    {
        if (event == null)
        {
            return;
        }
        event.end();
        if (event.shouldCommit())
        {
            event.call = call;
            event.team = team;
            event.teamSize = teamSize;
            event.commit();
        }
    }

    // ---------------------------------------------------------------- waits

    /**
     * @return a wait event begun now, or null; call it once the condition has been seen not to hold. Small enough
     *         to be inlined into every wait: with no flight recorder, C2 drops the call behind it, so no call
     *         sits before the spin to spill the spin's operands to the stack (on its own this moved no latency
     *         that the VM's noise let us see; the spin loop itself is what did, see {@code SpinLoads}).
     */
    public static WaitEvent waitBegin()
    {
        return off() ? null : waitBeginRecorded();
    }

    private static WaitEvent waitBeginRecorded()
    {
        if (!Probes.WAIT.isEnabled() || quiet)
        {
            return null;
        }
        final WaitEvent event = new WaitEvent();
        event.begin();
        return event;
    }

    public static void waitEnd(final WaitEvent event, final String call, final long heapOffset, final int nelems,
        final Object cmp, final long value, final boolean unsigned)
    {
        if (event == null)
        {
            return;
        }
        event.end();
        if (event.shouldCommit())
        {
            event.call = call;
            event.heapOffset = heapOffset;
            event.nelems = nelems;
            event.condition = cmp + " " + (unsigned ? Long.toUnsignedString(value) : Long.toString(value));
            event.commit();
        }
    }

    // ---------------------------------------------------------------- allocation

    /** @return an allocation event begun now, or null. */
    public static AllocationEvent allocationBegin()
    {
        if (off() || !Probes.ALLOCATION.isEnabled() || quiet)
        {
            return null;
        }
        final AllocationEvent event = new AllocationEvent();
        event.begin();
        return event;
    }

    public static void allocationEnd(final AllocationEvent event, final String call, final long bytes,
        final long heapOffset, final long heapUsed, final long heapSize, final boolean device)
    {
        if (event == null)
        {
            return;
        }
        event.end();
        if (event.shouldCommit())
        {
            event.call = call;
            event.bytes = bytes;
            event.heapOffset = heapOffset;
            event.heapUsed = heapUsed;
            event.heapSize = heapSize;
            event.device = device;
            event.commit();
        }
    }

    // ---------------------------------------------------------------- atomics

    /** @return an atomic event begun now, or null. */
    public static AtomicEvent atomicBegin()
    {
        if (off() || !Probes.ATOMIC.isEnabled() || quiet)
        {
            return null;
        }
        final AtomicEvent event = new AtomicEvent();
        event.begin();
        return event;
    }

    public static void atomicEnd(final AtomicEvent event, final Object op, final int targetPe, final long heapOffset,
        final int bytes)
    {
        event.end();
        if (event.shouldCommit())
        {
            event.op = String.valueOf(op);
            event.targetPe = targetPe;
            event.heapOffset = heapOffset;
            event.bytes = bytes;
            event.commit();
        }
    }

    // ---------------------------------------------------------------- teams

    /** @return a team event begun now, or null. */
    public static TeamEvent teamBegin()
    {
        if (off() || !Probes.TEAM.isEnabled())
        {
            return null;
        }
        final TeamEvent event = new TeamEvent();
        event.begin();
        return event;
    }

    /**
     * Commits a team event, if any, and returns {@code result}, so a split can return through it.
     *
     * @param team the team, whose {@code toString} is its name: worded only for an event that is committed.
     */
    public static <T> T teamEnd(final TeamEvent event, final String action, final Object team, final T result)
    {
        if (event != null)
        {
            event.end();
            if (event.shouldCommit())
            {
                event.action = action;
                event.team = String.valueOf(team);
                event.result = String.valueOf(result);
                event.commit();
            }
        }
        return result;
    }

    // ---------------------------------------------------------------- the queue and failures

    /** Records an on-queue operation from now, when it is queued, until its future completes. */
    public static void queued(final String call, final CompletableFuture<?> result)
    {
        if (off() || !Probes.QUEUE.isEnabled())
        {
            return;
        }
        final QueueEvent event = new QueueEvent();
        event.begin();
        result.whenComplete((ignored, failure) ->
        {
            event.end();
            if (event.shouldCommit())
            {
                event.call = call;
                event.failed = failure != null;
                event.commit();
            }
        });
    }

    /** This PE has detected that PE {@code pe} failed (-1: the job, with no PE to name). */
    public static void peFailure(final int pe, final String message)
    {
        if (!off() && Probes.FAILURE.isEnabled())
        {
            final PeFailureEvent event = new PeFailureEvent();
            event.failedPe = pe;
            event.message = message;
            event.commit();
        }
    }
}
