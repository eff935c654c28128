package io.ishmem.bench;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultSetTest
{
    private static final Map<String, ResultSet.Target> TARGET =
        Map.of("putsig/8", new ResultSet.Target("<= 1.10x floor", true, true, 1.10));

    private static ResultSet.Row only(final ResultSet results)
    {
        final List<ResultSet.Row> rows = results.rows(TARGET);
        assertEquals(1, rows.size(), rows::toString);
        return rows.get(0);
    }

    @Test
    void shouldCheckTheTargetOnTheRoundsOwnRatios()
    {
        final ResultSet results = new ResultSet();
        // put-with-signal SET, 8 B, the ten rounds of the bench run of 2026-11-29 on 9c8e0f5 (ns, ours and floor):
        // the VM's regime moved between rounds (floor 149 to 229 ns), and the median of ours and the median of the
        // floor came from different rounds
        final double[][] rounds = {{252.859, 228.453}, {254.563, 202.344}, {183.125, 175.125}, {232.297, 228.656},
            {229.938, 179.703}, {213.422, 215.422}, {182.297, 181.625}, {160.828, 149.016}, {179.484, 186.500},
            {257.781, 227.578}};
        for (final double[] round : rounds)
        {
            results.add(Report.LIBRARY, "putsig", 8, "ns", round[0]);
            results.add(Report.FLOOR, "putsig", 8, "ns", round[1]);
        }
        final ResultSet.Row row = only(results);
        assertEquals((213.422 + 229.938) / 2, row.ishmem(), 1e-9);
        assertEquals((186.500 + 202.344) / 2, row.floor(), 1e-9);
        assertEquals(1.140, row.ratioOfMedians(), 0.001);
        // the rounds' own ratios, sorted: ... 1.0159, 1.0457, 1.0793, 1.1068 ...: the median of the middle two
        assertEquals((183.125 / 175.125 + 160.828 / 149.016) / 2, row.ratio(), 1e-9);
        assertEquals("met", row.verdict());
    }

    @Test
    void shouldMissWhenTheRoundsThemselvesAreOver()
    {
        final ResultSet results = new ResultSet();
        for (int round = 0; round < 3; round++)
        {
            results.add(Report.LIBRARY, "putsig", 8, "ns", 120);
            results.add(Report.FLOOR, "putsig", 8, "ns", 100);
        }
        final ResultSet.Row row = only(results);
        assertEquals(1.2, row.ratio(), 1e-9);
        assertEquals("MISSED", row.verdict());
    }

    @Test
    void shouldFallBackToTheRatioOfMediansWhereRoundsDoNotPair()
    {
        final ResultSet results = new ResultSet();
        results.add(Report.LIBRARY, "putsig", 8, "ns", 110);
        results.add(Report.LIBRARY, "putsig", 8, "ns", 130);
        results.add(Report.FLOOR, "putsig", 8, "ns", 100);
        final ResultSet.Row row = only(results);
        assertTrue(Double.isNaN(row.pairedRatio()));
        assertEquals(1.2, row.ratio(), 1e-9);
        assertTrue(Double.isNaN(ResultSet.pairedRatio(List.of(1.0), null)));
        assertTrue(Double.isNaN(ResultSet.pairedRatio(List.of(1.0), List.of(0.0))));
    }
}
