package io.ishmem.bench.gpu;

import java.util.Locale;

/**
 * The lines a GPU bench PE prints for {@link GpuResults} to read back:
 * {@code RESULT round impl op size unit value}, as the host bench's lines, and
 * {@code TAILS round impl op size unit p50 p99 p999 max mean} beside a RESULT whose iterations were
 * timed one by one. Round 0 is the warm-up: printed, so that the raw output shows it, but not summarised.
 */
final class ResultLines
{
    static final String RESULT = "RESULT";
    static final String TAILS = "TAILS";

    private ResultLines()
    {
    }

    static String result(final int round, final ResultKey key, final double value)
    {
        return String.format(Locale.ROOT, "%s %d %s %s %d %s %.4f", RESULT, round, key.impl(), key.op(), key.size(),
            key.unit(), value);
    }

    static String tails(final int round, final ResultKey key, final Tails tails)
    {
        return String.format(Locale.ROOT, "%s %d %s %s %d %s %.4f %.4f %.4f %.4f %.4f", TAILS, round, key.impl(),
            key.op(), key.size(), key.unit(), tails.p50(), tails.p99(), tails.p999(), tails.max(), tails.mean());
    }
}
