package io.ishmem.core.rendezvous;

import io.ishmem.IshmemConfigException;
import io.ishmem.IshmemException;
import io.ishmem.PeFailureException;
import io.ishmem.launcher.rendezvous.RendezvousServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The client against the launcher's real server (ishmem-launcher is on the test class path through ishmem-junit),
 * which keeps the protocol's two ends in step.
 */
class RendezvousClientTest
{
    private static final String JOB_ID = "0123456789abcdef";
    private static final String SECRET = "00112233445566778899aabbccddeeff";
    private static final int NPES = 3;
    private static final long FIVE_SECONDS_NS = TimeUnit.SECONDS.toNanos(5);

    private final List<RendezvousClient> clients = new ArrayList<>();
    private RendezvousServer server;
    private String address;

    @AfterEach
    void closeAll()
    {
        clients.forEach(RendezvousClient::close);
        if (server != null)
        {
            server.close();
        }
    }

    @Test
    @Timeout(10)
    void shouldAllGatherEveryPesRecordRoundAfterRound() throws Exception
    {
        start(Duration.ofSeconds(30));
        connectAll();
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor())
        {
            final List<Future<List<String>>> results = new ArrayList<>();
            for (int pe = 0; pe < NPES; pe++)
            {
                final RendezvousClient client = clients.get(pe);
                final int me = pe;
                results.add(executor.submit(() ->
                {
                    final List<String> seen = new ArrayList<>();
                    for (int round = 0; round < 3; round++)
                    {
                        final byte[][] all = client.allGather(("r" + round + "pe" + me).repeat(me + 1)
                            .getBytes(StandardCharsets.US_ASCII), System.nanoTime() + FIVE_SECONDS_NS);
                        for (final byte[] record : all)
                        {
                            seen.add(new String(record, StandardCharsets.US_ASCII));
                        }
                    }
                    return seen;
                }));
            }
            final List<String> expected = List.of("r0pe0", "r0pe1r0pe1", "r0pe2r0pe2r0pe2", "r1pe0", "r1pe1r1pe1",
                "r1pe2r1pe2r1pe2", "r2pe0", "r2pe1r2pe1", "r2pe2r2pe2r2pe2");
            for (final Future<List<String>> result : results)
            {
                assertEquals(expected, result.get());
            }
        }
        clients.forEach(client -> assertNull(client.failure()));
    }

    @Test
    @Timeout(10)
    void shouldSurfaceARefusalAsAConfigException() throws IOException
    {
        start(Duration.ofSeconds(30));
        final IshmemConfigException otherJob = assertThrows(IshmemConfigException.class,
            () -> RendezvousClient.connect(address, "fedcba9876543210", SECRET, 0, NPES, deadline()));
        assertEquals("the rendezvous at " + address + " (ISHMEM_RENDEZVOUS) refused PE 0: job id 'fedcba9876543210' " +
            "is not this rendezvous's job '" + JOB_ID + "' (ISHMEM_JOB_ID)", otherJob.getMessage());

        final IshmemConfigException outOfRange = assertThrows(IshmemConfigException.class,
            () -> RendezvousClient.connect(address, JOB_ID, SECRET, 3, NPES, deadline()));
        assertTrue(outOfRange.getMessage().endsWith("refused PE 3: pe=3 not in [0, 3) (ISHMEM_PE)"),
            outOfRange.getMessage());

        // the server's proof fails first, so this PE never sends its own to a server that may not be the job's
        final IshmemConfigException wrongSecret = assertThrows(IshmemConfigException.class,
            () -> RendezvousClient.connect(address, JOB_ID, "wrong", 1, NPES, deadline()));
        assertEquals("the rendezvous at " + address + " (ISHMEM_RENDEZVOUS) could not prove it knows job " + JOB_ID +
            "'s secret: it serves another job, or ISHMEM_JOB_SECRET differs between PE 1 and ishmemrun",
            wrongSecret.getMessage());

        clients.add(RendezvousClient.connect(address, JOB_ID, SECRET, 0, NPES, deadline()));
        final IshmemConfigException twice = assertThrows(IshmemConfigException.class,
            () -> RendezvousClient.connect(address, JOB_ID, SECRET, 0, NPES, deadline()));
        assertTrue(twice.getMessage().endsWith("refused PE 0: PE 0 of job " + JOB_ID + " is already connected"),
            twice.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "host:1234", "udp:host:1234", "tcp:host", "tcp:host:0", "tcp:host:65536",
        "tcp:host:port", "tcp::1234", "tcp:fe80::1:1234", "tcp:[fe80::1]1234", "tcp:[]:1234"})
    void shouldRefuseAMalformedAddressNamingTheVariableAndItsForm(final String value)
    {
        final IshmemConfigException ex = assertThrows(IshmemConfigException.class,
            () -> RendezvousClient.connect(value, JOB_ID, SECRET, 0, NPES, deadline()));
        assertEquals("ISHMEM_RENDEZVOUS=" + value + " is not tcp:HOST:PORT (an IPv6 address in brackets, PORT in " +
            "[1, 65535]); ishmemrun sets it when the job has a rendezvous", ex.getMessage());
    }

    @Test
    void shouldParseHostsAndBracketedIpv6Addresses()
    {
        assertEquals(new RendezvousAddress("node-a.example", 7000), RendezvousAddress.parse("tcp:node-a.example:7000"));
        assertEquals(new RendezvousAddress("fe80::1", 7000), RendezvousAddress.parse("tcp:[fe80::1]:7000"));
        assertEquals(new RendezvousAddress("10.0.0.2", 1), RendezvousAddress.parse("tcp:10.0.0.2:1"));
    }

    @Test
    @Timeout(10)
    void shouldGiveUpOnAnUnreachableAddressAtTheDeadline() throws IOException
    {
        final int port;
        // a port nothing listens on: taken from the kernel, then released
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()))
        {
            port = probe.getLocalPort();
        }
        final String unreachable = "tcp:127.0.0.1:" + port;
        final long startNs = System.nanoTime();
        final IshmemException ex = assertThrows(IshmemException.class, () -> RendezvousClient.connect(unreachable,
            JOB_ID, SECRET, 2, NPES, startNs + TimeUnit.MILLISECONDS.toNanos(400)));
        final long tookNs = System.nanoTime() - startNs;

        assertTrue(tookNs >= TimeUnit.MILLISECONDS.toNanos(400) && tookNs < TimeUnit.SECONDS.toNanos(3),
            "gave up after " + tookNs + " ns");
        assertTrue(ex.getMessage().matches("PE 2 could not reach the rendezvous at tcp:127\\.0\\.0\\.1:" + port +
            " \\(ISHMEM_RENDEZVOUS\\) in 0\\.[4-9] s: Connection refused; is ishmemrun's host reachable from this " +
            "one on that port\\?"), ex.getMessage());
    }

    @Test
    @Timeout(10)
    void shouldThrowPeFailureNamingThePeThatAbortedDuringAllGather() throws Exception
    {
        start(Duration.ofSeconds(30));
        connectAll();
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor())
        {
            final List<Future<PeFailureException>> waiting = new ArrayList<>();
            for (int pe = 0; pe < 2; pe++)
            {
                final RendezvousClient client = clients.get(pe);
                waiting.add(executor.submit(() -> assertThrows(PeFailureException.class,
                    () -> client.allGather(new byte[] {1}, System.nanoTime() + FIVE_SECONDS_NS))));
            }
            clients.get(2).abort("symmetric heap exhausted");
            for (int pe = 0; pe < 2; pe++)
            {
                final PeFailureException ex = waiting.get(pe).get();
                assertEquals(2, ex.failedPe());
                assertTrue(ex.getMessage().startsWith("PE 2 on host hostB aborted: symmetric heap exhausted (PE " + pe +
                    " was in rendezvous allGather round 0)"), ex.getMessage());
                assertEquals("PE 2 on host hostB aborted: symmetric heap exhausted", clients.get(pe).failure());
                assertEquals(2, clients.get(pe).failedPe());
            }
        }
    }

    @Test
    @Timeout(10)
    void shouldThrowPeFailureWhenTheLauncherSeesAPeExit() throws IOException
    {
        start(Duration.ofSeconds(30));
        connectAll();
        server.peExited(1, 137);
        final PeFailureException ex = assertThrows(PeFailureException.class,
            () -> clients.get(0).allGather(new byte[0], System.nanoTime() + FIVE_SECONDS_NS));
        assertEquals(1, ex.failedPe());
        assertTrue(ex.getMessage().startsWith("PE 1 on host hostA exited with status 137"), ex.getMessage());
    }

    @Test
    @Timeout(10)
    void shouldSayGoodbyeSoThatClosingIsNoFailure() throws IOException
    {
        start(Duration.ofSeconds(30));
        connectAll();
        clients.get(0).close();
        clients.get(0).close();
        server.peExited(2, 1);
        // the first failure PE 1 hears of is PE 2's: PE 0's close said BYE
        await(() -> clients.get(1).failure() != null, "PE 1 hears of a failure");
        assertEquals(2, clients.get(1).failedPe());
        assertEquals("PE 2 on host hostB exited with status 1", clients.get(1).failure());
    }

    @Test
    @Timeout(10)
    void shouldReportTheLossOfTheLauncher() throws IOException
    {
        start(Duration.ofSeconds(30));
        connectAll();
        server.close();
        await(() -> clients.get(0).failure() != null, "PE 0 notices the rendezvous closed");
        assertEquals(-1, clients.get(0).failedPe());
        assertEquals("lost the connection to the rendezvous at " + address + " (closed by the launcher); has " +
            "ishmemrun ended?", clients.get(0).failure());
        assertEquals(-1, assertThrows(PeFailureException.class,
            () -> clients.get(0).allGather(new byte[0], deadline())).failedPe());
    }

    @Test
    @Timeout(10)
    void shouldGiveUpOnARoundAtItsDeadline() throws IOException
    {
        start(Duration.ofSeconds(30));
        connectAll();
        final IshmemException ex = assertThrows(IshmemException.class, () -> clients.get(0).allGather(new byte[0],
            System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200)));
        assertEquals("allGather round 0: not every PE of 3 sent its record to the rendezvous at " + address +
            " by the deadline", ex.getMessage());
    }

    private void start(final Duration bootTimeout) throws IOException
    {
        server = RendezvousServer.start(InetAddress.getLoopbackAddress(), 0, JOB_ID, SECRET,
            List.of("hostA", "hostA", "hostB"), bootTimeout);
        address = server.address("127.0.0.1");
    }

    private void connectAll()
    {
        for (int pe = 0; pe < NPES; pe++)
        {
            clients.add(RendezvousClient.connect(address, JOB_ID, SECRET, pe, NPES, deadline()));
        }
    }

    private static long deadline()
    {
        return System.nanoTime() + FIVE_SECONDS_NS;
    }

    /** Waits for what another thread does, with a deadline and a message, as Aeron's Tests.await. */
    private static void await(final BooleanSupplier condition, final String what)
    {
        final long deadlineNs = System.nanoTime() + FIVE_SECONDS_NS;
        while (!condition.getAsBoolean())
        {
            if (deadlineNs - System.nanoTime() < 0)
            {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.onSpinWait();
        }
    }
}
