package io.ishmem.bench.coll;

import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import io.ishmem.bench.PeArgs;
import io.ishmem.bench.RawBarrier;
import io.ishmem.bench.WarmupClock;
import io.ishmem.bench.YoungGeneration;
import org.HdrHistogram.Histogram;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The program every PE of a coll job runs: {@code CollPe ROUNDS SCALE CPUS}. In each round it measures every
 * {@link CollCase} as the anchors' {@code oshm_coll.c} does: {@code 3k} ops of warm-up (and more for the JIT, see
 * {@link #warmUp}), then {@value #SAMPLES} samples of {@code k} ops, each sample started by a barrier and timed on
 * its own; the p50 and the mean of the samples are the op's figures. Then the same count of ops again, each timed
 * on its own into a histogram, for the tails (p99.9, max). Destinations alternate between two halves by iteration, as in the C file, since a PE
 * may run one collective ahead of a slower one that still checks the current destination; every PE checks
 * every result. Every PE prints one {@link CollOutput} line per case and round with its own figures: the
 * phase takes the slowest PE's, as {@code oshm_coll} does. Round 0 is the JIT's warm-up. SCALE multiplies the
 * ops per sample (1 for a real run); CPUS is the machine's CPU count, for the raw barrier's yielding.
 */
public final class CollPe
{
    /** {@code SAMPLES} of {@code oshm_coll.c}. */
    static final int SAMPLES = 31;
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    /** Calls slower than this are recorded as this: the launcher's job timeout ends a job long before. */
    private static final long HIGHEST_TRACKABLE_NS = TimeUnit.SECONDS.toNanos(60);
    // the atomics' words, one cache line each: those on the next PE are written by this PE alone, so every
    // fetched value can be checked; the one-word ones are on PE 0, contended by design
    private static final long FETCH_ADD_INDEX = 0;
    private static final long COMPARE_SWAP_INDEX = 8;
    private static final long ONE_WORD_INDEX = 16;
    private static final long RAW_FETCH_ADD_INDEX = 24;
    private static final long RAW_COMPARE_SWAP_INDEX = 32;
    private static final long RAW_ONE_WORD_INDEX = 40;
    private static final long WORDS = 48;
    private static final long RAW_BARRIER_WORDS = 8 * 16;
    /** The least time a case warms up for in a real run (SCALE 1); a smoke run's scale shortens it. */
    private static final long WARMUP_NS = 300_000_000L;

    /**
     * One case's ops, run {@code count} times from iteration {@code first}. The loop is each op's own, so the
     * op inlines into it and the call through this interface (a megamorphic one) is paid once a sample, not
     * once an op; the per-call pass pays it on every call, with its clock read.
     */
    private interface Step
    {
        void run(long first, int count);
    }

    private final Ishmem shmem;
    private final Team world;
    private final int me;
    private final int nPes;
    private final int next;
    private final double scale;
    private final SymmetricSegment src;
    private final MemorySegment srcLocal;
    private final MemorySegment nextSrc;
    private final SymmetricSegment[] dest = new SymmetricSegment[2];
    private final MemorySegment[] destLocal = new MemorySegment[2];
    private final SymmetricSegment words;
    /** PE 0's verdict on each warm-up batch, one word on every PE. */
    private final SymmetricSegment warmVerdict;
    private final long warmUpNs;
    private final MemorySegment nextWords;
    private final MemorySegment pe0Words;
    private final RawBarrier rawBarrier;
    private final Step[] steps = new Step[CollCase.values().length];
    private final long[] iterations = new long[CollCase.values().length];
    private final double[] sampleNs = new double[SAMPLES];
    // made once: recording into it allocates nothing, so no call is timed across a GC of the bench's own
    private final Histogram histogram = new Histogram(HIGHEST_TRACKABLE_NS, 3);
    // what each fetch-add word that this PE alone writes holds now, and the one-word counts, to check results
    private long fetchAddValue;
    private long rawFetchAddValue;
    private long lastOneWord = -1;
    private long lastRawOneWord = -1;
    private long oneWordCalls;
    private long rawOneWordCalls;

    private CollPe(final Ishmem shmem, final double scale, final int cpus)
    {
        this.shmem = shmem;
        this.world = shmem.teamWorld();
        this.me = shmem.myPe();
        this.nPes = shmem.nPes();
        this.next = (me + 1) % nPes;
        this.scale = scale;
        final long half = nPes * CollCase.MAX_BYTES;
        src = shmem.calloc(half / 8, ValueLayout.JAVA_LONG);
        final SymmetricSegment dest2 = shmem.calloc(2 * half / 8, ValueLayout.JAVA_LONG);
        words = shmem.calloc(WORDS, ValueLayout.JAVA_LONG);
        warmVerdict = shmem.calloc(1, ValueLayout.JAVA_LONG);
        warmUpNs = (long)(WARMUP_NS * Math.min(1.0, scale));
        final SymmetricSegment barrierWords = shmem.calloc(RAW_BARRIER_WORDS, ValueLayout.JAVA_LONG);
        srcLocal = src.local();
        nextSrc = src.peerView(next).orElseThrow();
        for (int h = 0; h < 2; h++)
        {
            dest[h] = dest2.slice(h * half, half);
            destLocal[h] = dest[h].local();
        }
        nextWords = words.peerView(next).orElseThrow();
        pe0Words = words.peerView(0).orElseThrow();
        rawBarrier = new RawBarrier(barrierWords, 0, me, nPes, nPes > cpus);
        for (final CollCase c : CollCase.values())
        {
            steps[c.ordinal()] = step(c, c.bytes(nPes));
        }
        shmem.barrierAll();
    }

    public static void main(final String[] args)
    {
        final PeArgs parsed = PeArgs.parse("CollPe ROUNDS SCALE CPUS", args);
        final int cpus = Integer.parseInt(parsed.rest().getFirst());
        if (cpus < 1)
        {
            throw new IllegalArgumentException("cpus=" + cpus + " is not >= 1");
        }
        try (Ishmem shmem = Ishmem.init())
        {
            YoungGeneration.touchOnce();
            final CollPe bench = new CollPe(shmem, parsed.scale(), cpus);
            for (int round = 0; round < parsed.rounds(); round++)
            {
                for (final CollCase c : CollCase.values())
                {
                    bench.measure(c, round);
                }
            }
            shmem.barrierAll();
        }
    }

    private Step step(final CollCase c, final long bytes)
    {
        return switch (c)
        {
            case BARRIER_ALL -> this::barrierAlls;
            case TEAM_BARRIER -> this::teamBarriers;
            case RAW_BARRIER -> this::rawBarriers;
            case SUM_SMALL, SUM_LARGE -> (first, count) -> sums(first, count, bytes);
            case BROADCAST_SMALL, BROADCAST_LARGE -> (first, count) -> broadcasts(first, count, bytes);
            case FCOLLECT_SMALL, FCOLLECT_LARGE -> (first, count) -> fcollects(first, count, bytes);
            case ALLTOALL -> (first, count) -> alltoalls(first, count, bytes);
            case COPY -> (first, count) -> copies(first, count, bytes);
            case FETCH_ADD -> this::fetchAdds;
            case GET_AND_ADD -> this::rawFetchAdds;
            case COMPARE_SWAP -> this::compareSwaps;
            case COMPARE_AND_EXCHANGE -> this::rawCompareSwaps;
            case FETCH_ADD_ONE_WORD -> this::oneWordFetchAdds;
            case GET_AND_ADD_ONE_WORD -> this::rawOneWordFetchAdds;
            case MALLOC_FREE -> (first, count) -> mallocFrees(count, bytes);
        };
    }

    /**
     * One case, one round: the method of {@code oshm_coll.c}'s {@code report}, then the per-call pass. A
     * case's iterations run on across its warm-up, samples, per-call pass and rounds, so every compare-swap
     * finds the word it expects and succeeds; the C file starts its samples' iterations at 0 again, so its
     * first three samples' compare-swaps fail, but its median sample is one that succeeds, like ours (and a
     * failing one that the JIT never saw would measure a deoptimisation, not the operation).
     */
    private void measure(final CollCase c, final int round)
    {
        final Step step = steps[c.ordinal()];
        final int k = c.calls(scale);
        final long sampled = warmUp(step, iterations[c.ordinal()], k);
        double totalNs = 0;
        for (int s = 0; s < SAMPLES; s++)
        {
            shmem.barrierAll();
            final long startNs = System.nanoTime();
            step.run(sampled + (long)s * k, k);
            sampleNs[s] = (System.nanoTime() - startNs) / (double)k;
            totalNs += sampleNs[s];
        }
        Arrays.sort(sampleNs);
        histogram.reset();
        for (int s = 0; s < SAMPLES; s++)
        {
            shmem.barrierAll();
            // one clock read per call: each call's time includes that read and the previous record
            long lastNs = System.nanoTime();
            for (int j = 0; j < k; j++)
            {
                step.run(sampled + (long)(SAMPLES + s) * k + j, 1);
                final long nowNs = System.nanoTime();
                histogram.recordValue(Math.min(Math.max(nowNs - lastNs, 0), HIGHEST_TRACKABLE_NS));
                lastNs = nowNs;
            }
        }
        iterations[c.ordinal()] = sampled + 2L * SAMPLES * k;
        shmem.barrierAll();
        if (c == CollCase.FETCH_ADD_ONE_WORD || c == CollCase.GET_AND_ADD_ONE_WORD)
        {
            checkOneWordTotal(c);
            // no PE may add again (the next round's warm-up) before PE 0 has read the total
            shmem.barrierAll();
        }
        System.out.printf(Locale.ROOT, "coll %s %d round %d pe %d k=%d p50=%.1f mean=%.1f p999=%.1f max=%.1f ns%n",
            c.lineName(), c.bytes(nPes), round, me, k, sampleNs[SAMPLES / 2], totalNs / SAMPLES,
            (double)histogram.getValueAtPercentile(99.9), (double)histogram.getMaxValue());
    }

    /**
     * {@code oshm_coll.c}'s {@code 3k} ops, then batches of {@code k} until {@link #WARMUP_NS} have passed, as JMH
     * warms up for a time, not a count: the cases before this one take paths of the same library code (a
     * reduction of 1 MiB after one of 8 B, another transport's puts) that its C2 code was compiled without, and
     * the deoptimised code runs C1's profiling tier until C2 compiles it again, which on cores the PEs keep busy
     * takes longer than 3k small ops last. Without it the 8-byte reduction at 2 PEs measured 150 ns in some JVMs
     * and 0.5-1.3 us in others, a different figure from round to round of one JVM. PE 0 decides after each batch
     * and tells the others, so every PE runs the same iterations.
     *
     * @return the first iteration after the warm-up.
     */
    private long warmUp(final Step step, final long first, final int k)
    {
        final WarmupClock clock = new WarmupClock(shmem, warmVerdict, warmUpNs);
        step.run(first, 3 * k);
        long next = first + 3L * k;
        while (clock.goOn())
        {
            step.run(next, k);
            next += k;
        }
        return next;
    }

    // ---------------------------------------------------------------- barriers

    private void barrierAlls(final long first, final int count)
    {
        for (int j = 0; j < count; j++)
        {
            shmem.barrierAll();
        }
    }

    private void teamBarriers(final long first, final int count)
    {
        for (int j = 0; j < count; j++)
        {
            shmem.barrier(world);
        }
    }

    private void rawBarriers(final long first, final int count)
    {
        for (int j = 0; j < count; j++)
        {
            rawBarrier.arrive();
        }
    }

    // ---------------------------------------------------------------- collectives, as oshm_coll.c's op_*

    private void sums(final long first, final int count, final long bytes)
    {
        final long expectedBase = (long)nPes * (nPes - 1) / 2;
        for (long i = first; i < first + count; i++)
        {
            final int h = (int)(i & 1);
            srcLocal.set(ValueLayout.JAVA_LONG, 0, me + i);
            shmem.sumReduceLong(world, dest[h], src, bytes / 8);
            check(CollCase.SUM_SMALL, i, destLocal[h].get(ValueLayout.JAVA_LONG, 0), expectedBase + nPes * i);
        }
    }

    private void broadcasts(final long first, final int count, final long bytes)
    {
        for (long i = first; i < first + count; i++)
        {
            final int h = (int)(i & 1);
            if (me == 0)
            {
                srcLocal.set(ValueLayout.JAVA_LONG, 0, i);
            }
            shmem.broadcast(world, ValueLayout.JAVA_LONG, dest[h], src, bytes / 8, 0);
            if (me != 0)
            {
                check(CollCase.BROADCAST_SMALL, i, destLocal[h].get(ValueLayout.JAVA_LONG, 0), i);
            }
        }
    }

    private void fcollects(final long first, final int count, final long bytes)
    {
        final long lastBlock = (nPes - 1) * (bytes / 8);
        for (long i = first; i < first + count; i++)
        {
            final int h = (int)(i & 1);
            srcLocal.set(ValueLayout.JAVA_LONG, 0, me + i);
            shmem.fcollect(world, ValueLayout.JAVA_LONG, dest[h], src, bytes / 8);
            check(CollCase.FCOLLECT_SMALL, i, destLocal[h].getAtIndex(ValueLayout.JAVA_LONG, lastBlock), nPes - 1 + i);
        }
    }

    private void alltoalls(final long first, final int count, final long bytes)
    {
        final long block = bytes / 8;
        for (long i = first; i < first + count; i++)
        {
            final int h = (int)(i & 1);
            for (int pe = 0; pe < nPes; pe++)
            {
                srcLocal.setAtIndex(ValueLayout.JAVA_LONG, pe * block, me * 1000L + pe + i);
            }
            shmem.alltoall(world, ValueLayout.JAVA_LONG, dest[h], src, block);
            for (int pe = 0; pe < nPes; pe++)
            {
                check(CollCase.ALLTOALL, i, destLocal[h].getAtIndex(ValueLayout.JAVA_LONG, pe * block),
                    pe * 1000L + me + i);
            }
        }
    }

    /**
     * The copy floor: the bytes a large collective moves per PE, from the next PE's heap into our own, then the
     * raw barrier, so that an op ends when every PE's copy is done, as a collective's does (where PEs outnumber
     * the CPUs, that is the wait for the others' copies).
     */
    private void copies(final long first, final int count, final long bytes)
    {
        for (long i = first; i < first + count; i++)
        {
            MemorySegment.copy(nextSrc, 0, destLocal[(int)(i & 1)], 0, bytes);
            rawBarrier.arrive();
        }
    }

    // ---------------------------------------------------------------- atomics and their raw floors

    private void fetchAdds(final long first, final int count)
    {
        for (int j = 0; j < count; j++)
        {
            check(CollCase.FETCH_ADD, first + j, shmem.atomicFetchAddLong(words, FETCH_ADD_INDEX, 1, next),
                fetchAddValue++);
        }
    }

    private void rawFetchAdds(final long first, final int count)
    {
        for (int j = 0; j < count; j++)
        {
            check(CollCase.GET_AND_ADD, first + j,
                (long)LONG.getAndAdd(nextWords, RAW_FETCH_ADD_INDEX * 8, 1L), rawFetchAddValue++);
        }
    }

    private void compareSwaps(final long first, final int count)
    {
        for (long i = first; i < first + count; i++)
        {
            // this PE alone writes the word, and its iterations run on: it holds i
            check(CollCase.COMPARE_SWAP, i, shmem.atomicCompareSwapLong(words, COMPARE_SWAP_INDEX, i, i + 1, next), i);
        }
    }

    private void rawCompareSwaps(final long first, final int count)
    {
        for (long i = first; i < first + count; i++)
        {
            check(CollCase.COMPARE_AND_EXCHANGE, i,
                (long)LONG.compareAndExchange(nextWords, RAW_COMPARE_SWAP_INDEX * 8, i, i + 1), i);
        }
    }

    private void oneWordFetchAdds(final long first, final int count)
    {
        for (int j = 0; j < count; j++)
        {
            final long old = shmem.atomicFetchAddLong(words, ONE_WORD_INDEX, 1, 0);
            // every PE adds to the word, so each sees it grow between its own adds
            checkGrows(CollCase.FETCH_ADD_ONE_WORD, first + j, old, lastOneWord);
            lastOneWord = old;
        }
        oneWordCalls += count;
    }

    private void rawOneWordFetchAdds(final long first, final int count)
    {
        for (int j = 0; j < count; j++)
        {
            final long old = (long)LONG.getAndAdd(pe0Words, RAW_ONE_WORD_INDEX * 8, 1L);
            checkGrows(CollCase.GET_AND_ADD_ONE_WORD, first + j, old, lastRawOneWord);
            lastRawOneWord = old;
        }
        rawOneWordCalls += count;
    }

    // ---------------------------------------------------------------- heap

    private void mallocFrees(final int count, final long bytes)
    {
        for (int j = 0; j < count; j++)
        {
            shmem.free(shmem.malloc(bytes));
        }
    }

    // ---------------------------------------------------------------- checks

    private void check(final CollCase c, final long iteration, final long got, final long expected)
    {
        if (got != expected)
        {
            throw new IllegalStateException(String.format(Locale.ROOT, "PE %d: check failed: %s iteration %d " +
                "read %d, expected %d", me, c.lineName(), iteration, got, expected));
        }
    }

    private void checkGrows(final CollCase c, final long iteration, final long got, final long last)
    {
        if (got <= last)
        {
            throw new IllegalStateException(String.format(Locale.ROOT, "PE %d: check failed: %s iteration %d " +
                "fetched %d, not above the %d fetched before", me, c.lineName(), iteration, got, last));
        }
    }

    /** After a barrier, PE 0's one-word counter holds every PE's adds: each PE made as many as we did. */
    private void checkOneWordTotal(final CollCase c)
    {
        if (me == 0)
        {
            final boolean raw = c == CollCase.GET_AND_ADD_ONE_WORD;
            final long calls = raw ? rawOneWordCalls : oneWordCalls;
            check(c, calls, (long)LONG.getVolatile(words.local(), (raw ? RAW_ONE_WORD_INDEX : ONE_WORD_INDEX) * 8),
                nPes * calls);
        }
    }
}
