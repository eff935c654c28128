package io.ishmem.bench.tails;

import io.ishmem.bench.Verdict;

import java.util.ArrayList;
import java.util.List;

/**
 * The goals of the "predictable latency" issue, checked for each of our variants: at every PE count our
 * barrier and malloc+free have a mean within 1.2x of OpenSHMEM's and a p99.9 no worse (PE 0 against PE 0,
 * the only PE {@code oshm_tail} reports), and at 2 PEs no barrier on any PE stalls for over 1 ms in any
 * round after the first.
 */
final class TailTargets
{
    static final double MEAN_FACTOR = 1.2;
    static final double STALL_LIMIT_US = 1000;
    static final int STALL_PES = 2;
    private static final TailOp[] COMPARED = {TailOp.BARRIER, TailOp.MALLOC_FREE};
    private static final Variant[] OURS = {Variant.OURS_UNBOUND, Variant.OURS_BOUND};

    /**
     * One checked goal.
     *
     * @param pes     the PE count.
     * @param op      the op.
     * @param target  what was asked, in words.
     * @param variant our variant checked.
     * @param ours    our figure (NaN if that run printed none).
     * @param limit   the most it may be (NaN without OpenSHMEM's figure).
     * @param verdict {@code met}, {@code missed by N%}, {@code no reference} or {@code not run}.
     */
    record Check(int pes, TailOp op, String target, Variant variant, double ours, double limit, String verdict)
    {
    }

    private TailTargets()
    {
    }

    /**
     * @param summaries the phase's rows.
     * @param peCounts  the PE counts the phase ran, ascending.
     * @return every goal for every PE count and each of our variants.
     */
    static List<Check> check(final List<TailSummary> summaries, final List<Integer> peCounts)
    {
        final List<Check> checks = new ArrayList<>();
        for (final int pes : peCounts)
        {
            for (final TailOp op : COMPARED)
            {
                final double oshmemMean = pe0(summaries, pes, op, Variant.OSHMEM, Statistic.MEAN);
                final double oshmemP999 = pe0(summaries, pes, op, Variant.OSHMEM, Statistic.P999);
                for (final Variant variant : OURS)
                {
                    checks.add(check(pes, op, "mean <= 1.2x OSHMEM mean", variant,
                        pe0(summaries, pes, op, variant, Statistic.MEAN), MEAN_FACTOR * oshmemMean));
                    checks.add(check(pes, op, "p99.9 <= OSHMEM p99.9", variant,
                        pe0(summaries, pes, op, variant, Statistic.P999), oshmemP999));
                }
            }
            if (pes == STALL_PES)
            {
                for (final Variant variant : OURS)
                {
                    // the largest max of any PE in any measured round: one stall anywhere holds up every PE
                    final double worstMax = TailResults.find(summaries, pes, TailOp.BARRIER, variant, Scope.WORST)
                        .map(summary -> summary.get(Statistic.MAX).max()).orElse(Double.NaN);
                    checks.add(check(pes, TailOp.BARRIER, "max <= 1000 us in every round after the first, any PE",
                        variant, worstMax, STALL_LIMIT_US));
                }
            }
        }
        return checks;
    }

    private static Check check(final int pes, final TailOp op, final String target, final Variant variant,
        final double ours, final double limit)
    {
        return new Check(pes, op, target, variant, ours, limit, Verdict.atMost(ours, limit));
    }

    private static double pe0(final List<TailSummary> summaries, final int pes, final TailOp op,
        final Variant variant, final Statistic statistic)
    {
        return TailResults.find(summaries, pes, op, variant, Scope.PE0).map(summary -> summary.get(statistic).median())
            .orElse(Double.NaN);
    }
}
