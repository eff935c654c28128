package io.ishmem.bench.tails;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TailReportTest
{
    @TempDir
    Path out;

    @Test
    void shouldRebuildTheReportFromRawLines() throws Exception
    {
        final List<String> raw = List.of(
            "running tails ...",
            "tails/oshmem/2 tail barrier round 0 n=20000 p50=0.24 p90=0.30 p99=0.36 p999=1.21 max=12.4 mean=0.25 us",
            "tails/oshmem/2 tail barrier round 1 n=20000 p50=0.24 p90=0.30 p99=0.42 p999=0.74 max=128.0 mean=0.25 us",
            "tails/ours-bound/2 [0] tail barrier round 0 pe 0 n=20000 p50=0.140 p90=0.220 p99=0.701 p999=9.0 " +
                "p9999=48.0 max=120.7 mean=0.5 us",
            "tails/ours-bound/2 [0] tail barrier round 1 pe 0 n=20000 p50=0.120 p90=0.190 p99=0.201 p999=0.231 " +
                "p9999=49.375 max=203.6 mean=0.135 us",
            "tails/ours-bound/2 [1] some other line of PE 1");
        final String table = TailReport.report(raw, List.of("a note"), out);
        assertTrue(table.contains("a note"), table);
        assertTrue(Files.exists(out.resolve("tails.md")));
        final List<String> csv = Files.readAllLines(out.resolve("tails.csv"));
        assertTrue(csv.stream().anyMatch(line -> line.contains("oshmem") || line.contains("OSHMEM")), csv.toString());
        assertTrue(csv.stream().anyMatch(line -> line.contains("bound")), csv.toString());
        // ours bound, round 1 against OSHMEM round 1: p99.9 0.231 <= 0.74, so the goal is met
        assertTrue(table.lines().anyMatch(line -> line.contains("p99.9 <= OSHMEM p99.9") &&
            line.contains("ours bound") && line.contains("met")), table);
    }

    @Test
    void shouldRefuseAnUnknownRunTag()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> TailReport.report(List.of("tails/theirs/2 tail barrier round 0 n=1 p50=1 p90=1 p99=1 p999=1 " +
                "max=1 mean=1 us"), List.of(), out));
        assertEquals("raw.txt: run tag 'theirs' is not one of ours-unbound, ours-bound, oshmem", ex.getMessage());
    }
}
