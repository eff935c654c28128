package io.ishmem.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A smoke run of the bench tool (seconds), so it cannot rot: every suite runs and every output is written. */
class BenchSuiteSmokeTest
{
    private static final String[] TAIL_OPS = {"barrier_all", "malloc(64) + free", "team split (all PEs) + destroy",
        "put-with-signal 8 B SET, round trip", "p + waitUntil, round trip"};

    @Test
    @Timeout(300)
    void shouldRunEverySuiteAndWriteTheTableCsvAndPlots(@TempDir final Path out) throws IOException
    {
        final int exit = new CommandLine(new BenchSuite()).execute("--quick", "--only", "suite", "--pes", "4",
            "--ring-pes", "4", "--out", out.toString());
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
        assertFalse(Files.exists(out.resolve("tails.md")), "--only suite ran the tails phase");
    }

    @Test
    @Timeout(120)
    void shouldRunTheTailsPhaseAloneAndWriteEveryRow(@TempDir final Path out) throws IOException
    {
        final int exit = new CommandLine(new BenchSuite()).execute("--quick", "--only", "tails", "--tail-pes", "2",
            "--out", out.toString());
        assertEquals(0, exit);
        final String md = Files.readString(out.resolve("tails.md"));
        for (final String op : TAIL_OPS)
        {
            for (final String variant : new String[] {"ours unbound, PE 0", "ours unbound, worst PE",
                "ours bound, PE 0", "ours bound, worst PE", "ours over UCX, PE 0", "ours over UCX, worst PE"})
            {
                // quick: 2 rounds, so every row covers the one round after the warm-up
                assertTrue(md.contains("| 2 | " + op + " | " + variant + " | 1 | "), op + ", " + variant + "\n" + md);
            }
        }
        assertFalse(md.contains("OSHMEM, PE 0"), md);
        for (final String variant : new String[] {"ours unbound", "ours bound"})
        {
            assertTrue(md.contains("| 2 | barrier_all | mean <= 1.2x OSHMEM mean | " + variant + " | "), md);
            assertTrue(md.contains("| 2 | malloc(64) + free | p99.9 <= OSHMEM p99.9 | " + variant + " | "), md);
            assertTrue(md.contains("| 2 | barrier_all | max <= 1000 us in every round after the first, any PE | " +
                variant + " | "), md);
        }
        assertEquals(8, md.split("\\| no reference \\|", -1).length - 1, "mean and p99.9 goals without OSHMEM\n" + md);

        final String[] csv = Files.readString(out.resolve("tails.csv")).split("\n");
        assertEquals("pes,op,variant,scope,rounds,statistic,median_us,min_us,max_us", csv[0]);
        // 5 ops x 3 variants (unbound, bound, over UCX) x 2 scopes x 7 statistics
        assertEquals(1 + 5 * 3 * 2 * 7, csv.length);
        final String raw = Files.readString(out.resolve("raw.txt"));
        assertTrue(raw.contains("tails/ours-bound/2 [1] tail p_wait_rtt round 1 pe 1"));
        // the UCX run really ran over UCX: its start line says so
        assertTrue(raw.contains("tails/ours-ucx/2 [1] tail p_wait_rtt round 1 pe 1"), raw);
        assertTrue(raw.contains("transport ucx (UCX_TLS="), "the over-UCX job's start line");
        for (final String png : new String[] {"tail_barrier.png", "tail_malloc_free.png", "tail_team_split_destroy.png",
            "tail_putsig_rtt.png", "tail_p_wait_rtt.png"})
        {
            assertTrue(Files.size(out.resolve(png)) > 1000, png);
        }
        assertFalse(Files.exists(out.resolve("table.md")), "--only tails ran the suite");
    }

    @Test
    @Timeout(120)
    void shouldRunTheCollPhaseAloneAndWriteEveryRow(@TempDir final Path out) throws IOException
    {
        final int exit = new CommandLine(new BenchSuite()).execute("--quick", "--only", "coll", "--coll-pes", "2",
            "--out", out.toString());
        assertEquals(0, exit);
        final String md = Files.readString(out.resolve("coll.md"));
        for (final String row : new String[] {"barrierAll | - | 2 |", "barrier(world team) | - | 2 |",
            "sumReduceLong | 8 B per PE | 2 |", "sumReduceLong | 1 MiB per PE | 2 |", "broadcast from PE 0 | 8 B | 2 |",
            "broadcast from PE 0 | 1 MiB | 2 |", "fcollect | 8 B per PE | 2 |",
            "fcollect | 1 MiB in all (512 KiB per PE) | 2 |", "alltoall | 8 B per pair | 2 |",
            "atomicFetchAddLong on the next PE | 8 B | 2 |", "atomicCompareSwapLong on the next PE | 8 B | 2 |",
            "atomicFetchAddLong, all PEs on one word | 8 B | 2 |", "malloc(4096) + free | 4 KiB | 2 |"})
        {
            // every row has our figure, a p50 with its unit, then p99.9, max and mean, then the p50 over UCX
            assertTrue(md.matches("(?s).*\\| " + Pattern.quote(row) + " [0-9.]+ [nmu]s \\|" +
                "( [0-9.]+ [nmu]s \\|){3} [0-9.]+ [nmu]s \\|.*"), row + "\n" + md);
        }
        assertTrue(md.contains("OSHMEM not run (no --c-coll"), md);
        final String[] csv = Files.readString(out.resolve("coll.csv")).split("\n");
        assertEquals(1 + 13, csv.length);
        assertTrue(Files.readString(out.resolve("raw.txt"))
            .contains("coll/ours/2 [1] coll malloc_free 4096 round 1 pe 1"));
        assertTrue(Files.readString(out.resolve("raw.txt"))
            .contains("coll/ours-ucx/2 [1] coll malloc_free 4096 round 1 pe 1"));
        for (final String png : new String[] {"coll_barriers_small.png", "coll_large.png", "coll_atomics_heap.png"})
        {
            assertTrue(Files.size(out.resolve(png)) > 1000, png);
        }
        assertFalse(Files.exists(out.resolve("tails.md")), "--only coll ran the tails phase");
    }

    @Test
    void shouldRejectBadPhaseOptionsNamingTheOptionAndItsRange(@TempDir final Path out)
    {
        assertUsageError("Invalid value for option '--tail-pes': 1 is not in [2, 4096]", "--tail-pes", "2,1");
        assertUsageError("Invalid value for option '--tail-pes': 4 is listed twice", "--tail-pes", "4,4");
        assertUsageError("Invalid value for option '--tail-rounds': 1 is not in [2, 1000]", "--tail-rounds", "1");
        assertUsageError("Invalid value for option '--tail-scale': 0.0 is not in (0, 100]", "--tail-scale", "0");
        assertUsageError("Invalid value for option '--only': 'tail' is not one of suite, tails, coll", "--only",
            "tail");
        assertUsageError("Invalid value for option '--coll-pes': 1 is not in [2, 4096]", "--coll-pes", "1");
        assertUsageError("Invalid value for option '--coll-rounds': 1 is not in [2, 1000]", "--coll-rounds", "1");
        assertUsageError("Invalid value for option '--coll-scale': 0.0 is not in (0, 100]", "--coll-scale", "0");
        assertUsageError("Invalid value for option '--c-coll': " + out.resolve("none") + " is not an executable file",
            "--c-coll", out.resolve("none").toString());
        assertUsageError("Invalid value for option '--c-tail': " + out.resolve("none") + " is not an executable file",
            "--c-tail", out.resolve("none").toString());
        assertFalse(Files.exists(out.resolve("none")));
    }

    private static void assertUsageError(final String message, final String... args)
    {
        final StringWriter err = new StringWriter();
        final CommandLine commandLine = new CommandLine(new BenchSuite());
        commandLine.setErr(new PrintWriter(err, true));
        final int exit = commandLine.execute(args);
        assertEquals(CommandLine.ExitCode.USAGE, exit, err.toString());
        assertTrue(err.toString().contains(message), err.toString());
    }
}
