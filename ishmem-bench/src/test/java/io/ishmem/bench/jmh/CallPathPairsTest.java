package io.ishmem.bench.jmh;

import io.ishmem.bench.Spread;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CallPathPairsTest
{
    @Test
    void shouldPairEveryCallPathBenchmarkOnce()
    {
        final List<String> paired = new ArrayList<>();
        CallPathPairs.PAIRS.forEach((raw, paths) ->
        {
            paired.add(raw);
            paired.addAll(paths);
        });
        final TreeSet<String> benchmarks = new TreeSet<>();
        for (final Method method : CallPathBenchmark.class.getDeclaredMethods())
        {
            if (method.isAnnotationPresent(Benchmark.class))
            {
                benchmarks.add(method.getName());
            }
        }
        assertEquals(benchmarks.size(), paired.size(), "a benchmark paired twice: " + paired);
        assertEquals(benchmarks, new TreeSet<>(paired));
    }

    @Test
    void shouldRunOnlyThePairsOfTheRawOperationsNamed()
    {
        final Map<String, List<String>> only = CallPathPairs.only("rawGetAcquire,rawCopy8");
        assertEquals(List.of("rawCopy8", "rawGetAcquire"), List.copyOf(only.keySet()));
        assertEquals(CallPathPairs.PAIRS.get("rawGetAcquire"), only.get("rawGetAcquire"));
        final IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
            () -> CallPathPairs.only("rawCopy8,put8"));
        assertTrue(unknown.getMessage().contains("put8 is none of the raw operations"), unknown.getMessage());
    }

    @Test
    void shouldTakeEachDifferenceWithinItsRound()
    {
        final PairedScores scores = new PairedScores(Map.of("raw", List.of("path")), 2.0);
        // the VM slows down in round 2 and 3: both sides move, the difference does not
        scores.addRound("raw", Map.of("raw", 5.0, "path", 6.0));
        scores.addRound("raw", Map.of("raw", 9.0, "path", 10.5));
        scores.addRound("raw", Map.of("raw", 7.0, "path", 8.2));
        final Spread over = scores.overRaw("path");
        assertEquals(1.2, over.median(), 1e-9);
        assertEquals(1.0, over.min(), 1e-9);
        assertEquals(1.5, over.max(), 1e-9);
        assertTrue(scores.withinBudget("path"));
    }

    @Test
    void shouldMissTheBudgetWhenTheMedianDifferenceIsOverIt()
    {
        final PairedScores scores = new PairedScores(Map.of("raw", List.of("a", "b")), 2.0);
        scores.addRound("raw", Map.of("raw", 3.0, "a", 5.5, "b", 3.1));
        scores.addRound("raw", Map.of("raw", 3.0, "a", 4.9, "b", 9.0));
        scores.addRound("raw", Map.of("raw", 3.0, "a", 5.1, "b", 3.2));
        assertFalse(scores.withinBudget("a"));
        assertTrue(scores.withinBudget("b"), "one slow round is not the median");
        final String md = scores.markdown();
        assertTrue(md.contains("| a | 5.10 | raw | 3.00 | 2.10 | 1.90 to 2.50 | 3 | **no** |"), md);
        assertTrue(md.contains("| b | 3.20 | raw | 3.00 | 0.20 | 0.10 to 6.00 | 3 | yes |"), md);
        assertTrue(scores.csv().contains("a,raw,2,4.9000,3.0000,1.9000"), scores.csv());
    }

    @Test
    void shouldNotCallAPathWithoutRoundsWithinBudget()
    {
        final PairedScores scores = new PairedScores(Map.of("raw", List.of("path")), 2.0);
        assertFalse(scores.withinBudget("path"));
    }

    @Test
    void shouldRejectARoundMissingAScoreOrAnUnknownRaw()
    {
        final PairedScores scores = new PairedScores(Map.of("raw", List.of("path")), 2.0);
        final IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
            () -> scores.addRound("raw", Map.of("raw", 1.0)));
        assertTrue(missing.getMessage().contains("path"), missing.getMessage());
        final IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
            () -> scores.addRound("other", Map.of("other", 1.0)));
        assertTrue(unknown.getMessage().contains("other"), unknown.getMessage());
        assertFalse(scores.withinBudget("path"), "a rejected round left a score behind");
    }
}
