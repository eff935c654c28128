package io.ishmem.core;

import io.ishmem.Cmp;
import io.ishmem.Ishmem;
import io.ishmem.PeFailureException;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeJob;
import io.ishmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A PE that dies while others wait: the others end with an error naming it within seconds, and the
 * job leaves nothing behind.
 */
class FailureMultiPeTest
{
    /** Each surviving PE prints this line when its wait ended with the expected failure. */
    static final String SEEN = "FAILURE SEEN after ms=";

    static void haltInBarrier(final Ishmem shmem)
    {
        if (shmem.myPe() == 1)
        {
            Runtime.getRuntime().halt(3);
        }
        expectFailure(shmem::barrierAll);
    }

    /** PE 1 halts before a large reduction: the others, waiting for its slice or its arrival, must not hang. */
    static void haltInReduction(final Ishmem shmem)
    {
        final SymmetricSegment data = shmem.calloc(1 << 16, ValueLayout.JAVA_LONG);
        shmem.barrierAll();
        if (shmem.myPe() == 1)
        {
            Runtime.getRuntime().halt(3);
        }
        expectFailure(() -> shmem.sumReduceLong(data, data, 1 << 16));
    }

    static void exitWithoutCloseInWaitUntil(final Ishmem shmem)
    {
        final SymmetricSegment flag = shmem.calloc(1, ValueLayout.JAVA_LONG);
        final SymmetricSegment left = shmem.calloc(shmem.nPes(), ValueLayout.JAVA_LONG);
        final int last = shmem.nPes() - 1;
        if (shmem.myPe() == last)
        {
            // the others may still be finishing the calloc this PE has left: it goes only once they say so
            for (int pe = 0; pe < last; pe++)
            {
                shmem.waitUntilLong(left, pe, Cmp.EQ, 1);
            }
            // an orderly JVM exit without close: the shutdown hook marks the PE failed
            System.exit(0);
        }
        shmem.pLong(left, shmem.myPe(), 1, last);
        expectFailure(() -> shmem.waitUntilLong(flag, 0, Cmp.EQ, 1));
    }

    /** PE 3 halts; PEs 0-2 exit (status 7) as soon as they see a failure: each must still name PE 3. */
    static void secondaryExitsDoNotHideTheCause(final Ishmem shmem)
    {
        if (shmem.myPe() == 3)
        {
            Runtime.getRuntime().halt(5);
        }
        expectFailure(shmem::barrierAll);
    }

    static void killedWhileOthersWait() throws Exception
    {
        final Ishmem shmem = Ishmem.init();
        final SymmetricSegment flag = shmem.calloc(1, ValueLayout.JAVA_LONG);
        if (shmem.myPe() == 0)
        {
            // SIGKILL: no shutdown hook, no state word: only the pidfd tells
            new ProcessBuilder("kill", "-9", Long.toString(ProcessHandle.current().pid())).start().waitFor();
            Runtime.getRuntime().halt(9);
        }
        expectFailure(() -> shmem.waitUntilLong(flag, 0, Cmp.NE, 0));
    }

    /** PE 1 stops itself (as Ctrl-Z or a debugger would) while PE 0 waits in a barrier. */
    static void stoppedWhileOthersWait(final Ishmem shmem) throws Exception
    {
        if (shmem.myPe() == 1)
        {
            new ProcessBuilder("kill", "-STOP", Long.toString(ProcessHandle.current().pid())).start().waitFor();
            // a stop takes effect asynchronously: on a VM this thread can run on for a moment after kill returns,
            // and once in the barrier it would store its flag before stopping (PE 0's barrier then completes, and
            // the failure shows only in its close). Stopped, it never wakes from this sleep
            Thread.sleep(500);
        }
        expectFailure(shmem::barrierAll);
    }

    /**
     * PE 1 stops itself; PE 0 names it, then lets it run again and stays around: the resumed PE must name
     * itself as the one declared failed, not blame PE 0 for giving up.
     */
    static void stoppedThenResumed(final Ishmem shmem) throws Exception
    {
        final SymmetricSegment pid = shmem.calloc(1, ValueLayout.JAVA_LONG);
        if (shmem.myPe() == 1)
        {
            shmem.pLong(pid, 0, ProcessHandle.current().pid(), 0);
            shmem.quiet();
            stopSelf();
            // PE 0 had arrived at the first barrier before it gave up, so that one completes; the next cannot
            expectFailure(() ->
            {
                shmem.barrierAll();
                shmem.barrierAll();
            });
            return;
        }
        shmem.waitUntilLong(pid, 0, Cmp.NE, 0);
        try
        {
            shmem.barrierAll();
            System.out.println("NO FAILURE");
        }
        catch (final PeFailureException ex)
        {
            System.out.println(SEEN + "0 " + ex.getMessage());
            System.out.flush();
            final long stopped = pid.local().get(ValueLayout.JAVA_LONG, 0);
            new ProcessBuilder("kill", "-CONT", Long.toString(stopped)).start().waitFor();
            // alive, so PE 1 sees this PE's state word before any exit
            Thread.sleep(3_000);
            Runtime.getRuntime().halt(7);
        }
    }

    /**
     * Sends this process SIGSTOP until a stop is seen: a gap in the clock, across the kill or the loop after it, longer
     * than anything but a stop, as PE 0 declares this PE failed only after it has been stopped for a second. Once in a
     * full suite's run the stop of a single {@code kill} never came, and this PE went on to the barriers (CI,
     * 2026-11-28).
     */
    private static void stopSelf() throws Exception
    {
        final String self = Long.toString(ProcessHandle.current().pid());
        for (int attempt = 0; attempt < 20; attempt++)
        {
            // the clock from before the kill: the stop most often comes while this thread waits for it
            long last = System.nanoTime();
            final long end = last + TimeUnit.MILLISECONDS.toNanos(500);
            new ProcessBuilder("kill", "-STOP", self).inheritIO().start().waitFor();
            while (last < end)
            {
                final long now = System.nanoTime();
                if (now - last > TimeUnit.MILLISECONDS.toNanos(800))
                {
                    return;
                }
                last = now;
            }
        }
        throw new AssertionError("PE 1 sent itself SIGSTOP 20 times and never stopped");
    }

    static void expectFailure(final Runnable wait)
    {
        final long startNs = System.nanoTime();
        try
        {
            wait.run();
            System.out.println("NO FAILURE");
        }
        catch (final PeFailureException ex)
        {
            System.out.println(SEEN + (System.nanoTime() - startNs) / 1_000_000 + " " + ex.getMessage());
            System.out.flush();
            Runtime.getRuntime().halt(7);
        }
    }

    static void assertSurvivorsNamed(final JobResult result, final int deadPe, final int deadExit,
        final String waitedIn)
    {
        assertEquals(deadExit, result.exitCode(deadPe), "exit of the PE that died");
        for (int pe = 0; pe < result.npes(); pe++)
        {
            if (pe == deadPe)
            {
                continue;
            }
            final List<String> lines = result.output(pe);
            final String seen = lines.stream().filter(line -> line.startsWith(SEEN)).findFirst()
                .orElseThrow(() -> new AssertionError("PE saw no failure: " + lines));
            final long ms = Long.parseLong(seen.substring(SEEN.length(), seen.indexOf(' ', SEEN.length())));
            assertTrue(ms < 5_000, "the failure was noticed after " + ms + " ms: " + seen);
            assertTrue(seen.contains("PE " + deadPe) && seen.contains(waitedIn), seen);
        }
    }

    @Test
    @Timeout(60)
    void shouldNameAPeThatHaltsWhileOthersWaitInABarrier() throws IOException
    {
        final JobResult result = MultiPeJob.of(FailureMultiPeTest.class, "haltInBarrier").pes(4)
            .grace(Duration.ofSeconds(15)).run();
        assertSurvivorsNamed(result, 1, 3, "barrierAll");
        assertNothingLeft(result.jobId());
    }

    @Test
    @Timeout(60)
    void shouldNameAPeThatHaltsWhileOthersWaitInAReduction() throws IOException
    {
        final JobResult result = MultiPeJob.of(FailureMultiPeTest.class, "haltInReduction").pes(3)
            .grace(Duration.ofSeconds(15)).run();
        assertSurvivorsNamed(result, 1, 3, "reduce");
        assertNothingLeft(result.jobId());
    }

    @Test
    @Timeout(60)
    void shouldNameAPeThatExitsWithoutCloseWhileOthersWaitUntil() throws IOException
    {
        final JobResult result = MultiPeJob.of(FailureMultiPeTest.class, "exitWithoutCloseInWaitUntil").pes(3)
            .grace(Duration.ofSeconds(15)).run();
        assertSurvivorsNamed(result, 2, 0, "waitUntilLong");
        assertTrue(result.output(0).stream().anyMatch(line -> line.contains("shut down without closing")),
            result.output(0).toString());
    }

    @Test
    @Timeout(60)
    void shouldNameAPeThatIsKilled() throws IOException
    {
        final JobResult result = MultiPeJob.of(FailureMultiPeTest.class, "killedWhileOthersWait").pes(2)
            .grace(Duration.ofSeconds(15)).run();
        assertSurvivorsNamed(result, 0, 137, "waitUntilLong");
        assertTrue(result.output(1).stream().anyMatch(line -> line.contains("exited")), result.output(1).toString());
        assertNothingLeft(result.jobId());
    }

    @Test
    @Timeout(60)
    void shouldNameAPeStoppedLongerThanTheStoppedTimeout() throws IOException
    {
        final JobResult result = MultiPeJob.of(FailureMultiPeTest.class, "stoppedWhileOthersWait").pes(2)
            .env("ISHMEM_STOPPED_TIMEOUT", "1s").grace(Duration.ofSeconds(2)).run();
        final String seen = result.output(0).stream().filter(line -> line.startsWith(SEEN)).findFirst()
            .orElseThrow(() -> new AssertionError("PE 0 saw no failure: " + result.output(0)));
        assertTrue(seen.contains("PE 1 (pid ") && seen.contains("has been stopped for") &&
            seen.contains("ISHMEM_STOPPED_TIMEOUT") && seen.contains("barrierAll"), seen);
        final long ms = Long.parseLong(seen.substring(SEEN.length(), seen.indexOf(' ', SEEN.length())));
        assertTrue(ms >= 1_000 && ms < 5_000, "the stopped PE was named after " + ms + " ms: " + seen);
        // the launcher ends the stopped PE: SIGTERM stays pending on a stopped process, SIGKILL does not
        assertEquals(137, result.exitCode(1), "exit of the stopped PE");
        assertNothingLeft(result.jobId());
    }

    @Test
    @Timeout(60)
    void shouldTellAResumedPeThatItWasTheOneDeclaredFailed()
    {
        final JobResult result = MultiPeJob.of(FailureMultiPeTest.class, "stoppedThenResumed").pes(2)
            .env("ISHMEM_STOPPED_TIMEOUT", "1s").grace(Duration.ofSeconds(10)).run();
        final String seen = result.output(1).stream().filter(line -> line.startsWith(SEEN)).findFirst()
            .orElseThrow(() -> new AssertionError("PE 1 saw no failure: " + result.output(1) + "; PE 0 (exit " +
                result.exitCode(0) + "): " + result.output(0)));
        assertTrue(seen.contains("PE 0 declared this PE (1) failed") && seen.contains("barrierAll"), seen);
        assertTrue(result.output(0).stream().anyMatch(line -> line.contains("PE 1 (pid ") &&
            line.contains("has been stopped for")), result.output(0).toString());
        assertEquals(7, result.exitCode(0));
        assertEquals(7, result.exitCode(1));
    }

    @Test
    @Timeout(60)
    void shouldNameTheFirstFailedPeNotThePesThatGaveUpAfterIt()
    {
        for (int attempt = 0; attempt < 3; attempt++)
        {
            final JobResult result = MultiPeJob.of(FailureMultiPeTest.class, "secondaryExitsDoNotHideTheCause").pes(4)
                .grace(Duration.ofSeconds(15)).run();
            assertSurvivorsNamed(result, 3, 5, "barrierAll");
        }
    }

    static void assertNothingLeft(final String jobId) throws IOException
    {
        try (Stream<Path> files = Files.list(Path.of("/dev/shm")))
        {
            final List<Path> ours = files.filter(path -> path.getFileName().toString().startsWith("ishmem-" + jobId))
                .toList();
            assertEquals(List.of(), ours, "files left in /dev/shm");
        }
    }
}
