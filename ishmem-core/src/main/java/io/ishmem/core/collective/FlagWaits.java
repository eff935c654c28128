package io.ishmem.core.collective;

import io.ishmem.core.heap.AddressSpace;
import io.ishmem.core.heap.SpinLoads;
import io.ishmem.core.wait.Liveness;
import io.ishmem.core.wait.WaitStrategy;

import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The waits of a team's barrier rounds: each on this PE's own flag word of the round, until it carries the
 * collective's sequence, with the job's wait strategy, noticing a failed member.
 */
final class FlagWaits
{
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    /** The most spins a barrier round makes at its call site before it calls {@link #await}. */
    private static final int MAX_INLINE_SPINS = 64;

    private final TeamName teamName;
    /** This PE's flag line of each round, in {@link AddressSpace#ALL}. */
    private final long[] myFlagAddresses;
    /** Names whom a round waits for, for a failure's message. */
    private final Awaited awaited;
    private final WaitStrategy waitStrategy;
    /**
     * Spins of a round ({@link #arrival}) before its call of {@link #await}: the first of the strategy's batch for a
     * collective, so none in an oversubscribed job, whose collectives yield at once.
     */
    private final int inlineSpins;
    private final Liveness liveness;

    FlagWaits(final TeamName teamName, final long[] myFlagAddresses, final Awaited awaited,
        final WaitStrategy waitStrategy, final Liveness liveness)
    {
        this.teamName = teamName;
        this.myFlagAddresses = myFlagAddresses;
        this.awaited = awaited;
        this.waitStrategy = waitStrategy;
        this.inlineSpins = Math.min(MAX_INLINE_SPINS, waitStrategy.spinBatch(waitStrategy.collectiveFirstIdle()));
        this.liveness = liveness;
    }

    /**
     * @return round r's flag once it carries collective {@code seq}: a first load, the first spins (small enough
     *         to be inlined with this method, so a flag that comes within them reaches the next store through no
     *         call: the call's spills and reloads and await's set-up sat between the partner's flag and this PE's
     *         next one), then the out-of-line wait with the strategy's slow steps. Whether C2 inlines SpinLoads here
     *         depends on the order of compilation: compiled on its own first (700-800 bytes of code, over the
     *         InlineSmallCode / 4 that C2 inlines of an already compiled method), it is called.
     */
    long arrival(final int r, final long parity, final long seq, final String call)
    {
        final long address = myFlagAddresses[r] + parity;
        long seen = (long)LONG.getAcquire(AddressSpace.ALL, address);
        if ((seen >>> 16) < seq && inlineSpins > 0)
        {
            seen = SpinLoads.longWhileUnchanged(address, seen, inlineSpins);
        }
        if ((seen >>> 16) < seq)
        {
            seen = await(r, parity, seq, call, inlineSpins);
        }
        return seen;
    }

    /** @param spun spins already made at the call site, counted as idling. */
    private long await(final int round, final long parity, final long seq, final String call, final int spun)
    {
        final long address = myFlagAddresses[round] + parity;
        long seen = (long)LONG.getAcquire(AddressSpace.ALL, address);
        int idle = waitStrategy.collectiveFirstIdle() + spun;
        while (true)
        {
            if ((seen >>> 16) >= seq)
            {
                return seen;
            }
            final int spins = waitStrategy.spinBatch(idle);
            if (spins > 0)
            {
                // the tight spin of every wait (SpinLoads); a flag that moves without reaching seq counts one spin
                final long before = seen;
                seen = SpinLoads.longWhileUnchanged(address, before, spins);
                idle += seen == before ? spins : 1;
                continue;
            }
            idle = waitStrategy.idle(idle, liveness);
            seen = (long)LONG.getAcquire(AddressSpace.ALL, address);
            if (idle < 0 && (seen >>> 16) < seq)
            {
                throw liveness.failure(call + " (team " + teamName + ", waiting for " +
                    awaited.whom(round, parity, seq) + ")");
            }
        }
    }

    /** Whom a round's wait is for: its source's PE, or the members a counter barrier still lacks. */
    @FunctionalInterface
    interface Awaited
    {
        /** @return for example "PE 3". */
        String whom(int round, long parity, long seq);
    }
}
