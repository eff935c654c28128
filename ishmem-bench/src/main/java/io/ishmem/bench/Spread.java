package io.ishmem.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * One statistic across the measured rounds of a run (tails and coll phases): the median (robust to one
 * disturbed round) and the range, which keeps the disturbed round in sight.
 *
 * @param median the median over the rounds (the mean of the middle two for an even count).
 * @param min    the smallest.
 * @param max    the largest.
 */
public record Spread(double median, double min, double max)
{
    public static final Spread NONE = new Spread(Double.NaN, Double.NaN, Double.NaN);

    /**
     * @param values one value per round; NaNs (a statistic a program does not print) are left out.
     * @return their spread, {@link #NONE} if no value is left.
     */
    public static Spread of(final List<Double> values)
    {
        final List<Double> sorted = new ArrayList<>();
        for (final double value : values)
        {
            if (!Double.isNaN(value))
            {
                sorted.add(value);
            }
        }
        if (sorted.isEmpty())
        {
            return NONE;
        }
        sorted.sort(Double::compare);
        final int n = sorted.size();
        final double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
        return new Spread(median, sorted.getFirst(), sorted.getLast());
    }

    public boolean isEmpty()
    {
        return Double.isNaN(median);
    }
}
