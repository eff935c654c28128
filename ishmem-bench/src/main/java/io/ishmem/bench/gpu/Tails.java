package io.ishmem.bench.gpu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The distribution of per-iteration samples of one round: a median alone hides the slow iterations a
 * host-synchronised exchange suffers (a descheduled thread, a parked waiter), so the team reads tails
 * beside it.
 *
 * @param p50  median.
 * @param p99  99th percentile.
 * @param p999 99.9th percentile.
 * @param max  the slowest sample.
 * @param mean the arithmetic mean.
 */
record Tails(double p50, double p99, double p999, double max, double mean)
{
    /**
     * @param samples the samples; only the first {@code count} are read, and they are sorted in place.
     * @param count   how many there are, {@code >= 1}.
     * @param scale   multiplies every sample (e.g. nanoseconds of a round trip to microseconds one way).
     * @return the nearest-rank percentiles of the samples, scaled.
     */
    static Tails of(final long[] samples, final int count, final double scale)
    {
        if (count < 1)
        {
            throw new IllegalArgumentException("count=" + count + " must be >= 1");
        }
        Arrays.sort(samples, 0, count);
        long sum = 0;
        for (int i = 0; i < count; i++)
        {
            sum += samples[i];
        }
        return new Tails(rank(samples, count, 0.50) * scale, rank(samples, count, 0.99) * scale,
            rank(samples, count, 0.999) * scale, samples[count - 1] * scale, (double)sum / count * scale);
    }

    private static long rank(final long[] sorted, final int count, final double quantile)
    {
        final int index = (int)Math.ceil(quantile * count) - 1;
        return sorted[Math.max(0, Math.min(count - 1, index))];
    }

    /**
     * Several rounds' tails as one: the median of each statistic across rounds, as for every other figure,
     * except the maximum, which is the slowest sample of any round (a median of maxima would hide it).
     */
    static Tails combine(final List<Tails> rounds)
    {
        if (rounds.isEmpty())
        {
            throw new IllegalArgumentException("no rounds to combine");
        }
        double max = Double.NEGATIVE_INFINITY;
        for (final Tails tails : rounds)
        {
            max = Math.max(max, tails.max());
        }
        return new Tails(median(rounds, Tails::p50), median(rounds, Tails::p99), median(rounds, Tails::p999), max,
            median(rounds, Tails::mean));
    }

    private static double median(final List<Tails> rounds, final ToDoubleFunction<Tails> field)
    {
        final List<Double> values = new ArrayList<>();
        for (final Tails tails : rounds)
        {
            values.add(field.applyAsDouble(tails));
        }
        return Medians.of(values);
    }
}
