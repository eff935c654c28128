package io.ishmem.bench.coll;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CollTableTest
{
    @Test
    void shouldWriteTimesWithTheirUnitAndAboutThreeDigits()
    {
        assertEquals("5.2 ns", CollTable.time(5.23));
        assertEquals("812 ns", CollTable.time(812.4));
        assertEquals("1.93 us", CollTable.time(1930));
        assertEquals("23.4 us", CollTable.time(23_400));
        assertEquals("398 us", CollTable.time(398_000));
        assertEquals("1.65 ms", CollTable.time(1_650_000));
        assertEquals("-", CollTable.time(Double.NaN));
        assertEquals("1.17x", CollTable.ratio(1.1666));
        assertEquals("-", CollTable.ratio(Double.NaN));
    }

    @Test
    void shouldWriteEveryRowTheCsvAndTheMissesGroupedByGoal(@TempDir final Path out) throws Exception
    {
        final CollResults results = new CollResults();
        for (final int round : new int[] {0, 1})
        {
            for (final int pes : new int[] {2, 4})
            {
                results.add(pes, CollResultsTest.line(CollCase.TEAM_BARRIER, round, 0, 400, 900));
                results.add(pes, CollResultsTest.line(CollCase.RAW_BARRIER, round, 0, 300, 900));
                results.add(pes, CollResultsTest.line(CollCase.ALLTOALL, round, 1, 700, 9000));
            }
        }
        results.add(new CollOutput.OshmemLine(CollCase.ALLTOALL, 2, 386));
        // over UCX: figures at 2 PEs only, as when the run at 4 PEs failed
        for (final int round : new int[] {0, 1})
        {
            results.addOverUcx(2, CollResultsTest.line(CollCase.TEAM_BARRIER, round, 0, 4000, 9000));
            results.addOverUcx(2, CollResultsTest.line(CollCase.ALLTOALL, round, 1, 1500, 12000));
        }

        final String md = CollPhase.write(results, List.of(2, 4), List.of("a note"), out);

        assertEquals(md, Files.readString(out.resolve("coll.md")));
        assertTrue(md.contains("a note  \n"), md);
        assertTrue(md.contains("| operation | size | PEs | ours p50 | p99.9 | max | mean | ours over UCX p50 | " +
            "UCX p99.9 | UCX max | floor | floor p50 | ours/floor | OSHMEM p50 | ours/OSHMEM | UCX/OSHMEM | target | " +
            "verdict |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---|---|\n"), md);
        // ours over UCX beside ours, its ratio to OSHMEM after ours; the goals stay those of ours (700 ns)
        assertTrue(md.contains("| alltoall | 8 B per pair | 2 | 700 ns | 4.50 us | 9.00 us | 770 ns | 1.50 us | " +
            "6.00 us | 12.0 us | raw barrier | 300 ns | 2.33x | 386 ns | 1.81x | 3.89x | <= OSHMEM<br><= 1.5x our " +
            "team barrier | missed by 81%<br>missed by 17% |"), md);
        // no figures over UCX at 4 PEs: its cells are empty and every other one is still there
        assertTrue(md.contains("| alltoall | 8 B per pair | 4 | 700 ns | 4.50 us | 9.00 us | 770 ns | - | - | - | " +
            "raw barrier | 300 ns | 2.33x | - | - | - | <= OSHMEM<br><= 1.5x our team barrier | no reference<br>" +
            "missed by 17% |"), md);
        assertTrue(md.contains("| barrier(world team) | - | 2 | 400 ns | 450 ns | 900 ns | 440 ns | 4.00 us |"), md);
        assertTrue(md.contains("| barrier(world team) | - | 4 | 400 ns |"), md);
        assertTrue(md.contains("`ISHMEM_TRANSPORT=ucx`"), md);
        // one "why" per goal, then every miss of it
        final int why = md.indexOf("**<= 1.5x our team barrier**: an 8-byte collective");
        assertTrue(why > 0, md);
        assertTrue(md.indexOf("- 2 PEs, alltoall, 8 B per pair: missed by 17% (ours 700 ns, limit 600 ns)") > why, md);
        assertTrue(md.indexOf("- 4 PEs, alltoall, 8 B per pair: missed by 17%") > why, md);
        assertEquals(md.indexOf("**<= 1.5x our team barrier**"), md.lastIndexOf("**<= 1.5x our team barrier**"));

        final List<String> csv = Files.readAllLines(out.resolve("coll.csv"));
        assertEquals(CollCsv.HEADER, csv.getFirst());
        // the columns of before, in their order, then those of the run over UCX
        assertEquals(List.of("pes", "op", "size_bytes", "rounds", "p50_ns", "p50_min_ns", "p50_max_ns", "p999_ns",
            "max_ns", "mean_ns", "floor", "floor_ns", "ratio_to_floor", "oshmem_ns", "ratio_to_oshmem", "targets",
            "verdicts", "ucx_rounds", "ucx_p50_ns", "ucx_p50_min_ns", "ucx_p50_max_ns", "ucx_p999_ns", "ucx_max_ns",
            "ucx_mean_ns", "ucx_ratio_to_oshmem"), List.of(csv.getFirst().split(",")));
        assertEquals(1 + 2 * 13, csv.size(), "our 13 cases at 2 PE counts");
        assertTrue(csv.contains("2,alltoall64,8,1,700.0000,700.0000,700.0000,4500.0000,9000.0000,770.0000," +
            "raw_barrier,300.0000,2.3333,386.0000,1.8135,<= OSHMEM; <= 1.5x our team barrier,missed by 81%; " +
            "missed by 17%,1,1500.0000,1500.0000,1500.0000,6000.0000,12000.0000,1650.0000,3.8860"),
            String.join("\n", csv));
        assertTrue(csv.contains("4,alltoall64,8,1,700.0000,700.0000,700.0000,4500.0000,9000.0000,770.0000," +
            "raw_barrier,300.0000,2.3333,,,<= OSHMEM; <= 1.5x our team barrier,no reference; missed by 17%,0,,,,,,,"),
            String.join("\n", csv));
        assertTrue(csv.contains("4,malloc_free,4096,0,,,,,,,2x raw_barrier,600.0000,,,,<= OSHMEM,not run,0,,,,,,,"),
            String.join("\n", csv));
        // every line has every column, the empty ones included
        csv.forEach(line -> assertEquals(25, line.split(",", -1).length, line));
        assertTrue(Files.size(out.resolve("coll_barriers_small.png")) > 1000);
    }
}
