package io.ishmem.bench.jmh;

import io.ishmem.bench.Spread;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The scores of paired forks, round by round: each library path's cost over its raw twin is taken within a round,
 * then summarised over the rounds (median and range), so a drift between rounds moves both sides of a difference.
 */
final class PairedScores
{
    private final Map<String, List<String>> pairs;
    private final double budgetNs;
    private final Map<String, List<Double>> scores = new LinkedHashMap<>();
    private final Map<String, List<Double>> overRaw = new LinkedHashMap<>();

    /**
     * @param pairs    each raw operation's name and the library paths that end in it.
     * @param budgetNs what a path may cost over its raw operation.
     */
    PairedScores(final Map<String, List<String>> pairs, final double budgetNs)
    {
        this.pairs = pairs;
        this.budgetNs = budgetNs;
    }

    /**
     * One round of one raw operation and its paths.
     *
     * @param raw   the raw operation, a key of the pairs.
     * @param round the score of each benchmark of the pair in this round, by name: the raw one and all its paths.
     */
    void addRound(final String raw, final Map<String, Double> round)
    {
        final List<String> paths = pairs.get(raw);
        if (paths == null)
        {
            throw new IllegalArgumentException("raw: " + raw + " is none of the pairs' raw operations " +
                pairs.keySet());
        }
        final Double rawScore = round.get(raw);
        if (rawScore == null)
        {
            throw new IllegalArgumentException("round: no score for the raw operation " + raw);
        }
        for (final String path : paths)
        {
            if (!round.containsKey(path))
            {
                throw new IllegalArgumentException("round: no score for " + path + ", a path of " + raw);
            }
        }
        scores.computeIfAbsent(raw, n -> new ArrayList<>()).add(rawScore);
        for (final String path : paths)
        {
            final double score = round.get(path);
            scores.computeIfAbsent(path, n -> new ArrayList<>()).add(score);
            overRaw.computeIfAbsent(path, n -> new ArrayList<>()).add(score - rawScore);
        }
    }

    /** @return the path's cost over its raw operation: median and range of the rounds' differences. */
    Spread overRaw(final String path)
    {
        return Spread.of(overRaw.getOrDefault(path, List.of()));
    }

    /** @return whether the median of the path's rounds lies within the budget (false if it has none). */
    boolean withinBudget(final String path)
    {
        final Spread over = overRaw(path);
        return !over.isEmpty() && over.median() <= budgetNs;
    }

    String markdown()
    {
        final StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "Call paths against their raw operation: JMH average time (ns/op), " +
            "one fork of each per round, a path next to its raw twin; over raw = median and range of the rounds' " +
            "differences; budget %.1f ns%n%n", budgetNs));
        md.append("| call path | library | raw operation | raw | over raw | rounds' range | rounds | within budget |\n");
        md.append("|---|---:|---|---:|---:|---|---:|---|\n");
        for (final Map.Entry<String, List<String>> pair : pairs.entrySet())
        {
            final Spread raw = Spread.of(scores.getOrDefault(pair.getKey(), List.of()));
            for (final String path : pair.getValue())
            {
                final Spread over = overRaw(path);
                md.append(String.format(Locale.ROOT, "| %s | %.2f | %s | %.2f | %.2f | %.2f to %.2f | %d | %s |%n",
                    path, Spread.of(scores.getOrDefault(path, List.of())).median(), pair.getKey(), raw.median(),
                    over.median(), over.min(), over.max(), overRaw.getOrDefault(path, List.of()).size(),
                    withinBudget(path) ? "yes" : "**no**"));
            }
        }
        return md.toString();
    }

    String csv()
    {
        final StringBuilder csv = new StringBuilder("path,raw,round,library_ns,raw_ns,over_raw_ns\n");
        for (final Map.Entry<String, List<String>> pair : pairs.entrySet())
        {
            final List<Double> raw = scores.getOrDefault(pair.getKey(), List.of());
            for (final String path : pair.getValue())
            {
                final List<Double> library = scores.getOrDefault(path, List.of());
                for (int i = 0; i < library.size(); i++)
                {
                    csv.append(String.format(Locale.ROOT, "%s,%s,%d,%.4f,%.4f,%.4f%n", path, pair.getKey(), i + 1,
                        library.get(i), raw.get(i), overRaw.get(path).get(i)));
                }
            }
        }
        return csv.toString();
    }
}
