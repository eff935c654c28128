package io.ishmem.bench;

import java.util.Arrays;

/** A fixed array of timing samples; p50 is what the tool reports, as the anchors do. */
final class Samples
{
    private final long[] values;
    private int count;

    Samples(final int capacity)
    {
        values = new long[capacity];
    }

    void reset()
    {
        count = 0;
    }

    void add(final long value)
    {
        values[count++] = value;
    }

    int capacity()
    {
        return values.length;
    }

    long p50()
    {
        final long[] sorted = Arrays.copyOf(values, count);
        Arrays.sort(sorted);
        return sorted[count / 2];
    }
}
