package io.ishmem.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A smoke run of the bench tool (seconds), so it cannot rot: every suite runs and every output is written. */
class BenchSuiteSmokeTest
{
    @Test
    @Timeout(300)
    void shouldRunEverySuiteAndWriteTheTableCsvAndPlots(@TempDir final Path out) throws IOException
    {
        final int exit = new CommandLine(new BenchSuite()).execute("--quick", "--pes", "4", "--ring-pes", "4",
            "--out", out.toString());
        assertEquals(0, exit);
        final String table = Files.readString(out.resolve("table.md"));
        for (final String op : new String[] {"p_wait_oneway", "putsig_set_read_oneway", "putsig_add_read_oneway",
            "barrier_2pes", "barrier_4pes", "team_sync_2pes", "team_split_destroy_4pes", "put_quiet", "signal_add_uncontended", "put_bandwidth", "malloc_free_2pes",
            "ring_putsig_hops_4pes"})
        {
            assertTrue(table.contains("| " + op + " |"), op + " missing from\n" + table);
        }
        final String csv = Files.readString(out.resolve("results.csv"));
        assertTrue(csv.startsWith("op,size_bytes,unit,ishmem,floor,ratio_to_floor"), csv);
        for (final String png : new String[] {"putsig_latency.png", "put_bandwidth.png", "small_ops.png"})
        {
            assertTrue(Files.size(out.resolve(png)) > 1000, png);
        }
    }
}
