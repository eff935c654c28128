package io.ishmem.bench.coll;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the result lines of {@link CollPe} and of the anchors' {@code oshm_coll.c}:
 * <pre>
 * coll sum_to_all 8 round 1 pe 3 k=100 p50=812.0 mean=840.5 p999=5210.0 max=20480.0 ns
 * RESULT oshmem sum_to_all_2pe 8 ns_per_op 638.0
 * </pre>
 * Other lines (Open MPI's banners, the JVM's warnings) are passed over. A line that starts like a result but
 * cannot be read, names an unknown case, or holds impossible figures is rejected and kept, so the report can
 * show it rather than silently lose a figure.
 */
final class CollOutput
{
    private static final String OURS_PREFIX = "coll ";
    private static final String OSHMEM_PREFIX = "RESULT oshmem ";
    private static final String NUMBER = "(\\d+(?:\\.\\d+)?)";
    private static final Pattern OURS = Pattern.compile("^coll (\\S+) (\\d{1,12}) round (\\d{1,6}) pe (\\d{1,6}) " +
        "k=(\\d{1,9}) p50=" + NUMBER + " mean=" + NUMBER + " p999=" + NUMBER + " max=" + NUMBER + " ns$");
    private static final Pattern OSHMEM = Pattern.compile("^RESULT oshmem (\\S+)_(\\d{1,6})pe (\\d{1,12}) " +
        "ns_per_op " + NUMBER + "$");

    /**
     * One PE's figures of one case in one round, in nanoseconds per op.
     *
     * @param c     the case.
     * @param round the round, from 0; round 0 is the warm-up.
     * @param pe    the PE that printed it.
     * @param p50   the median of the samples (each the mean of k ops).
     * @param mean  the mean of the samples.
     * @param p999  the 99.9th percentile of the ops timed one by one.
     * @param max   the slowest op timed on its own.
     */
    record Line(CollCase c, int round, int pe, double p50, double mean, double p999, double max)
    {
    }

    /**
     * One figure of {@code oshm_coll}: the slowest PE's median, in nanoseconds per op.
     *
     * @param c   the case.
     * @param pes the PE count it ran on.
     * @param p50 the figure.
     */
    record OshmemLine(CollCase c, int pes, double p50)
    {
    }

    /**
     * What one program printed.
     *
     * @param lines    our lines, in the order printed.
     * @param oshmem   {@code oshm_coll}'s lines, in the order printed.
     * @param rejected each rejected line, with why.
     */
    record Parsed(List<Line> lines, List<OshmemLine> oshmem, List<String> rejected)
    {
    }

    private CollOutput()
    {
    }

    /**
     * @param output every line a run printed.
     * @param nPes   the PE count it ran on: a size is read as that of a case at that count.
     */
    static Parsed parse(final List<String> output, final int nPes)
    {
        final List<Line> lines = new ArrayList<>();
        final List<OshmemLine> oshmem = new ArrayList<>();
        final List<String> rejected = new ArrayList<>();
        for (final String raw : output)
        {
            final String line = raw.strip();
            if (line.startsWith(OURS_PREFIX))
            {
                final String why = ours(line, nPes, lines);
                if (why != null)
                {
                    rejected.add(why + ": " + line);
                }
            }
            else if (line.startsWith(OSHMEM_PREFIX))
            {
                final String why = oshmem(line, nPes, oshmem);
                if (why != null)
                {
                    rejected.add(why + ": " + line);
                }
            }
        }
        return new Parsed(lines, oshmem, rejected);
    }

    /** @return why the line was rejected, or {@code null} once it is added. */
    private static String ours(final String line, final int nPes, final List<Line> lines)
    {
        final Matcher matcher = OURS.matcher(line);
        if (!matcher.matches())
        {
            return "not a coll result line";
        }
        final CollCase c = CollCase.find(matcher.group(1), Long.parseLong(matcher.group(2)), nPes);
        if (c == null)
        {
            return "no case '" + matcher.group(1) + "' of " + matcher.group(2) + " bytes at " + nPes + " PEs";
        }
        final int pe = Integer.parseInt(matcher.group(4));
        if (pe >= nPes)
        {
            return "pe " + pe + " not in [0, " + nPes + ")";
        }
        final double p999 = Double.parseDouble(matcher.group(8));
        final double max = Double.parseDouble(matcher.group(9));
        if (p999 > max)
        {
            // the samples' p50 and mean come from another pass than p99.9 and max, so only these two are ordered
            return "p99.9 above the max";
        }
        lines.add(new Line(c, Integer.parseInt(matcher.group(3)), pe, Double.parseDouble(matcher.group(6)),
            Double.parseDouble(matcher.group(7)), p999, max));
        return null;
    }

    private static String oshmem(final String line, final int nPes, final List<OshmemLine> oshmem)
    {
        final Matcher matcher = OSHMEM.matcher(line);
        if (!matcher.matches())
        {
            return "not an oshm_coll result line";
        }
        final int pes = Integer.parseInt(matcher.group(2));
        if (pes != nPes)
        {
            return "printed for " + pes + " PEs in a run on " + nPes;
        }
        final CollCase c = CollCase.find(matcher.group(1), Long.parseLong(matcher.group(3)), pes);
        if (c == null || !c.inOshmem())
        {
            return "no case '" + matcher.group(1) + "' of " + matcher.group(3) + " bytes at " + pes + " PEs";
        }
        oshmem.add(new OshmemLine(c, pes, Double.parseDouble(matcher.group(4))));
        return null;
    }
}
