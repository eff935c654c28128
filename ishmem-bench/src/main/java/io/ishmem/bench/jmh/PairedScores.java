package io.ishmem.bench.jmh;

import io.ishmem.bench.Spread;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The scores of library paths and their raw twins, round by round: each path's cost over its raw operation is taken
 * within a round (one fork, where the two took turns), then summarised over the rounds (median and range), so a
 * drift between rounds moves both sides of a difference.
 */
final class PairedScores
{
    private final Map<String, String> rawOf;
    private final double budgetNs;
    private final Map<String, List<Double>> library = new LinkedHashMap<>();
    private final Map<String, List<Double>> raw = new LinkedHashMap<>();

    /**
     * @param rawOf    each library path's name and the raw operation it ends in, in the order of the report.
     * @param budgetNs what a path may cost over its raw operation.
     */
    PairedScores(final Map<String, String> rawOf, final double budgetNs)
    {
        this.rawOf = rawOf;
        this.budgetNs = budgetNs;
    }

    /**
     * One round of one path.
     *
     * @param path      the library path, a key of the pairs.
     * @param libraryNs the path's score in this round.
     * @param rawNs     its raw operation's score in the same round.
     */
    void addRound(final String path, final double libraryNs, final double rawNs)
    {
        if (!rawOf.containsKey(path))
        {
            throw new IllegalArgumentException("path: " + path + " is none of the paired paths " + rawOf.keySet());
        }
        if (!Double.isFinite(libraryNs) || !Double.isFinite(rawNs))
        {
            throw new IllegalArgumentException("round of " + path + ": scores must be finite, got library " +
                libraryNs + " and raw " + rawNs);
        }
        library.computeIfAbsent(path, n -> new ArrayList<>()).add(libraryNs);
        raw.computeIfAbsent(path, n -> new ArrayList<>()).add(rawNs);
    }

    /** @return the path's cost over its raw operation: median and range of the rounds' differences. */
    Spread overRaw(final String path)
    {
        return Spread.of(differences(path));
    }

    /** @return whether the median of the path's rounds lies within the budget (false if it has none). */
    boolean withinBudget(final String path)
    {
        final Spread over = overRaw(path);
        return !over.isEmpty() && over.median() <= budgetNs;
    }

    private List<Double> differences(final String path)
    {
        final List<Double> lib = library.getOrDefault(path, List.of());
        final List<Double> twin = raw.getOrDefault(path, List.of());
        final List<Double> over = new ArrayList<>(lib.size());
        for (int i = 0; i < lib.size(); i++)
        {
            over.add(lib.get(i) - twin.get(i));
        }
        return over;
    }

    String markdown()
    {
        final StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "Call paths against their raw operation: JMH average time (ns/op), " +
            "one fork per path and round in which the path and its raw twin take turns, iteration by iteration; " +
            "library and raw = medians over the rounds; over raw = median and range of the rounds' differences; " +
            "budget %.1f ns%n%n", budgetNs));
        md.append("| call path | library | raw operation | raw | over raw | rounds' range | rounds | within budget |\n");
        md.append("|---|---:|---|---:|---:|---|---:|---|\n");
        for (final Map.Entry<String, String> pair : rawOf.entrySet())
        {
            final String path = pair.getKey();
            final Spread over = overRaw(path);
            md.append(String.format(Locale.ROOT, "| %s | %.2f | %s | %.2f | %.2f | %.2f to %.2f | %d | %s |%n",
                path, Spread.of(library.getOrDefault(path, List.of())).median(), pair.getValue(),
                Spread.of(raw.getOrDefault(path, List.of())).median(), over.median(), over.min(), over.max(),
                library.getOrDefault(path, List.of()).size(), withinBudget(path) ? "yes" : "**no**"));
        }
        return md.toString();
    }

    String csv()
    {
        final StringBuilder csv = new StringBuilder("path,raw,round,library_ns,raw_ns,over_raw_ns\n");
        for (final Map.Entry<String, String> pair : rawOf.entrySet())
        {
            final String path = pair.getKey();
            final List<Double> lib = library.getOrDefault(path, List.of());
            final List<Double> over = differences(path);
            for (int i = 0; i < lib.size(); i++)
            {
                csv.append(String.format(Locale.ROOT, "%s,%s,%d,%.4f,%.4f,%.4f%n", path, pair.getValue(), i + 1,
                    lib.get(i), raw.get(path).get(i), over.get(i)));
            }
        }
        return csv.toString();
    }
}
