package io.ishmem.bench.coll;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CollOutputTest
{
    @Test
    void shouldReadOurLinesAsTheCaseOfTheirNameAndSize()
    {
        final CollOutput.Parsed parsed = CollOutput.parse(List.of(
            "coll sum_to_all 8 round 1 pe 3 k=100 p50=812.0 mean=840.5 p999=5210.0 max=20480.0 ns",
            "coll sum_to_all 1048576 round 2 pe 0 k=2 p50=412000.5 mean=420000.0 p999=900000.0 max=900000.0 ns",
            "coll fcollect64 262144 round 1 pe 1 k=2 p50=143000.0 mean=157000.0 p999=1290000.0 max=1290000.0 ns",
            "coll barrier_all 0 round 0 pe 0 k=200 p50=135.0 mean=144.0 p999=4210.0 max=4210.0 ns"), 4);

        assertEquals(List.of(), parsed.rejected());
        assertEquals(List.of(), parsed.oshmem());
        assertEquals(List.of(new CollOutput.Line(CollCase.SUM_SMALL, 1, 3, 812.0, 840.5, 5210.0, 20480.0),
            new CollOutput.Line(CollCase.SUM_LARGE, 2, 0, 412000.5, 420000.0, 900000.0, 900000.0),
            new CollOutput.Line(CollCase.FCOLLECT_LARGE, 1, 1, 143000.0, 157000.0, 1290000.0, 1290000.0),
            new CollOutput.Line(CollCase.BARRIER_ALL, 0, 0, 135.0, 144.0, 4210.0, 4210.0)), parsed.lines());
    }

    @Test
    void shouldReadOshmCollLinesWithTheirPerPeFcollectSize()
    {
        final CollOutput.Parsed parsed = CollOutput.parse(List.of(
            "RESULT oshmem barrier_all_8pe 0 ns_per_op 40732.6",
            "RESULT oshmem fcollect64_8pe 131072 ns_per_op 1064985.0",
            "RESULT oshmem fcollect64_8pe 8 ns_per_op 42946.7",
            "RESULT oshmem fetch_add_one_word_8pe 8 ns_per_op 28.2",
            "RESULT oshmem malloc_free_8pe 4096 ns_per_op 81951"), 8);

        assertEquals(List.of(), parsed.rejected());
        assertEquals(List.of(new CollOutput.OshmemLine(CollCase.BARRIER_ALL, 8, 40732.6),
            new CollOutput.OshmemLine(CollCase.FCOLLECT_LARGE, 8, 1064985.0),
            new CollOutput.OshmemLine(CollCase.FCOLLECT_SMALL, 8, 42946.7),
            new CollOutput.OshmemLine(CollCase.FETCH_ADD_ONE_WORD, 8, 28.2),
            new CollOutput.OshmemLine(CollCase.MALLOC_FREE, 8, 81951)), parsed.oshmem());
    }

    @Test
    void shouldPassOverLinesThatAreNotResults()
    {
        final CollOutput.Parsed parsed = CollOutput.parse(List.of(
            "--------------------------------------------------------------------------",
            "[main] INFO io.ishmem.core.runtime.IshmemRuntime - ishmem4j started: PE 0 of 2",
            "RESULT 1 ishmem barrier_2pes 0 ns 120.0",
            "collective order mismatch on team WORLD",
            ""), 2);

        assertEquals(List.of(), parsed.lines());
        assertEquals(List.of(), parsed.oshmem());
        assertEquals(List.of(), parsed.rejected());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // cut off mid-line, as when a PE dies while printing
        "coll barrier_all 0 round 1 pe 0 k=200 p50=135.0 mean=14",
        // a field missing
        "coll barrier_all 0 round 1 pe 0 k=200 p50=135.0 p999=4210.0 max=4210.0 ns",
        // not a number
        "coll barrier_all 0 round 1 pe 0 k=200 p50=NaN mean=144.0 p999=4210.0 max=4210.0 ns",
        // a case nobody runs
        "coll broadcast32 8 round 1 pe 0 k=100 p50=135.0 mean=144.0 p999=4210.0 max=4210.0 ns",
        // a size no case has at this PE count (fcollect of 1 MiB in all is 512 KiB per PE at 2 PEs)
        "coll fcollect64 262144 round 1 pe 0 k=2 p50=135.0 mean=144.0 p999=4210.0 max=4210.0 ns",
        // a PE the job does not have
        "coll barrier_all 0 round 1 pe 2 k=200 p50=135.0 mean=144.0 p999=4210.0 max=4210.0 ns",
        // p99.9 above the max
        "coll barrier_all 0 round 1 pe 0 k=200 p50=135.0 mean=144.0 p999=5000.0 max=4210.0 ns",
        // oshm_coll's line for another PE count
        "RESULT oshmem barrier_all_4pe 0 ns_per_op 516.0",
        // oshm_coll's line, cut off
        "RESULT oshmem barrier_all_2pe 0 ns_per_op",
        // our team barrier is not one of oshm_coll's
        "RESULT oshmem team_barrier_2pe 0 ns_per_op 516.0"})
    void shouldRejectAndKeepMalformedResultLines(final String line)
    {
        final CollOutput.Parsed parsed = CollOutput.parse(List.of(line,
            "coll barrier_all 0 round 2 pe 1 k=200 p50=135.0 mean=144.0 p999=4210.0 max=4210.0 ns"), 2);

        assertEquals(1, parsed.lines().size(), "the good line is still read");
        assertEquals(2, parsed.lines().getFirst().round());
        assertEquals(1, parsed.rejected().size());
        assertTrue(parsed.rejected().getFirst().endsWith(line), parsed.rejected().getFirst());
    }
}
