package io.ishmem.bench.tails;

import io.ishmem.bench.Spread;

import java.util.Map;

/**
 * One row of the tails report: every statistic of one op, as one variant ran it at one PE count, over the
 * rounds after the first.
 *
 * @param pes     the PE count.
 * @param op      the op.
 * @param variant who ran it.
 * @param scope   PE 0's distribution or the worst PE's.
 * @param rounds  how many rounds the spreads cover.
 * @param spreads each statistic's spread over those rounds ({@link Spread#NONE} where it was not printed).
 */
record TailSummary(int pes, TailOp op, Variant variant, Scope scope, int rounds, Map<Statistic, Spread> spreads)
{
    TailSummary
    {
        spreads = Map.copyOf(spreads);
    }

    Spread get(final Statistic statistic)
    {
        return spreads.getOrDefault(statistic, Spread.NONE);
    }
}
