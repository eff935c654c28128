package io.ishmem.bench.tails;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the result lines of the anchors' {@code oshm_tail.c} and of {@link TailPe}, which prints the same
 * line with its PE number and p99.99 added:
 * <pre>
 * tail barrier round 0 n=20000 p50=0.39 p90=0.41 p99=0.61 p999=2.80 max=26.1 mean=0.41 us
 * tail barrier round 0 pe 3 n=20000 p50=0.39 p90=0.41 p99=0.61 p999=2.80 p9999=9.10 max=26.1 mean=0.41 us
 * </pre>
 * Lines that do not start with {@code tail } (Open MPI's banners, the JVM's warnings) are passed over. A line
 * that does but cannot be read, names an unknown op, or whose percentiles do not rise is rejected and kept,
 * so the report can show it rather than silently lose a round.
 */
final class TailOutput
{
    private static final String PREFIX = "tail ";
    private static final String NUMBER = "(\\d+(?:\\.\\d+)?)";
    private static final Pattern LINE = Pattern.compile("^tail (\\S+) round (\\d{1,6})(?: pe (\\d{1,6}))? " +
        "n=(\\d{1,12}) p50=" + NUMBER + " p90=" + NUMBER + " p99=" + NUMBER + " p999=" + NUMBER +
        "(?: p9999=" + NUMBER + ")? max=" + NUMBER + " mean=" + NUMBER + " us$");

    /**
     * What one program printed.
     *
     * @param lines    the lines read, in the order printed.
     * @param rejected each rejected line, with why.
     */
    record Parsed(List<TailLine> lines, List<String> rejected)
    {
    }

    private TailOutput()
    {
    }

    static Parsed parse(final List<String> output)
    {
        final List<TailLine> lines = new ArrayList<>();
        final List<String> rejected = new ArrayList<>();
        for (final String raw : output)
        {
            final String line = raw.strip();
            if (!line.startsWith(PREFIX))
            {
                continue;
            }
            final Matcher matcher = LINE.matcher(line);
            if (!matcher.matches())
            {
                rejected.add("not a tail result line: " + line);
                continue;
            }
            final TailOp op = TailOp.byLineName(matcher.group(1));
            if (op == null)
            {
                rejected.add("unknown op '" + matcher.group(1) + "': " + line);
                continue;
            }
            final TailStats stats = new TailStats(number(matcher, 5), number(matcher, 6), number(matcher, 7),
                number(matcher, 8), number(matcher, 9), number(matcher, 10), number(matcher, 11));
            final long count = Long.parseLong(matcher.group(4));
            if (count < 1 || !stats.isOrdered())
            {
                rejected.add("n < 1 or percentiles not rising to the max: " + line);
                continue;
            }
            final int pe = matcher.group(3) == null ? 0 : Integer.parseInt(matcher.group(3));
            lines.add(new TailLine(op, Integer.parseInt(matcher.group(2)), pe, count, stats));
        }
        return new Parsed(lines, rejected);
    }

    private static double number(final Matcher matcher, final int group)
    {
        final String text = matcher.group(group);
        return text == null ? Double.NaN : Double.parseDouble(text);
    }
}
