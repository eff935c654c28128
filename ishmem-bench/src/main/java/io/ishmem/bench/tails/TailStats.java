package io.ishmem.bench.tails;

/**
 * One PE's distribution of one op in one round, in microseconds.
 *
 * @param p50   median.
 * @param p90   90th percentile.
 * @param p99   99th percentile.
 * @param p999  99.9th percentile.
 * @param p9999 99.99th percentile, NaN where the program does not print it ({@code oshm_tail}).
 * @param max   the slowest call.
 * @param mean  the arithmetic mean.
 */
record TailStats(double p50, double p90, double p99, double p999, double p9999, double max, double mean)
{
    /** {@code oshm_tail} prints the maximum to 0.1 us and the rest to 0.01 us, so its max may read up to 0.05 low. */
    private static final double MAX_ROUNDING_US = 0.05;

    /**
     * @return whether the percentiles rise (or stay) from p50 to the maximum and the mean lies within the
     *         distribution, as every real distribution's do; a line that breaks this was misprinted or misread.
     */
    boolean isOrdered()
    {
        final double top = max + MAX_ROUNDING_US;
        final boolean rising = p50 >= 0 && p50 <= p90 && p90 <= p99 && p99 <= p999 && p999 <= top &&
            (Double.isNaN(p9999) || p999 <= p9999 && p9999 <= top);
        return rising && mean >= 0 && mean <= top;
    }
}
