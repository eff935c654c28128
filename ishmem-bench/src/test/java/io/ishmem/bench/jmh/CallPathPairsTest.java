package io.ishmem.bench.jmh;

import io.ishmem.bench.Spread;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CallPathPairsTest
{
    private static TreeSet<String> benchmarks(final Class<?> type)
    {
        final TreeSet<String> names = new TreeSet<>();
        for (final Method method : type.getDeclaredMethods())
        {
            if (method.isAnnotationPresent(Benchmark.class))
            {
                names.add(method.getName());
            }
        }
        return names;
    }

    @Test
    void shouldPairEveryCallPathBenchmarkAndAlternateEveryPath()
    {
        final TreeSet<String> paired = new TreeSet<>(CallPathPairs.PAIRS.keySet());
        paired.addAll(CallPathPairs.PAIRS.values());
        assertEquals(benchmarks(CallPathBenchmark.class), paired, "CallPathBenchmark's paths and raw twins");
        assertEquals(benchmarks(CallPathAlternation.class), new TreeSet<>(CallPathPairs.PAIRS.keySet()),
            "CallPathAlternation's benchmarks");
    }

    @Test
    void shouldRunOnlyThePathsNamed()
    {
        final Map<String, String> only = CallPathPairs.only("signalAdd,put8");
        assertEquals(List.of("put8", "signalAdd"), List.copyOf(only.keySet()));
        assertEquals("rawGetAndAdd", only.get("signalAdd"));
        final IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
            () -> CallPathPairs.only("put8,rawCopy8"));
        assertTrue(unknown.getMessage().contains("rawCopy8 is none of the paths"), unknown.getMessage());
    }

    @Test
    void shouldStartEveryMeasurementOnTheLibrarysTurn()
    {
        assertEquals(0, CallPathAlternation.WARMUPS % 2, "an odd warm-up count puts the raw side first");
        assertEquals(0, CallPathAlternation.MEASURED % 2, "an odd count leaves one side a turn short");
        assertTrue(CallPathAlternation.libraryIteration(0));
        assertFalse(CallPathAlternation.libraryIteration(1));
        assertTrue(CallPathAlternation.libraryIteration(CallPathAlternation.MEASURED - 2));
    }

    @Test
    void shouldSplitAForksIterationsByTurn()
    {
        final List<Double> iterations = new ArrayList<>();
        for (int i = 0; i < CallPathAlternation.MEASURED; i++)
        {
            // the machine slows down halfway: each side's median follows, the difference between them does not
            final double level = i < CallPathAlternation.MEASURED / 2 ? 0 : 4;
            iterations.add(level + (i % 2 == 0 ? 7.0 + i * 0.001 : 5.0));
        }
        final double[] turns = CallPathPairs.turns(iterations);
        assertEquals(2.0, turns[0] - turns[1], 0.1);
        assertTrue(turns[0] > 7.0 && turns[1] >= 5.0, () -> turns[0] + " " + turns[1]);
        final IllegalStateException short_ = assertThrows(IllegalStateException.class,
            () -> CallPathPairs.turns(iterations.subList(0, 3)));
        assertTrue(short_.getMessage().contains("measured 3 iterations"), short_.getMessage());
    }

    @Test
    void shouldTakeEachDifferenceWithinItsRound()
    {
        final PairedScores scores = new PairedScores(Map.of("path", "raw"), 2.0);
        // the VM slows down in round 2 and 3: both sides move, the difference does not
        scores.addRound("path", 6.0, 5.0);
        scores.addRound("path", 10.5, 9.0);
        scores.addRound("path", 8.2, 7.0);
        final Spread over = scores.overRaw("path");
        assertEquals(1.2, over.median(), 1e-9);
        assertEquals(1.0, over.min(), 1e-9);
        assertEquals(1.5, over.max(), 1e-9);
        assertTrue(scores.withinBudget("path"));
    }

    @Test
    void shouldMissTheBudgetWhenTheMedianDifferenceIsOverIt()
    {
        final Map<String, String> pairs = new LinkedHashMap<>();
        pairs.put("a", "raw");
        pairs.put("b", "raw");
        final PairedScores scores = new PairedScores(pairs, 2.0);
        scores.addRound("a", 5.5, 3.0);
        scores.addRound("a", 4.9, 3.0);
        scores.addRound("a", 5.1, 3.0);
        scores.addRound("b", 3.1, 3.0);
        scores.addRound("b", 9.0, 3.0);
        scores.addRound("b", 3.2, 3.0);
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
        final PairedScores scores = new PairedScores(Map.of("path", "raw"), 2.0);
        assertFalse(scores.withinBudget("path"));
    }

    @Test
    void shouldRejectAnUnknownPathOrAScoreThatIsNoNumber()
    {
        final PairedScores scores = new PairedScores(Map.of("path", "raw"), 2.0);
        final IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
            () -> scores.addRound("other", 1.0, 1.0));
        assertTrue(unknown.getMessage().contains("other"), unknown.getMessage());
        final IllegalArgumentException nan = assertThrows(IllegalArgumentException.class,
            () -> scores.addRound("path", Double.NaN, 1.0));
        assertTrue(nan.getMessage().contains("finite"), nan.getMessage());
        assertFalse(scores.withinBudget("path"), "a rejected round left a score behind");
    }
}
