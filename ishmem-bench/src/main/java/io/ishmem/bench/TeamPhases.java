package io.ishmem.bench;

import io.ishmem.Ishmem;
import io.ishmem.ReduceOp;
import io.ishmem.ReduceType;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;

import java.lang.foreign.ValueLayout;

/**
 * The team phases of {@link BenchPe}'s barrier suite, at any PE count: team.sync on a split team, a split alone
 * beside two barriers, and split + destroy. They share the suite's samples and report as it does.
 */
final class TeamPhases
{
    /** How long {@link #teamSplit} splits before it measures, each round. */
    private static final long SPLIT_WARMUP_NS = 300_000_000L;
    /** Splits between two of PE 0's looks at the clock. */
    private static final int SPLIT_WARMUP_BATCH = 500;
    /** Untimed runs of the split's floor loop before the timed one. */
    private static final int FLOOR_WARMUPS = 10;
    /** Where a PE's median and the slowest one sit in the phase's words ({@link WarmupClock} uses word 0). */
    private static final long MEDIANS_OFFSET = 256;
    /** Where PE 0 publishes the split samples' start instants ({@link CommonStart}): two words. */
    private static final long START_OFFSET = MEDIANS_OFFSET + 2 * Long.BYTES;

    private final Ishmem shmem;
    private final int me;
    private final int nPes;
    private final double scale;
    private final Samples samples;

    TeamPhases(final Ishmem shmem, final double scale, final Samples samples)
    {
        this.shmem = shmem;
        this.me = shmem.myPe();
        this.nPes = shmem.nPes();
        this.scale = scale;
        this.samples = samples;
    }

    /** team.sync on a team made by a split of WORLD (its own slot); floor: the raw barrier, as for barrierAll. */
    void teamSync(final int round)
    {
        final int k = 32;
        final Team team = shmem.teamWorld().splitStrided(0, 1, nPes);
        samples.reset();
        for (int s = 0; s < samples.capacity(); s++)
        {
            final long startNs = System.nanoTime();
            for (int j = 0; j < k; j++)
            {
                team.sync();
            }
            samples.add(System.nanoTime() - startNs);
        }
        team.destroy();
        report(round, Report.LIBRARY, "team_sync_" + nPes + "pes", samples.p50() / (double)k);
    }

    /**
     * splitStrided of WORLD into a team of every other PE, timed alone; floor: two barrierAll, which the issue
     * on hot paths (14) set as a split's budget. Each sample of both starts at one instant on every PE
     * ({@link CommonStart}).
     */
    void teamSplit(final int round, final SymmetricSegment words)
    {
        final int count = Math.min(samples.capacity(), Math.max(20, (int)(4000 * scale)));
        final Team world = shmem.teamWorld();
        final CommonStart start = new CommonStart(shmem, words.slice(START_OFFSET, 2 * Long.BYTES));
        warmSplits(world, words, start);
        shmem.barrierAll();
        samples.reset();
        splitLoop(world, count, start);
        report(round, Report.LIBRARY, "team_split_" + nPes + "pes", slowestMedian(words));
        // the floor's loop is warmed up too, or it runs interpreted: a loop of a few thousand turns, entered a few
        // times a job, is compiled by neither tier, which costs each sample some 50 ns at 2 PEs
        for (int w = 0; w < FLOOR_WARMUPS; w++)
        {
            shmem.barrierAll();
            samples.reset();
            twoBarriersLoop(count, start);
        }
        shmem.barrierAll();
        samples.reset();
        twoBarriersLoop(count, start);
        report(round, Report.FLOOR, "team_split_" + nPes + "pes", slowestMedian(words));
        shmem.barrierAll();
    }

    /**
     * Collective: the largest of the PEs' medians. A split timed alone on each PE is as long as that PE waited in it:
     * a PE that arrives last waits for nobody, and when PE 0 was often last (4 PEs on 2 CPUs) its median said a split
     * cost 0.04 of two barriers. The slowest PE's is what the job waits for, as the coll phase reports.
     */
    private long slowestMedian(final SymmetricSegment words)
    {
        final SymmetricSegment mine = words.slice(MEDIANS_OFFSET, Long.BYTES);
        final SymmetricSegment slowest = words.slice(MEDIANS_OFFSET + Long.BYTES, Long.BYTES);
        mine.local().set(ValueLayout.JAVA_LONG, 0, samples.p50());
        shmem.reduce(ReduceOp.MAX, ReduceType.LONG, slowest, mine, 1);
        return slowest.local().get(ValueLayout.JAVA_LONG, 0);
    }

    /**
     * {@code count} splits, each timed alone from a barrier and a common start; the new team is destroyed outside
     * the sample. Without the barrier, a PE outside the new team went on to the next split while the members
     * destroyed theirs (a sync of the new team), and its sample took in that destroy: the slowest PE's split at 8 PEs
     * measured two barriers.
     */
    private void splitLoop(final Team world, final int count, final CommonStart start)
    {
        for (int s = 0; s < count; s++)
        {
            final long startNs = start.await();
            final Team half = world.splitStrided(0, 2, (nPes + 1) / 2);
            samples.add(System.nanoTime() - startNs);
            half.destroy();
        }
    }

    /**
     * The split's floor: {@code count} samples of two barriers, each timed from a barrier and a common start as a
     * split is, compiled apart from the split's loop.
     */
    private void twoBarriersLoop(final int count, final CommonStart start)
    {
        for (int s = 0; s < count; s++)
        {
            final long startNs = start.await();
            shmem.barrierAll();
            shmem.barrierAll();
            samples.add(System.nanoTime() - startNs);
        }
    }

    /**
     * Splits and destroys for at least {@link #SPLIT_WARMUP_NS}, as JMH warms each benchmark up for a time, not a
     * count: the phases before this one split other teams (teamSync's split joins every PE), which takes paths the
     * split's C2 code was compiled without, and the deoptimised split runs C1's profiling code (2-3x slower) until
     * C2 compiles it again, some 200 ms later on cores the PEs keep busy. PE 0 decides after each batch and tells
     * the others, so every PE makes the same number of splits.
     */
    private void warmSplits(final Team world, final SymmetricSegment words, final CommonStart start)
    {
        reset(words);
        final WarmupClock clock = new WarmupClock(shmem, words, SPLIT_WARMUP_NS);
        do
        {
            // through the measured loop itself, so that C2 compiles it as well as the split
            samples.reset();
            splitLoop(world, Math.min(SPLIT_WARMUP_BATCH, samples.capacity()), start);
        }
        while (clock.goOn());
    }

    /** splitStrided of WORLD into a team of every other PE, then destroy: both collective. */
    void teamSplitDestroy(final int round)
    {
        final int k = 8;
        final int count = Math.max(20, (int)(500 * scale));
        final Team world = shmem.teamWorld();
        samples.reset();
        for (int s = 0; s < Math.min(count, samples.capacity()); s++)
        {
            final long startNs = System.nanoTime();
            for (int j = 0; j < k; j++)
            {
                final Team half = world.splitStrided(0, 2, (nPes + 1) / 2);
                half.destroy();
            }
            samples.add(System.nanoTime() - startNs);
        }
        report(round, Report.LIBRARY, "team_split_destroy_" + nPes + "pes", samples.p50() / (double)k);
        shmem.barrierAll();
    }

    private void reset(final SymmetricSegment words)
    {
        shmem.barrierAll();
        words.local().fill((byte)0);
        shmem.barrierAll();
    }

    private void report(final int round, final String impl, final String op, final double value)
    {
        // PE 0 speaks for the job, as in BenchPe
        if (round > 0 && me == 0)
        {
            Report.result(round, impl, op, 0, "ns", value);
        }
    }
}
