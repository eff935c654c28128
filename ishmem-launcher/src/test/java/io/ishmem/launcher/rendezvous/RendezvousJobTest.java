package io.ishmem.launcher.rendezvous;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.ishmem.launcher.JobResult;
import io.ishmem.launcher.JobSpec;
import io.ishmem.launcher.Launcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job's rendezvous as the launcher runs it: the test stands in for PE 0's library, with the variables PE 0's
 * process was given.
 */
class RendezvousJobTest
{
    // a PE waits for a file with this loop; the sleep paces the polling, it orders nothing
    private static final String AWAIT_CONNECTED = "while [ ! -e \"$DIR/connected\" ]; do sleep 0.01; done; ";

    @TempDir
    Path dir;

    @Test
    @Timeout(10)
    void shouldTellTheConnectedPesOfAPeThatExitsNonZero() throws Exception
    {
        final JobSpec spec = JobSpec.builder()
            .npes(2)
            .rendezvous("127.0.0.1")
            .grace(Duration.ofMillis(100))
            .env("DIR", dir.toString())
            .command("bash", "-c", "if [ $ISHMEM_PE = 0 ]; then " +
                "echo \"$ISHMEM_RENDEZVOUS $ISHMEM_JOB_ID $ISHMEM_JOB_SECRET\" > \"$DIR/env.tmp\"; " +
                "mv \"$DIR/env.tmp\" \"$DIR/env\"; exec sleep 30; fi; " + AWAIT_CONNECTED + "exit 3")
            .build();
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor())
        {
            final Future<JobResult> job = executor.submit(() -> Launcher.run(spec));
            final String[] env = awaitFile(dir.resolve("env")).trim().split(" ");
            assertTrue(env[0].matches("tcp:127\\.0\\.0\\.1:\\d+"), env[0]);
            final int port = Integer.parseInt(env[0].substring(env[0].lastIndexOf(':') + 1));
            try (TestClient pe0 = TestClient.join(port, env[1], env[2], 0, 2))
            {
                Files.createFile(dir.resolve("connected"));
                assertEquals("1: PE 1 on host " + InetAddress.getLocalHost().getHostName() + " exited with status 3",
                    pe0.readFailed());
            }
            final JobResult result = job.get();
            assertEquals(3, result.exitCode());
            assertEquals(1, result.firstFailedPe());
        }
    }

    private static String awaitFile(final Path file) throws IOException, InterruptedException
    {
        final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!Files.exists(file))
        {
            if (deadlineNs - System.nanoTime() < 0)
            {
                throw new AssertionError("no " + file + " within 5 s");
            }
            // paces the polling of a file another process writes; it orders nothing
            Thread.sleep(10);
        }
        return Files.readString(file);
    }
}
