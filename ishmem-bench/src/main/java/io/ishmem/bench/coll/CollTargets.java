package io.ishmem.bench.coll;

import io.ishmem.bench.Verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The goals of issue 12's Speed section, checked on one run: faster than Open MPI's OpenSHMEM at every size
 * and PE count; 8-byte collectives within 1.5x of our own team barrier at the same team size; 1 MiB
 * broadcast, fcollect and reduction at least 70% of the copy floor (the time of copying the bytes each PE
 * must move, every PE at once, until the last is done); uncontended fetch-add and compare-swap within 1.5x of the raw
 * {@code getAndAdd} and {@code compareAndExchange}. All on the p50, the slowest PE's, of our normal run (the
 * run over UCX is reported beside it, not checked).
 */
final class CollTargets
{
    static final double SMALL_FACTOR = 1.5;
    static final double LARGE_SHARE = 0.7;
    static final double ATOMIC_FACTOR = 1.5;

    static final String VS_OSHMEM = "<= OSHMEM";
    static final String VS_BARRIER = "<= 1.5x our team barrier";
    static final String VS_COPY = ">= 70% of the copy floor";
    static final String VS_RAW = "<= 1.5x raw";

    private static final String WHY_SMALL = "an 8-byte collective is one team barrier plus announcing its " +
        "arguments, one put or get per member and, for the reduction, the combine: over 1.5x, that path costs " +
        "more than half a barrier";
    private static final String WHY_LARGE = "the floor is one copy of the bytes per PE, every PE at once, and one " +
        "raw barrier; the collective adds its own barriers (two for broadcast and reduction), and the reduction " +
        "reads every member's source and adds every element";
    private static final String WHY_ATOMIC = "the call adds the PE and range checks and the operation's " +
        "dispatch to the one locked instruction (docs/performance.md, \"Atomic memory operations\")";

    /**
     * One checked goal.
     *
     * @param target  what was asked, in words (no commas: it goes into the CSV).
     * @param ours    our p50 (NaN if not run).
     * @param limit   the most our p50 may be (NaN without the reference).
     * @param verdict {@code met}, {@code missed by N%}, {@code missed: N% of the floor}, {@code no reference}
     *                or {@code not run}.
     * @param why     for a miss, what the figure is made of and where to look; else empty.
     */
    record Check(String target, double ours, double limit, String verdict, String why)
    {
    }

    private CollTargets()
    {
    }

    /**
     * @param results   the phase's figures.
     * @param peCounts  the PE counts the phase ran, ascending.
     * @return a row for each of our cases at each PE count, in {@link CollCase} order within a PE count.
     */
    static List<CollRow> rows(final CollResults results, final List<Integer> peCounts)
    {
        final List<CollRow> rows = new ArrayList<>();
        for (final int pes : peCounts)
        {
            final double teamBarrier = results.figures(pes, CollCase.TEAM_BARRIER).p50().median();
            for (final CollCase c : CollCase.values())
            {
                if (!c.ours())
                {
                    continue;
                }
                final CollResults.Figures ours = results.figures(pes, c);
                final double floor = results.figures(pes, c.floor()).p50().median() * c.floorTimes();
                final double oshmem = results.oshmem(pes, c);
                // the goals are of our normal run: the one over UCX is shown beside it, not judged
                rows.add(new CollRow(pes, c, ours, results.figuresOverUcx(pes, c), floor, oshmem,
                    checks(c, ours.p50().median(), floor, oshmem, teamBarrier)));
            }
        }
        return rows;
    }

    static List<Check> checks(final CollCase c, final double ours, final double floor, final double oshmem,
        final double teamBarrier)
    {
        final List<Check> checks = new ArrayList<>();
        if (c.inOshmem())
        {
            checks.add(check(VS_OSHMEM, ours, oshmem, whyOshmem(c)));
        }
        switch (c.group())
        {
            case SMALL -> checks.add(check(VS_BARRIER, ours, SMALL_FACTOR * teamBarrier, WHY_SMALL));
            case LARGE ->
            {
                final Check check = check(VS_COPY, ours, floor / LARGE_SHARE, WHY_LARGE);
                // a bandwidth goal: say how much of the floor's bandwidth we reached, not how much time over
                checks.add(Verdict.missed(check.verdict()) ? new Check(check.target(), ours, check.limit(),
                    String.format(Locale.ROOT, "missed: %.0f%% of the floor", 100 * floor / ours), check.why()) :
                    check);
            }
            case ATOMIC -> checks.add(check(VS_RAW, ours, ATOMIC_FACTOR * floor, WHY_ATOMIC));
            default ->
            {
            }
        }
        return checks;
    }

    private static Check check(final String target, final double ours, final double limit, final String why)
    {
        final String verdict = Verdict.atMost(ours, limit);
        return new Check(target, ours, limit, verdict, Verdict.missed(verdict) ? why : "");
    }

    private static String whyOshmem(final CollCase c)
    {
        return switch (c.group())
        {
            case BARRIER -> "the raw barrier is the floor of both; ours waits by spinning, then yielding, then " +
                "parking";
            case SMALL -> "ours is one team barrier plus the data path (see the team barrier's row)";
            case LARGE -> "both move the same bytes: the copy floor is what the copies alone take";
            case ATOMIC, CONTENDED -> "both end in one locked instruction on a mapped word: the gap is the call " +
                "path";
            case HEAP -> "both are collective: malloc and free need a barrier each";
            case FLOOR -> "";
        };
    }
}
