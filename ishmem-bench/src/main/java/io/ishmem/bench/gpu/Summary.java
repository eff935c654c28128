package io.ishmem.bench.gpu;

/**
 * One figure of a run, summarised over its rounds: what {@code gpu-results.csv} holds one line of.
 *
 * @param key    what was measured.
 * @param median the median over the measured rounds (for NVSHMEM: over its runs before and after ours).
 * @param min    the lowest round.
 * @param max    the highest round.
 * @param rounds how many rounds were measured.
 * @param tails  the per-iteration distribution ({@link Tails#combine}), or null where iterations were not
 *               timed one by one.
 */
record Summary(ResultKey key, double median, double min, double max, int rounds, Tails tails)
{
}
