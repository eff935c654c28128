package io.ishmem.bench.tails;

import io.ishmem.Cmp;
import io.ishmem.Ishmem;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import io.ishmem.bench.PeArgs;
import io.ishmem.bench.WarmupClock;
import io.ishmem.bench.YoungGeneration;
import org.HdrHistogram.Histogram;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The program every PE of a tails job runs: {@code TailPe ROUNDS SCALE}. In each round it times every call
 * of each {@link TailOp} on its own, with {@link System#nanoTime()} around the call, into a histogram made
 * before the first round, and prints one {@link TailOutput} line per op with its own distribution; every PE
 * prints, since a collective runs at the pace of its slowest PE. The ping-pongs pair PE 0 with 1, 2 with 3
 * and so on (the last PE of an odd count idles): the even PE times each round trip from its send to the
 * reply; the odd one the time from its reply to the next request, the same loop seen from the other side.
 * Before round 0 every op runs in unreported batches of a round's calls, at least {@value #WARMUP_ROUNDS} of them
 * and for at least {@value #WARMUP_NS} ns, and round 0 is left out of the targets too. SCALE multiplies the calls
 * per round (1 for a real run) and shortens the warm-up with them.
 */
public final class TailPe
{
    /** Calls slower than this are recorded as this: the launcher's job timeout ends a job long before. */
    private static final long HIGHEST_TRACKABLE_NS = TimeUnit.SECONDS.toNanos(60);
    private static final int SIGNIFICANT_DIGITS = 3;
    /** The two ping-pongs' words sit on cache lines of their own, each written only by the partner. */
    private static final long PUT_SIGNAL_INDEX = 0;
    private static final long P_WAIT_INDEX = 8;
    private static final long PAYLOAD_BYTES = 8;
    /**
     * At 2 PEs a round's calls take about 10 ms, far less than C2 needs to compile them on the two cores the PEs
     * keep busy: the rounds after a warm-up of one round's count were timed while the compiler still took a core
     * away from one PE or the other, so the JIT's warm-up lasts a time, as the suite's and the coll phase's do.
     */
    private static final long WARMUP_NS = 2_000_000_000L;
    /**
     * A split is called 1,000 times a round, and C2 takes a method after some 5,000-15,000 calls and loop turns
     * (Tier4 thresholds): at 8 PEs, where 2 s are two rounds, -XX:+PrintCompilation showed the split's and the
     * barrier's code still being compiled by C2 in the rounds that were timed.
     */
    private static final int WARMUP_ROUNDS = 20;
    /** The round number of the warm-up's batches, which are not reported. */
    private static final int WARMING = -1;

    private final Ishmem shmem;
    private final int me;
    private final int partner;
    private final boolean requester;
    private final double scale;
    // made once: recording into it allocates nothing, so no call is timed across a GC of the bench's own
    private final Histogram histogram = new Histogram(HIGHEST_TRACKABLE_NS, SIGNIFICANT_DIGITS);
    private long sequence;

    private TailPe(final Ishmem shmem, final double scale)
    {
        this.shmem = shmem;
        this.me = shmem.myPe();
        final int pairPartner = me ^ 1;
        this.partner = pairPartner < shmem.nPes() ? pairPartner : -1;
        this.requester = (me & 1) == 0;
        this.scale = scale;
    }

    public static void main(final String[] args)
    {
        final PeArgs parsed = PeArgs.parse("TailPe ROUNDS SCALE", args);
        try (Ishmem shmem = Ishmem.init(); Arena arena = Arena.ofConfined())
        {
            YoungGeneration.touchOnce();
            new TailPe(shmem, parsed.scale()).run(parsed.rounds(), arena.allocate(PAYLOAD_BYTES, 8));
        }
    }

    private void run(final int rounds, final MemorySegment src)
    {
        final SymmetricSegment words = shmem.calloc(16, ValueLayout.JAVA_LONG);
        final SymmetricSegment payload = shmem.malloc(PAYLOAD_BYTES);
        final SymmetricSegment verdict = shmem.calloc(1, ValueLayout.JAVA_LONG);
        // every op in each batch, in the rounds' order, so each is compiled with the others' profiles as a round sees it
        final WarmupClock clock = new WarmupClock(shmem, verdict, warmupNs(scale), warmupRounds(scale));
        do
        {
            round(WARMING, words, payload, src);
        }
        while (clock.goOn());
        for (int round = 0; round < rounds; round++)
        {
            round(round, words, payload, src);
        }
        shmem.barrierAll();
        shmem.free(verdict);
        shmem.free(payload);
        shmem.free(words);
    }

    /** @return the least time of the warm-up at this SCALE: a smoke run's scale shortens it. */
    static long warmupNs(final double scale)
    {
        return (long)(WARMUP_NS * Math.min(1.0, scale));
    }

    /** @return the least count of the warm-up's rounds at this SCALE. */
    static long warmupRounds(final double scale)
    {
        return (long)Math.ceil(WARMUP_ROUNDS * Math.min(1.0, scale));
    }

    private void round(final int round, final SymmetricSegment words, final SymmetricSegment payload,
        final MemorySegment src)
    {
        barriers(round, TailOp.BARRIER.calls(scale));
        mallocFrees(round, TailOp.MALLOC_FREE.calls(scale));
        teamSplitDestroys(round, TailOp.TEAM_SPLIT_DESTROY.calls(scale));
        putSignalRoundTrips(round, TailOp.PUT_SIGNAL_RTT.calls(scale), words, payload, src);
        pWaitRoundTrips(round, TailOp.P_WAIT_RTT.calls(scale), words);
    }

    private void barriers(final int round, final int calls)
    {
        start();
        for (int i = 0; i < calls; i++)
        {
            final long startNs = System.nanoTime();
            shmem.barrierAll();
            record(System.nanoTime() - startNs);
        }
        report(TailOp.BARRIER, round);
    }

    private void mallocFrees(final int round, final int calls)
    {
        start();
        for (int i = 0; i < calls; i++)
        {
            final long startNs = System.nanoTime();
            shmem.free(shmem.malloc(64));
            record(System.nanoTime() - startNs);
        }
        report(TailOp.MALLOC_FREE, round);
    }

    private void teamSplitDestroys(final int round, final int calls)
    {
        final Team world = shmem.teamWorld();
        final int nPes = shmem.nPes();
        start();
        for (int i = 0; i < calls; i++)
        {
            final long startNs = System.nanoTime();
            world.splitStrided(0, 1, nPes).destroy();
            record(System.nanoTime() - startNs);
        }
        report(TailOp.TEAM_SPLIT_DESTROY, round);
    }

    private void putSignalRoundTrips(final int round, final int calls, final SymmetricSegment words,
        final SymmetricSegment payload, final MemorySegment src)
    {
        start();
        if (partner >= 0)
        {
            long replyNs = 0;
            for (int i = 0; i < calls; i++)
            {
                final long seq = ++sequence;
                src.set(ValueLayout.JAVA_LONG, 0, seq);
                if (requester)
                {
                    final long startNs = System.nanoTime();
                    shmem.putSignal(payload, 0, src, 0, PAYLOAD_BYTES, words, PUT_SIGNAL_INDEX, seq, SignalOp.SET,
                        partner);
                    shmem.signalWaitUntil(words, PUT_SIGNAL_INDEX, Cmp.GE, seq);
                    record(System.nanoTime() - startNs);
                }
                else
                {
                    shmem.signalWaitUntil(words, PUT_SIGNAL_INDEX, Cmp.GE, seq);
                    if (i > 0)
                    {
                        record(System.nanoTime() - replyNs);
                    }
                    replyNs = System.nanoTime();
                    shmem.putSignal(payload, 0, src, 0, PAYLOAD_BYTES, words, PUT_SIGNAL_INDEX, seq, SignalOp.SET,
                        partner);
                }
            }
        }
        report(TailOp.PUT_SIGNAL_RTT, round);
    }

    private void pWaitRoundTrips(final int round, final int calls, final SymmetricSegment words)
    {
        start();
        if (partner >= 0)
        {
            long replyNs = 0;
            for (int i = 0; i < calls; i++)
            {
                final long seq = ++sequence;
                if (requester)
                {
                    final long startNs = System.nanoTime();
                    shmem.pLong(words, P_WAIT_INDEX, seq, partner);
                    shmem.waitUntilLong(words, P_WAIT_INDEX, Cmp.GE, seq);
                    record(System.nanoTime() - startNs);
                }
                else
                {
                    shmem.waitUntilLong(words, P_WAIT_INDEX, Cmp.GE, seq);
                    if (i > 0)
                    {
                        record(System.nanoTime() - replyNs);
                    }
                    replyNs = System.nanoTime();
                    shmem.pLong(words, P_WAIT_INDEX, seq, partner);
                }
            }
        }
        report(TailOp.P_WAIT_RTT, round);
    }

    /** Every block starts together, so no PE's first call waits for a peer still printing the last block. */
    private void start()
    {
        histogram.reset();
        shmem.barrierAll();
    }

    private void record(final long ns)
    {
        histogram.recordValue(Math.min(Math.max(ns, 0), HIGHEST_TRACKABLE_NS));
    }

    /** One line in the format of the anchors' {@code oshm_tail.c}, plus the PE and p99.99; none if idle or warming. */
    private void report(final TailOp op, final int round)
    {
        final long count = histogram.getTotalCount();
        if (count == 0)
        {
            return;
        }
        // worded while warming too, so the report's own code is compiled before a round is timed, not beside it
        final String line = String.format(Locale.ROOT, "tail %s round %d pe %d n=%d p50=%.3f p90=%.3f p99=%.3f " +
            "p999=%.3f p9999=%.3f max=%.3f mean=%.3f us%n", op.lineName(), round, me, count, us(50), us(90), us(99),
            us(99.9), us(99.99), histogram.getMaxValue() / 1e3, histogram.getMean() / 1e3);
        if (round != WARMING)
        {
            System.out.print(line);
        }
    }

    private double us(final double percentile)
    {
        return histogram.getValueAtPercentile(percentile) / 1e3;
    }
}
