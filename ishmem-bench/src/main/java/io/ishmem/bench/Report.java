package io.ishmem.bench;

import java.util.Locale;

/** Prints one result line: {@code RESULT round impl op size unit value}, parsed by {@link BenchSuite}. */
final class Report
{
    static final String LIBRARY = "ishmem";
    static final String FLOOR = "floor";

    private Report()
    {
    }

    static void result(final int round, final String impl, final String op, final long size, final String unit,
        final double value)
    {
        System.out.println(String.format(Locale.ROOT, "RESULT %d %s %s %d %s %.3f", round, impl, op, size, unit,
            value));
    }
}
