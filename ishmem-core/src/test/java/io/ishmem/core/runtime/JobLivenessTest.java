package io.ishmem.core.runtime;

import io.ishmem.PeFailureException;
import io.ishmem.core.heap.ControlBlock;
import io.ishmem.core.posix.LibC;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The liveness of a job of this JVM (PE 0) and real child processes standing in for the other PEs and for
 * ishmemrun: what the kernel says about them through pidfds and /proc, with no heartbeat thread.
 */
@Timeout(60)
class JobLivenessTest
{
    private static final long STOPPED_TIMEOUT_NS = TimeUnit.MILLISECONDS.toNanos(300);

    private final Arena arena = Arena.ofConfined();
    private final List<Process> children = new ArrayList<>();
    private final List<Integer> pidfds = new ArrayList<>();
    // the control blocks of the last job made by liveness(...), for a test to change a peer's state
    private MemorySegment[] blocks;

    @AfterEach
    void cleanUp()
    {
        for (final Process child : children)
        {
            child.destroyForcibly();
        }
        pidfds.forEach(LibC::closeQuietly);
        arena.close();
    }

    private Process child() throws IOException
    {
        final Process child = new ProcessBuilder("sleep", "600").start();
        children.add(child);
        return child;
    }

    private int pidfd(final Process process)
    {
        final int pidfd = LibC.pidfdOpen((int)process.pid());
        pidfds.add(pidfd);
        return pidfd;
    }

    /** PE 0 is this JVM; PEs 1.. are the given processes; every PE RUNNING. */
    private JobLiveness liveness(final Process launcher, final Process... peers)
    {
        return liveness(launcher, () -> null, peers);
    }

    private JobLiveness clashingLiveness(final Supplier<String> clash, final Process... peers)
    {
        return liveness(null, clash, peers);
    }

    private JobLiveness liveness(final Process launcher, final Supplier<String> clash, final Process... peers)
    {
        final int nPes = peers.length + 1;
        blocks = new MemorySegment[nPes];
        final int[] fds = new int[nPes];
        final int[] pids = new int[nPes];
        fds[0] = -1;
        pids[0] = LibC.getpid();
        for (int pe = 0; pe < nPes; pe++)
        {
            blocks[pe] = arena.allocate(4 * ControlBlock.CACHE_LINE, ControlBlock.CACHE_LINE);
            ControlBlock.putState(blocks[pe], ControlBlock.STATE_RUNNING);
            if (pe > 0)
            {
                fds[pe] = pidfd(peers[pe - 1]);
                pids[pe] = (int)peers[pe - 1].pid();
            }
        }
        return new JobLiveness(0, blocks, fds, pids, launcher == null ? -1 : pidfd(launcher),
            launcher == null ? 0 : (int)launcher.pid(), STOPPED_TIMEOUT_NS, clash, null);
    }

    private static void signal(final Process process, final String signal) throws Exception
    {
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).start().waitFor());
    }

    private static boolean probeUntilFailed(final JobLiveness liveness, final long withinMs) throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(withinMs);
        while (System.nanoTime() < deadline)
        {
            if (!liveness.probe(true))
            {
                return true;
            }
            Thread.sleep(10);
        }
        return false;
    }

    @Test
    void shouldSeeNothingWrongWhileEveryProcessRuns() throws Exception
    {
        final JobLiveness liveness = liveness(child(), child(), child());
        for (int i = 0; i < 20; i++)
        {
            assertTrue(liveness.probe(true));
            assertTrue(liveness.probe(false));
            Thread.sleep(20);
        }
        liveness.close();
    }

    /** Issue 17, finding 2: init's first barrier waits no longer than ISHMEM_BOOT_TIMEOUT allows. */
    @Test
    void shouldEndAWaitForArrivalAtItsDeadline() throws Exception
    {
        final JobLiveness liveness = liveness(child(), child());
        liveness.expectArrivalBy(System.nanoTime() + 50_000_000L);
        assertTrue(liveness.probe(true));
        assertTrue(probeUntilFailed(liveness, 5_000));
        final PeFailureException failure = liveness.failure("init");
        assertTrue(failure.getMessage().startsWith("not every PE reached init's first barrier within " +
            "ISHMEM_BOOT_TIMEOUT while PE 0 waits in init"), failure.getMessage());
        liveness.close();
    }

    @Test
    void shouldNotEndAWaitOnceArrivalIsNoLongerExpected() throws Exception
    {
        final JobLiveness liveness = liveness(child(), child());
        liveness.expectArrivalBy(System.nanoTime() + 1_000_000L);
        liveness.expectArrivalBy(0);
        Thread.sleep(20);
        assertTrue(liveness.probe(true));
        liveness.close();
    }

    @Test
    void shouldNameTheClashOfAnotherJob() throws Exception
    {
        final JobLiveness liveness = clashingLiveness(() -> "process 7 also claimed to be PE 1", child(), child());
        assertTrue(probeUntilFailed(liveness, 5_000));
        assertTrue(liveness.failure("barrierAll").getMessage().startsWith("process 7 also claimed to be PE 1"));
        liveness.close();
    }

    @Test
    void shouldNameAPeerWhoseProcessExited() throws Exception
    {
        final Process second = child();
        final JobLiveness liveness = liveness(child(), child(), second);
        second.destroyForcibly().waitFor();
        assertTrue(probeUntilFailed(liveness, 5_000));
        final PeFailureException failure = liveness.failure("barrierAll");
        assertEquals(2, failure.failedPe());
        assertTrue(failure.getMessage().contains("PE 2 (pid " + second.pid() + ") exited"), failure.getMessage());
        assertTrue(failure.getMessage().contains("barrierAll"), failure.getMessage());
        liveness.close();
    }

    @Test
    void shouldNotTakeAClosedPeerThatExitedForAFailure() throws Exception
    {
        final Process first = child();
        final Process second = child();
        final JobLiveness liveness = liveness(null, first, second);
        // PE 1 closed, then its process ended, as at the end of every job
        ControlBlock.putState(blocks[1], ControlBlock.STATE_CLOSED);
        first.destroyForcibly().waitFor();
        for (int i = 0; i < 10; i++)
        {
            assertTrue(liveness.probe(true), "a closed peer's exit is no failure");
        }
        // and a later exit of another peer is still seen past it
        second.destroyForcibly().waitFor();
        assertTrue(probeUntilFailed(liveness, 5_000));
        assertEquals(2, liveness.failure("x").failedPe());
        liveness.close();
    }

    @Test
    void shouldSeeThatIshmemrunDied() throws Exception
    {
        final Process launcher = child();
        final JobLiveness liveness = liveness(launcher, child());
        assertTrue(liveness.probe(true));
        launcher.destroyForcibly().waitFor();
        assertTrue(probeUntilFailed(liveness, 5_000));
        final PeFailureException failure = liveness.failure("waitUntilLong");
        assertEquals(-1, failure.failedPe());
        assertTrue(failure.getMessage().contains("ishmemrun (pid " + launcher.pid() + ") died"), failure.getMessage());
        liveness.close();
    }

    @Test
    void shouldNameAPeerStoppedLongerThanTheTimeoutButNotOneStoppedBriefly() throws Exception
    {
        final Process peer = child();
        final JobLiveness liveness = liveness(null, peer);
        // stopped for less than the timeout, then continued: no failure
        signal(peer, "STOP");
        final long briefDeadline = System.nanoTime() + STOPPED_TIMEOUT_NS / 3;
        while (System.nanoTime() < briefDeadline)
        {
            assertTrue(liveness.probe(true));
            Thread.sleep(10);
        }
        signal(peer, "CONT");
        final long runningDeadline = System.nanoTime() + 2 * STOPPED_TIMEOUT_NS;
        while (System.nanoTime() < runningDeadline)
        {
            assertTrue(liveness.probe(true), "a continued peer is not stopped");
            Thread.sleep(10);
        }
        // stopped for good
        signal(peer, "STOP");
        assertTrue(probeUntilFailed(liveness, 5_000));
        final PeFailureException failure = liveness.failure("barrierAll");
        assertEquals(1, failure.failedPe());
        assertTrue(failure.getMessage().contains("PE 1 (pid " + peer.pid() + ") has been stopped for"),
            failure.getMessage());
        assertTrue(failure.getMessage().contains("ISHMEM_STOPPED_TIMEOUT"), failure.getMessage());
        liveness.close();
    }

    @Test
    void shouldNameAPeerMarkedFailedOnTheLightProbe() throws Exception
    {
        final JobLiveness liveness = liveness(null, child(), child());
        assertTrue(liveness.probe(false));
        ControlBlock.putState(blocks[2], ControlBlock.STATE_FAILED);
        assertFalse(liveness.probe(false));
        assertEquals(2, liveness.failure("x").failedPe());
        liveness.close();
    }
}
