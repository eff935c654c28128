package io.ishmem.bench.gpu;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every figure of a GPU bench run, from the PEs' {@link ResultLines} and the NVSHMEM program's output
 * ({@link NvshmemOutput}), summarised per {@link ResultKey} over the measured rounds.
 */
final class GpuResults
{
    private final Map<ResultKey, List<Double>> values = new LinkedHashMap<>();
    private final Map<ResultKey, List<Tails>> tails = new LinkedHashMap<>();

    void add(final ResultKey key, final double value)
    {
        values.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
    }

    void addTails(final ResultKey key, final Tails roundTails)
    {
        tails.computeIfAbsent(key, k -> new ArrayList<>()).add(roundTails);
    }

    /**
     * Takes a RESULT or TAILS line of a measured round; warm-up rounds (round 0) and every other line are
     * passed over, and so is a malformed line: one garbled line of output must not lose a whole run.
     *
     * @return whether the line was taken.
     */
    boolean parse(final String line)
    {
        final String[] parts = line.trim().split("\\s+");
        try
        {
            if (parts.length == 7 && parts[0].equals(ResultLines.RESULT))
            {
                if (Integer.parseInt(parts[1]) <= 0)
                {
                    return false;
                }
                add(key(parts), Double.parseDouble(parts[6]));
                return true;
            }
            if (parts.length == 11 && parts[0].equals(ResultLines.TAILS))
            {
                if (Integer.parseInt(parts[1]) <= 0)
                {
                    return false;
                }
                addTails(key(parts), new Tails(Double.parseDouble(parts[6]), Double.parseDouble(parts[7]),
                    Double.parseDouble(parts[8]), Double.parseDouble(parts[9]), Double.parseDouble(parts[10])));
                return true;
            }
        }
        catch (final NumberFormatException ex)
        {
            return false;
        }
        return false;
    }

    private static ResultKey key(final String[] parts)
    {
        return new ResultKey(parts[2], parts[3], Long.parseLong(parts[4]), parts[5]);
    }

    /**
     * @return one summary per figure that has values, ordered by operation, implementation and size.
     */
    List<Summary> summaries()
    {
        final List<Summary> summaries = new ArrayList<>();
        for (final Map.Entry<ResultKey, List<Double>> entry : values.entrySet())
        {
            final List<Double> list = entry.getValue();
            final List<Tails> roundTails = tails.get(entry.getKey());
            summaries.add(new Summary(entry.getKey(), Medians.of(list),
                list.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN),
                list.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN), list.size(),
                roundTails == null ? null : Tails.combine(roundTails)));
        }
        summaries.sort(Comparator.comparing((Summary s) -> s.key().op()).thenComparing(s -> s.key().impl())
            .thenComparingLong(s -> s.key().size()));
        return summaries;
    }
}
