package io.ishmem.core.runtime;

import io.ishmem.IshmemConfigException;
import io.ishmem.NativeCallException;
import io.ishmem.PeFailureException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a PE reports when it cannot take a peer's heap because the peer failed after it registered: the clash that
 * made it fail, or its exit, never the bare EBADF of a descriptor that went with it (seen once in CI's
 * JobIsolationMultiPeTest, where both jobs' PEs fail at once).
 */
class BootRegionTest
{
    private static final int[] BOTH = {0, 1};
    private static final NativeCallException EBADF = new NativeCallException("pidfd_getfd(pid=1, fd=27) failed: " +
        "EBADF (9)", 9);

    private final String jobId = "boot-region-test-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
    private final JobIdentity pe0 = new JobIdentity(0, 2, jobId, "test", -1, "secret-a");

    @AfterEach
    void removeRegion() throws IOException
    {
        Files.deleteIfExists(Path.of(pe0.shmPrefix() + "boot"));
    }

    @Test
    void shouldNameThePeersExitWhenItsHeapCouldNotBeTaken() throws Exception
    {
        final Process exited = new ProcessBuilder("true").start();
        exited.waitFor();
        final int deadPid = (int)exited.pid();
        try (BootRegion boot = BootRegion.open(pe0, BOTH, "boot"))
        {
            boot.claim(0, (int)ProcessHandle.current().pid());
            boot.claim(1, deadPid);

            final PeFailureException ex = assertThrows(PeFailureException.class,
                () -> boot.checkPeerAfterImportFailure(1, EBADF));

            assertEquals(1, ex.failedPe());
            assertTrue(ex.getMessage().contains("PE 1 (pid " + deadPid + ") exited during init"), ex.getMessage());
            assertTrue(ex.getMessage().contains("EBADF"), ex.getMessage());
        }
    }

    @Test
    void shouldNameTheClashBeforeTheExitWhenAnotherJobCameToTheRendezvous() throws Exception
    {
        final Process exited = new ProcessBuilder("true").start();
        exited.waitFor();
        try (BootRegion boot = BootRegion.open(pe0, BOTH, "boot"))
        {
            boot.claim(0, (int)ProcessHandle.current().pid());
            boot.claim(1, (int)exited.pid());
            // a process of another job (same id, another secret) comes to the rendezvous and fails
            final JobIdentity otherJob = new JobIdentity(1, 2, jobId, "test", -1, "secret-b");
            try (BootRegion theirs = BootRegion.open(otherJob, BOTH, "boot"))
            {
                final Process sleeper = new ProcessBuilder("sleep", "30").start();
                try
                {
                    assertThrows(IshmemConfigException.class, () -> theirs.claim(1, (int)sleeper.pid()));
                }
                finally
                {
                    sleeper.destroyForcibly().waitFor();
                }
            }

            final IshmemConfigException ex = assertThrows(IshmemConfigException.class,
                () -> boot.checkPeerAfterImportFailure(1, EBADF));

            assertTrue(ex.getMessage().contains("two jobs share ISHMEM_JOB_ID=" + jobId), ex.getMessage());
        }
    }

    @Test
    void shouldLeaveTheFailureToItsCallerWhileThePeerLivesAndNoOtherJobCame()
    {
        try (BootRegion boot = BootRegion.open(pe0, BOTH, "boot"))
        {
            final int me = (int)ProcessHandle.current().pid();
            boot.claim(0, me);
            boot.claim(1, me);

            boot.checkPeerAfterImportFailure(1, EBADF);

            assertNull(boot.clash(), "no clash was raised");
        }
    }
}
