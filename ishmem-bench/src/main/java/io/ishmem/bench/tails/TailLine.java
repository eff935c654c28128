package io.ishmem.bench.tails;

/**
 * One parsed result line: one PE's distribution of one op in one round.
 *
 * @param op    the op.
 * @param round the round, from 0; round 0 is the warm-up.
 * @param pe    the PE that timed the calls (0 for {@code oshm_tail}, where only PE 0 prints).
 * @param count how many calls were timed.
 * @param stats the distribution, in microseconds.
 */
record TailLine(TailOp op, int round, int pe, long count, TailStats stats)
{
}
