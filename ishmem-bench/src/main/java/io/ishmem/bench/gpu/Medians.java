package io.ishmem.bench.gpu;

import java.util.ArrayList;
import java.util.List;

/** The median every summary of the GPU bench reports: robust to one disturbed round out of several. */
final class Medians
{
    private Medians()
    {
    }

    /**
     * @return the median of {@code values} (the mean of the middle two for an even count), NaN if empty.
     */
    static double of(final List<Double> values)
    {
        if (values.isEmpty())
        {
            return Double.NaN;
        }
        final List<Double> sorted = new ArrayList<>(values);
        sorted.sort(Double::compare);
        final int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
