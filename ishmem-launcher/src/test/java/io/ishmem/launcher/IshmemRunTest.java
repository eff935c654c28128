package io.ishmem.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IshmemRunTest
{
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    @Timeout(10)
    void shouldPrefixEachLineWithItsPe()
    {
        final int status = run("-n", "2", "--prefix", "--", "bash", "-c", "echo hello; echo oops >&2");

        assertEquals(0, status);
        assertEquals(List.of("[0] hello", "[1] hello"), sortedLines(out));
        assertEquals(List.of("[0] oops", "[1] oops"), sortedLines(err));
    }

    @Test
    @Timeout(10)
    void shouldPassLinesThroughUnchangedWithoutPrefix()
    {
        final int status = run("-n", "2", "bash", "-c", "echo \"hello $ISHMEM_PE\"");

        assertEquals(0, status);
        assertEquals(List.of("hello 0", "hello 1"), sortedLines(out));
    }

    @Test
    @Timeout(10)
    void shouldNeverMixLinesOfDifferentPes()
    {
        final String line = "x".repeat(3000);
        final int status = run("-n", "4", "--prefix", "--", "bash", "-c",
            "for i in $(seq 200); do echo " + line + "; done");

        assertEquals(0, status);
        final List<String> lines = sortedLines(out);
        assertEquals(800, lines.size());
        for (final String printed : lines)
        {
            assertTrue(printed.matches("\\[[0-3]] x{3000}"), () -> "mixed line: " + printed.substring(0, 40));
        }
    }

    @Test
    @Timeout(10)
    void shouldExitWithStatusOfFailedPe()
    {
        assertEquals(42, run("-n", "2", "--grace", "0", "bash", "-c", "[ $ISHMEM_PE = 1 ] && exit 42; exec sleep 60"));
    }

    @Test
    @Timeout(10)
    void shouldPassEnvPairsToEveryPe()
    {
        assertEquals(0, run("-n", "2", "--env", "A=1", "--env", "B=x=y", "bash", "-c", "echo \"$A $B\""));
        assertEquals(List.of("1 x=y", "1 x=y"), sortedLines(out));
    }

    @Test
    @Timeout(10)
    void shouldPrintTimeoutAndExit124()
    {
        final int status = run("-n", "2", "--timeout", "0.3", "--", "sleep", "60");

        assertEquals(124, status);
        assertEquals("ishmemrun: timeout after 0.3 s, stopping 2 PEs" + System.lineSeparator(), text(err));
    }

    @Test
    @Timeout(10)
    void shouldExit127ForMissingProgram()
    {
        final int status = run("-n", "2", "--", "nosuchprog", "arg");

        assertEquals(127, status);
        assertEquals("ishmemrun: cannot start 'nosuchprog': not found on PATH" + System.lineSeparator(), text(err));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "4097"})
    void shouldRejectPeCountOutOfRange(final String npes)
    {
        final int status = run("-n", npes, "--", "true");

        assertEquals(2, status);
        assertTrue(text(err).startsWith(
            "ishmemrun: Invalid value for option '--npes' (-n): " + npes + " is not in [1, 4096]"), text(err));
    }

    /** Issue 17, finding 2: the variables that keep jobs apart are the launcher's, new for every job. */
    @ParameterizedTest
    @ValueSource(strings = {"ISHMEM_JOB_ID", "ISHMEM_PE", "ISHMEM_NPES", "ISHMEM_LAUNCHER_PID", "ISHMEM_JOB_SECRET",
        "ISHMEM_RENDEZVOUS"})
    void shouldRefuseToLetEnvSetWhatTheLauncherOwns(final String name)
    {
        assertEquals(2, run("-n", "2", "--env", name + "=x", "true"));
        assertTrue(text(err).startsWith("ishmemrun: Invalid value for option '--env': " + name + " is set by the " +
            "launcher, new for every job"), text(err));
    }

    @Test
    void shouldRejectMissingProgram()
    {
        assertEquals(2, run("-n", "2"));
        assertTrue(text(err).startsWith("ishmemrun: Missing program"), text(err));
    }

    @Test
    void shouldRejectUnknownOption()
    {
        assertEquals(2, run("-n", "2", "--bogus", "true"));
        assertTrue(text(err).startsWith("ishmemrun: Unknown option: '--bogus'"), text(err));
    }

    @Test
    void shouldRejectMissingPeCount()
    {
        assertEquals(2, run("true"));
        assertTrue(text(err).contains("'--npes=N'"), text(err));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-2", "NaN"})
    void shouldRejectTimeoutThatIsNotPositive(final String timeout)
    {
        assertEquals(2, run("-n", "1", "--timeout", timeout, "true"));
        assertTrue(text(err).startsWith("ishmemrun: Invalid value for option '--timeout': "), text(err));
    }

    @Test
    @Timeout(10)
    void shouldBindEachPeToOneCpuOfTheLaunchersSetInTurn()
    {
        final int[] allowed = CpuSet.allowed();
        final int status = run("-n", "3", "--bind-to", "core", "--", "bash", "-c",
            "echo \"$ISHMEM_PE $(grep Cpus_allowed_list /proc/self/status | cut -f2) $ISHMEM_JOB_CPUS\"");

        assertEquals(0, status, text(err));
        final List<String> expected = new java.util.ArrayList<>();
        for (int pe = 0; pe < 3; pe++)
        {
            // PE k on the k-th allowed CPU, round robin when there are fewer CPUs than PEs
            expected.add(pe + " " + allowed[pe % allowed.length] + " " + allowed.length);
        }
        assertEquals(expected, sortedLines(out));
    }

    @Test
    @Timeout(10)
    void shouldLeavePesUnboundByDefaultAndTellThemTheJobsCpus() throws java.io.IOException
    {
        final String mine = java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status")).stream()
            .filter(line -> line.startsWith("Cpus_allowed_list:")).findFirst().orElseThrow().split("\\s+")[1];
        final int status = run("-n", "2", "--", "bash", "-c",
            "echo \"$(grep Cpus_allowed_list /proc/self/status | cut -f2) $ISHMEM_JOB_CPUS\"");

        assertEquals(0, status, text(err));
        final String expected = mine + " " + CpuSet.allowed().length;
        assertEquals(List.of(expected, expected), sortedLines(out));
    }

    @Test
    @Timeout(10)
    void shouldRejectAnUnknownBinding()
    {
        final int status = run("-n", "2", "--bind-to", "socket", "--", "true");

        assertEquals(2, status);
        assertTrue(text(err).contains("Invalid value for option '--bind-to': 'socket' is not one of core, none"),
            text(err));
    }

    @Test
    @Timeout(20)
    void shouldSayWhichPeEndedTheJobAndHow()
    {
        final int killed = run("-n", "3", "--grace", "1", "--", "bash", "-c",
            "if [ \"$ISHMEM_PE\" = 1 ]; then kill -9 $$; fi; sleep 30");
        assertEquals(137, killed);
        assertTrue(text(err).contains("ishmemrun: PE 1 of 3 ended the job: killed by signal 9 (SIGKILL); " +
            "2 other PEs then ended with a non-zero status or were stopped"), text(err));

        err.reset();
        final int failed = run("-n", "2", "--", "bash", "-c", "exit $((ISHMEM_PE == 0 ? 3 : 0))");
        assertEquals(3, failed);
        assertTrue(text(err).contains("ishmemrun: PE 0 of 2 ended the job: exit status 3"), text(err));

        err.reset();
        assertEquals(0, run("-n", "2", "--", "true"));
        assertEquals("", text(err));
    }

    @Test
    void shouldParseKernelCpuLists()
    {
        assertEquals(List.of(0, 1, 2, 3, 8, 10, 11), Arrays.stream(CpuSet.parse("0-3,8,10-11")).boxed().toList());
        assertEquals(List.of(5), Arrays.stream(CpuSet.parse("5")).boxed().toList());
        final IllegalArgumentException empty = org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> CpuSet.parse(""));
        assertEquals("'' names no CPU", empty.getMessage());
        final IllegalArgumentException backwards = org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> CpuSet.parse("4-2"));
        assertEquals("'4-2' is not a CPU range", backwards.getMessage());
    }

    private int run(final String... args)
    {
        return IshmemRun.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static String text(final ByteArrayOutputStream stream)
    {
        return stream.toString(StandardCharsets.UTF_8);
    }

    private static List<String> sortedLines(final ByteArrayOutputStream stream)
    {
        return Arrays.stream(text(stream).split(System.lineSeparator())).filter(line -> !line.isEmpty()).sorted().toList();
    }
}
