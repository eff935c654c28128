package io.ishmem.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LauncherTest
{
    // a PE waits for a file with this loop; the sleep paces the polling, it orders nothing
    private static final String AWAIT_READY = "while [ ! -e \"$DIR/ready\" ]; do sleep 0.01; done; ";

    @TempDir
    Path dir;

    @Test
    @Timeout(10)
    void shouldReturnExitCodeOfFirstFailingPeNotLowestNumbered()
    {
        // PE 2 fails first; PE 1 fails only after PE 2 is gone, within the grace period
        final JobResult result = Launcher.run(bash(3,
            "case $ISHMEM_PE in " +
            "2) echo $$ > \"$DIR/pe2.pid\"; mv \"$DIR/pe2.pid\" \"$DIR/ready\"; exit 7;; " +
            "1) " + AWAIT_READY + "pid=$(cat \"$DIR/ready\"); " +
            "while kill -0 $pid 2>/dev/null; do sleep 0.01; done; exit 9;; " +
            "*) exit 0;; esac")
            .grace(Duration.ofSeconds(5))
            .build());

        assertEquals(7, result.exitCode());
        assertEquals(2, result.firstFailedPe());
        assertEquals(List.of(0, 9, 7), result.exitCodes());
        assertFalse(result.timedOut());
    }

    @Test
    @Timeout(10)
    void shouldSucceedWhenEveryPeExitsZero()
    {
        final JobResult result = Launcher.run(bash(4, "echo pe $ISHMEM_PE").build());

        assertTrue(result.succeeded());
        assertEquals(-1, result.firstFailedPe());
        assertEquals(List.of(0, 0, 0, 0), result.exitCodes());
        for (int pe = 0; pe < 4; pe++)
        {
            assertEquals(List.of("pe " + pe), result.output(pe));
        }
    }

    @Test
    @Timeout(10)
    void shouldKillPeThatSleepsForeverAfterAnotherFails()
    {
        final JobResult result = Launcher.run(bash(2,
            "if [ $ISHMEM_PE = 0 ]; then echo $$; touch \"$DIR/ready\"; exec sleep 60; fi; " +
            AWAIT_READY + "exit 3")
            .grace(Duration.ofMillis(200))
            .build());

        assertEquals(3, result.exitCode());
        assertEquals(1, result.firstFailedPe());
        assertEquals(143, result.exitCode(0), "PE 0 ends by SIGTERM");
        assertGone(Long.parseLong(result.output(0).getFirst()));
    }

    @Test
    @Timeout(10)
    void shouldKillPeThatIgnoresSigtermAndItsChildren()
    {
        // an ignored signal stays ignored across fork and exec, so the child sleep ignores SIGTERM too
        final JobResult result = Launcher.run(bash(2,
            "if [ $ISHMEM_PE = 0 ]; then trap '' TERM; sleep 60 & echo $$ $!; touch \"$DIR/ready\"; wait; fi; " +
            AWAIT_READY + "exit 4")
            .grace(Duration.ZERO)
            .killAfter(Duration.ofMillis(300))
            .build());

        assertEquals(4, result.exitCode());
        assertEquals(137, result.exitCode(0), "PE 0 ends by SIGKILL");
        for (final String pid : result.output(0).getFirst().split(" "))
        {
            assertGone(Long.parseLong(pid));
        }
    }

    @Test
    @Timeout(10)
    void shouldStopEveryPeOnTimeout()
    {
        final AtomicInteger runningAtTimeout = new AtomicInteger(-1);
        final JobListener listener = new JobListener()
        {
            @Override
            public void onLine(final int pe, final PeStream stream, final String line)
            {
            }

            @Override
            public void onTimeout(final Duration timeout, final int runningPes)
            {
                runningAtTimeout.set(runningPes);
            }
        };

        final JobResult result = Launcher.run(
            bash(2, "echo $$; exec sleep 60").timeout(Duration.ofSeconds(1)).build(), listener);

        assertTrue(result.timedOut());
        assertEquals(JobResult.TIMEOUT_EXIT_CODE, result.exitCode());
        assertEquals(-1, result.firstFailedPe());
        assertEquals(List.of(143, 143), result.exitCodes());
        assertEquals(2, runningAtTimeout.get());
        for (int pe = 0; pe < 2; pe++)
        {
            assertGone(Long.parseLong(result.output(pe).getFirst()));
        }
    }

    @Test
    @Timeout(10)
    void shouldRefuseMissingProgramBeforeStartingAnyPe()
    {
        final LaunchException ex = assertThrows(LaunchException.class,
            () -> Launcher.run(JobSpec.builder().npes(2).command("ishmem-no-such-program", "x").build()));

        assertEquals("cannot start 'ishmem-no-such-program': not found on PATH", ex.getMessage());
    }

    @Test
    @Timeout(10)
    void shouldRefuseProgramThatIsNotExecutable() throws IOException
    {
        final Path script = Files.writeString(dir.resolve("script.sh"), "echo hi\n");

        final LaunchException ex = assertThrows(LaunchException.class,
            () -> Launcher.run(JobSpec.builder().npes(2).command(script.toString()).build()));

        assertEquals("cannot start '" + script + "': permission denied: " + script, ex.getMessage());
    }

    @Test
    @Timeout(10)
    void shouldGiveEveryPeTheJobEnvironment()
    {
        final JobResult result = Launcher.run(bash(3,
            "echo \"$ISHMEM_JOB_ID $ISHMEM_PE $ISHMEM_NPES $ISHMEM_LAUNCHER_PID $FOO\"; echo \"$ISHMEM_JOB_SECRET\"")
            .env("FOO", "bar baz")
            .build());

        assertTrue(result.succeeded(), () -> result.outputs().toString());
        assertTrue(result.jobId().matches("[0-9a-f]{16}"), result.jobId());
        final String secret = result.output(0).get(1);
        assertTrue(secret.matches("[0-9a-f]{32}"), secret);
        for (int pe = 0; pe < 3; pe++)
        {
            assertEquals(List.of(result.jobId() + " " + pe + " 3 " + ProcessHandle.current().pid() + " bar baz", secret),
                result.output(pe));
        }
        final JobResult next = Launcher.run(bash(1, "echo \"$ISHMEM_JOB_SECRET\"").build());
        assertFalse(next.output(0).get(0).equals(secret), "two jobs got one secret");
    }

    @Test
    void shouldRefuseAJobSpecThatSetsWhatTheLauncherOwns()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> JobSpec.builder().npes(2).command("true").env("ISHMEM_JOB_ID", "mine").build());
        assertTrue(ex.getMessage().startsWith("env: ISHMEM_JOB_ID is set by the launcher"), ex.getMessage());
    }

    @Test
    @Timeout(10)
    void shouldGiveEachJobItsOwnId()
    {
        final JobResult first = Launcher.run(bash(1, "true").build());
        final JobResult second = Launcher.run(bash(1, "true").build());

        assertFalse(first.jobId().equals(second.jobId()));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 5})
    @Timeout(10)
    void shouldRemoveTheJobsFilesFromDevShm(final int exitCode) throws IOException
    {
        final Path shm = Path.of(JobEnvironment.SHM_DIRECTORY);
        final Path otherJobsFile = Files.createTempFile(shm, JobEnvironment.shmFilePrefix("0000000000000000"), "");
        try
        {
            final JobResult result = Launcher.run(bash(2,
                "f=/dev/shm/ishmem-$ISHMEM_JOB_ID-pe$ISHMEM_PE; touch $f; echo $f; exit " + exitCode).build());

            assertEquals(exitCode, result.exitCode());
            for (int pe = 0; pe < 2; pe++)
            {
                final Path file = Path.of(result.output(pe).getFirst());
                assertTrue(file.getFileName().toString().startsWith("ishmem-" + result.jobId() + "-"), file::toString);
                assertFalse(Files.exists(file), file + " is left behind");
            }
            assertTrue(Files.exists(otherJobsFile), "another job's file must stay");
        }
        finally
        {
            Files.delete(otherJobsFile);
        }
    }

    @Test
    @Timeout(10)
    void shouldKeepStdoutAndStderrLinesOfEachPeInArrivalOrder()
    {
        final List<String> streamed = new ArrayList<>();
        final JobResult result = Launcher.run(
            bash(1, "echo one; echo two >&2; " + "while [ ! -e \"$DIR/seen\" ]; do sleep 0.01; done; echo three")
                .build(),
            (pe, stream, line) ->
            {
                synchronized (streamed)
                {
                    streamed.add(stream + " " + line);
                }
                if (line.equals("two"))
                {
                    touch(dir.resolve("seen"));
                }
            });

        // stdout and stderr are two pipes: only "three" is ordered, after "two" was seen
        assertEquals(List.of("one", "three", "two"), result.output(0).stream().sorted().toList());
        assertTrue(streamed.contains("STDERR two"), streamed::toString);
        assertTrue(streamed.contains("STDOUT three"), streamed::toString);
        assertEquals("three", result.output(0).getLast());
    }

    @Test
    @Timeout(10)
    void shouldKeepTheOrderOfStdoutAndStderrLinesWhenMerged()
    {
        final List<String> streams = new ArrayList<>();
        final JobResult result = Launcher.run(
            bash(1, "for i in 1 2 3; do echo out$i; echo err$i >&2; done").mergeStderr(true).build(),
            (pe, stream, line) ->
            {
                synchronized (streams)
                {
                    streams.add(stream.name());
                }
            });

        assertEquals(List.of("out1", "err1", "out2", "err2", "out3", "err3"), result.output(0));
        assertEquals(List.of("STDOUT"), streams.stream().distinct().toList());
    }

    @Test
    @Timeout(10)
    void shouldRejectPeCountOutOfRange()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> JobSpec.builder().npes(0).command("true").build());

        assertEquals("npes=0 not in [1, " + JobSpec.MAX_NPES + "]", ex.getMessage());
    }

    private JobSpec.Builder bash(final int npes, final String script)
    {
        return JobSpec.builder().npes(npes).command("bash", "-c", script).env("DIR", dir.toString());
    }

    private static void touch(final Path file)
    {
        try
        {
            Files.createFile(file);
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    private static void assertGone(final long pid)
    {
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "process " + pid + " survives");
    }
}
