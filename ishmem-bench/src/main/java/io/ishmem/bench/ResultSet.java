package io.ishmem.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every RESULT line of a run, grouped by (op, size, unit), with the median across rounds of each
 * implementation: {@code ishmem} (the library), {@code floor} (the same memory operations without the
 * library, same process, same mappings) and {@code c} (the C anchor program, when it was run), and the
 * library's ratio to the floor taken round by round (see {@link Row#ratio()}).
 */
final class ResultSet
{
    record Key(String op, long size, String unit)
    {
    }

    /**
     * One row of the report.
     *
     * @param pairedRatio the median over the rounds of each round's ours / floor, where both have a value in every
     *                    round (NaN where not): the figure the targets are checked on.
     */
    record Row(Key key, double ishmem, double floor, double c, double pairedRatio, Target target)
    {
        /**
         * @return ours against the floor: the paired ratio where there is one, else the ratio of the two medians.
         *         The pair suite times both in every round, sample by sample interleaved, and on the project's VM
         *         a whole round can run in another regime of the machine (put-with-signal's floor 149 ns in one
         *         round, 229 in another): the medians over the rounds of ours and of the floor then come from
         *         different rounds, and their ratio carries the regime's change (put-with-signal SET 1.14x, where
         *         the rounds' own ratios had a median of 1.06x).
         */
        double ratio()
        {
            return Double.isNaN(pairedRatio) ? ratioOfMedians() : pairedRatio;
        }

        double ratioOfMedians()
        {
            return Double.isNaN(floor) || floor == 0 ? Double.NaN : ishmem / floor;
        }

        String verdict()
        {
            return target == null ? "" : target.met(this) ? "met" : "MISSED";
        }
    }

    /** A goal from the benchmark issue: on the ratio to the floor, or on the absolute value. */
    record Target(String text, boolean onRatio, boolean atMost, double limit)
    {
        boolean met(final Row row)
        {
            final double value = onRatio ? row.ratio() : row.ishmem();
            return !Double.isNaN(value) && (atMost ? value <= limit : value >= limit);
        }
    }

    private final Map<Key, Map<String, List<Double>>> values = new LinkedHashMap<>();

    void add(final String impl, final String op, final long size, final String unit, final double value)
    {
        values.computeIfAbsent(new Key(op, size, unit), key -> new TreeMap<>())
            .computeIfAbsent(impl, name -> new ArrayList<>()).add(value);
    }

    /**
     * @param line {@code RESULT round impl op size unit value} (ours) or {@code RESULT impl op size unit value}
     *             (the C anchors); other lines are ignored.
     */
    void parse(final String line, final Map<String, String> cOpNames)
    {
        final String[] parts = line.trim().split("\\s+");
        if (parts.length == 7 && parts[0].equals("RESULT"))
        {
            add(parts[2], parts[3], Long.parseLong(parts[4]), parts[5], Double.parseDouble(parts[6]));
        }
        else if (parts.length == 6 && parts[0].equals("RESULT") && parts[1].startsWith("c"))
        {
            final String ours = cOpNames.get(parts[2] + "/" + parts[4]);
            if (ours != null)
            {
                add("c", ours, Long.parseLong(parts[3]), ours.equals("put_bandwidth") ? "GB_per_s" : "ns",
                    Double.parseDouble(parts[5]));
            }
        }
    }

    List<Row> rows(final Map<String, Target> targets)
    {
        final List<Row> rows = new ArrayList<>();
        for (final Map.Entry<Key, Map<String, List<Double>>> entry : values.entrySet())
        {
            final Map<String, List<Double>> byImpl = entry.getValue();
            if (!byImpl.containsKey(Report.LIBRARY))
            {
                continue;
            }
            final Key key = entry.getKey();
            rows.add(new Row(key, median(byImpl.get(Report.LIBRARY)), median(byImpl.get(Report.FLOOR)),
                median(byImpl.get("c")), pairedRatio(byImpl.get(Report.LIBRARY), byImpl.get(Report.FLOOR)),
                targets.get(key.op() + "/" + key.size())));
        }
        rows.sort(Comparator.comparing((Row row) -> row.key().op()).thenComparingLong(row -> row.key().size()));
        return rows;
    }

    /**
     * @return the median of ours / floor round by round (the lists hold one value per round, in the order of the
     *         rounds), or NaN where there is no floor or the two do not have a value in every round.
     */
    static double pairedRatio(final List<Double> ours, final List<Double> floor)
    {
        if (ours == null || floor == null || ours.isEmpty() || ours.size() != floor.size())
        {
            return Double.NaN;
        }
        final List<Double> ratios = new ArrayList<>(ours.size());
        for (int round = 0; round < ours.size(); round++)
        {
            if (floor.get(round) == 0)
            {
                return Double.NaN;
            }
            ratios.add(ours.get(round) / floor.get(round));
        }
        return median(ratios);
    }

    static double median(final List<Double> list)
    {
        if (list == null || list.isEmpty())
        {
            return Double.NaN;
        }
        final List<Double> sorted = new ArrayList<>(list);
        sorted.sort(Double::compare);
        final int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    static String format(final double value)
    {
        if (Double.isNaN(value))
        {
            return "-";
        }
        if (value >= 100)
        {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        return String.format(Locale.ROOT, value >= 10 ? "%.1f" : "%.2f", value);
    }

    static String size(final long bytes)
    {
        // a barrier's size is 0: no unit
        return bytes == 0 ? "0" : Sizes.of(bytes);
    }
}
