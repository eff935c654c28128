package io.ishmem.core.wait;

import io.ishmem.IshmemConfigException;
import io.ishmem.IshmemException;

import java.util.concurrent.locks.LockSupport;

/**
 * Agrona's BackoffIdleStrategy phases, kept as a counter owned by the caller so a wait allocates
 * nothing: SPINNING ({@code Thread.onSpinWait}), YIELDING ({@code Thread.yield}), PARKING
 * ({@code parkNanos} doubling from min to max). Jobs run oversubscribed (8 PEs on 2 cores), so a
 * waiter must give its core to the PE that will release it. The peers' liveness is checked with
 * memory reads every {@value #SPIN_CHECK_MASK}+1 spins, and thoroughly (with system calls) on every
 * yield batch and every park.
 *
 * <p>Usage: {@code int idle = 0; while (!condition) { idle = strategy.idle(idle, liveness, call);
 * if (idle < 0) { recheck condition once; throw liveness.failure(call); } }}.
 */
public final class WaitStrategy
{
    public static final int SPIN_CHECK_MASK = 1023;
    /**
     * With a progress hook the spins stop every {@value}+1 to poll it, as a UCX word's own load does: a peer's
     * blocking call on this PE's memory (a put UCX carries by a software protocol, an emulated atomic) completes
     * only when this PE's worker is progressed, and a barrier's wait spun 1,024 times between polls, some 30 us on
     * this project's VM: an 8-byte broadcast over UCX at 2 PEs took 28-31 us, 1.1-3.2 us polled every 8 spins.
     */
    public static final int PROGRESS_SPIN_MASK = 7;
    private static final int YIELD_CHECK_MASK = 15;

    private final String alias;
    private final int spinLimit;
    private final long spins;
    private final long yields;
    private final long parkMinNs;
    private final long parkMaxNs;
    private final Progress progress;
    /** Where a collective's wait starts its idle count: past the spins when collectives spin less. */
    private final int collectiveFirstIdle;
    /** Spins between slow steps, less one: {@link #SPIN_CHECK_MASK}, or {@link #PROGRESS_SPIN_MASK} with progress. */
    private final int batchMask;

    /**
     * @param alias     "backoff", "spin" or "yield".
     * @param spins     spin iterations before yielding.
     * @param yields    yields before parking.
     * @param parkMinNs first park period.
     * @param parkMaxNs longest park period.
     */
    public WaitStrategy(final String alias, final long spins, final long yields, final long parkMinNs,
        final long parkMaxNs)
    {
        this(alias, spins, yields, parkMinNs, parkMaxNs, Progress.NONE, 0);
    }

    private WaitStrategy(final String alias, final long spins, final long yields, final long parkMinNs,
        final long parkMaxNs, final Progress progress, final int collectiveFirstIdle)
    {
        this.progress = progress;
        this.collectiveFirstIdle = collectiveFirstIdle;
        this.batchMask = progress == Progress.NONE ? SPIN_CHECK_MASK : PROGRESS_SPIN_MASK;
        this.alias = alias;
        this.spins = spins;
        this.spinLimit = (int)Math.min(spins, Integer.MAX_VALUE);
        this.yields = yields;
        this.parkMinNs = Math.max(1, parkMinNs);
        this.parkMaxNs = Math.max(this.parkMinNs, parkMaxNs);
    }

    /**
     * @param alias     one of backoff, spin, yield.
     * @param spins     spin iterations before yielding.
     * @param yields    yields before parking (backoff only).
     * @param parkMinNs first park period.
     * @param parkMaxNs longest park period.
     * @return the strategy.
     */
    public static WaitStrategy of(final String alias, final int spins, final int yields, final long parkMinNs,
        final long parkMaxNs)
    {
        return switch (alias)
        {
            case "backoff" -> new WaitStrategy(alias, spins, yields, parkMinNs, parkMaxNs);
            case "spin" -> new WaitStrategy(alias, Long.MAX_VALUE, 0, parkMinNs, parkMaxNs);
            case "yield" -> new WaitStrategy(alias, spins, Long.MAX_VALUE, parkMinNs, parkMaxNs);
            default -> throw new IshmemConfigException("ISHMEM_WAIT_STRATEGY=" + alias +
                " is not one of backoff, spin, yield");
        };
    }

    /**
     * @param progress what each slow idle step (past the inlined spins) polls: a transport that moves data
     *                 only when polled, such as UCX, keeps serving peers while this PE waits.
     * @return this strategy with that progress hook.
     */
    public WaitStrategy withProgress(final Progress progress)
    {
        return new WaitStrategy(alias, spins, yields, parkMinNs, parkMaxNs, progress, collectiveFirstIdle);
    }

    /**
     * @param collectiveSpins spins a collective's wait (barrier flags) makes before yielding, at most this
     *                        strategy's spins: on an oversubscribed host the PE a barrier waits for is most often
     *                        the one descheduled on this core, while a point-to-point partner often answers from
     *                        the other core within the spins.
     * @return this strategy, with collectives spinning that much.
     */
    public WaitStrategy withCollectiveSpins(final long collectiveSpins)
    {
        // a spin strategy (spins without end) spins in every wait
        final long skipped = spins == Long.MAX_VALUE ? 0 : Math.max(0, spins - Math.max(0, collectiveSpins));
        return new WaitStrategy(alias, spins, yields, parkMinNs, parkMaxNs, progress,
            (int)Math.min(skipped, spinLimit));
    }

    /**
     * @return the idle count a collective's wait starts from (0 unless collectives spin less than other waits).
     */
    public int collectiveFirstIdle()
    {
        return collectiveFirstIdle;
    }

    public String alias()
    {
        return alias;
    }

    /**
     * @param idleCount how often the caller has idled in this wait.
     * @return how many loads the caller may spin through (its transport's {@code spinWhileUnchanged}) before its
     *         next call of {@link #idle}, which then takes a slow step (progress poll, liveness check, yield or park);
     *         0 when the spin phase is over or a slow step is due now.
     */
    public int spinBatch(final int idleCount)
    {
        if (idleCount >= spinLimit)
        {
            return 0;
        }
        return Math.min(spinLimit - idleCount, batchMask - (idleCount & batchMask));
    }

    /**
     * @return how many loads a wait spins through where it was called, before it calls {@link WordWait#await}:
     *         the first batch, {@link #spinBatch} of 0 (0 for a strategy that does not spin).
     */
    public int callerSpins()
    {
        return spinBatch(0);
    }

    /**
     * Idles once.
     *
     * @param idleCount how often the caller has idled in this wait (0 at first).
     * @param liveness  the job's liveness.
     * @return the next idle count, or -1 when the job failed: the caller re-checks its condition once
     *         (the failed PE may have completed it before failing) and then throws {@code liveness.failure}.
     */
    public int idle(final int idleCount, final Liveness liveness)
    {
        // the spin step is kept tiny so the JIT inlines it into every wait loop: a call per spin would
        // add its cost to the wake-up latency of every ping-pong (measured: about 35 ns one way)
        if (idleCount < spinLimit && (idleCount & batchMask) != batchMask)
        {
            Thread.onSpinWait();
            return idleCount + 1;
        }
        return idleSlowly(idleCount, liveness);
    }

    private int idleSlowly(final int idleCount, final Liveness liveness)
    {
        // off the inlined spin step, so the shared-memory path keeps its latency; NONE is a no-op
        progress.progress();
        final long count = idleCount;
        if (count < spins)
        {
            Thread.onSpinWait();
            // a step due only to poll the progress hook reads no liveness: that reads every peer's block
            if ((idleCount & SPIN_CHECK_MASK) == SPIN_CHECK_MASK && !liveness.probe(false))
            {
                return -1;
            }
            return next(idleCount);
        }
        if (count - spins < yields)
        {
            Thread.yield();
            if ((idleCount & YIELD_CHECK_MASK) == YIELD_CHECK_MASK && !liveness.probe(true))
            {
                return -1;
            }
            return next(idleCount);
        }
        if (!liveness.probe(true))
        {
            return -1;
        }
        final long parks = count - spins - yields;
        final long period = parks >= 62 ? parkMaxNs : Math.min(parkMaxNs, parkMinNs << Math.min(parks, 40));
        LockSupport.parkNanos(period);
        if (Thread.interrupted())
        {
            Thread.currentThread().interrupt();
            throw new IshmemException("interrupted while waiting (" + alias + " wait)");
        }
        return next(idleCount);
    }

    private static int next(final int idleCount)
    {
        return idleCount == Integer.MAX_VALUE ? idleCount : idleCount + 1;
    }
}
