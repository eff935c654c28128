package io.ishmem.launcher.rendezvous;

import io.ishmem.rendezvous.RendezvousProtocol;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class RendezvousServerTest
{
    static final String JOB_ID = "0123456789abcdef";
    static final String SECRET = "00112233445566778899aabbccddeeff";
    private static final List<String> HOSTS = List.of("a", "a", "b", "b");
    private static final int NPES = HOSTS.size();

    private final List<TestClient> clients = new ArrayList<>();
    private RendezvousServer server;

    @AfterEach
    void closeAll() throws IOException
    {
        for (final TestClient client : clients)
        {
            client.close();
        }
        if (server != null)
        {
            server.close();
        }
    }

    @Test
    @Timeout(10)
    void shouldAllGatherThreeRoundsByteExact() throws Exception
    {
        start(Duration.ofSeconds(30));
        joinAll();
        final byte[][][] sent = new byte[3][NPES][];
        final Random random = new Random(42);
        for (int round = 0; round < 3; round++)
        {
            for (int pe = 0; pe < NPES; pe++)
            {
                // empty, small and large records, every byte value
                final byte[] record = new byte[round == 0 && pe == 1 ? 0 : random.nextInt(70_000)];
                random.nextBytes(record);
                sent[round][pe] = record;
            }
        }
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor())
        {
            final List<Future<byte[][][]>> received = new ArrayList<>();
            for (int pe = 0; pe < NPES; pe++)
            {
                final int me = pe;
                received.add(executor.submit(() ->
                {
                    final byte[][][] all = new byte[3][][];
                    for (int round = 0; round < 3; round++)
                    {
                        clients.get(me).sendRound(round, sent[round][me]);
                        all[round] = clients.get(me).readAll(round, NPES);
                    }
                    return all;
                }));
            }
            for (int pe = 0; pe < NPES; pe++)
            {
                final byte[][][] all = received.get(pe).get();
                for (int round = 0; round < 3; round++)
                {
                    for (int from = 0; from < NPES; from++)
                    {
                        assertArrayEquals(sent[round][from], all[round][from],
                            "PE " + pe + " round " + round + " record of PE " + from);
                    }
                }
            }
        }
    }

    @Test
    @Timeout(10)
    void shouldRefuseAWrongSecretAndGoOnServingTheJob() throws Exception
    {
        start(Duration.ofSeconds(30));
        try (TestClient stranger = new TestClient(server.port()))
        {
            final String reason = stranger.handshake(JOB_ID, "not-the-secret", 0, NPES);
            assertEquals("wrong proof from PE 0: its ISHMEM_JOB_SECRET is not job " + JOB_ID + "'s", reason);
            assertThrows(EOFException.class, stranger.in::readByte, "closed after REFUSED");
        }
        joinAll();
        roundTrip(0);
    }

    @Test
    @Timeout(10)
    void shouldRefuseAnotherJobAnotherSizeAndAPeOutOfRange() throws Exception
    {
        start(Duration.ofSeconds(30));
        assertEquals("job id 'fedcba9876543210' is not this rendezvous's job '" + JOB_ID + "' (ISHMEM_JOB_ID)",
            refusal(RendezvousProtocol.MAGIC, RendezvousProtocol.VERSION, "fedcba9876543210", 0, NPES));
        assertEquals("nPes=8 but job " + JOB_ID + " has 4 PEs (ISHMEM_NPES)",
            refusal(RendezvousProtocol.MAGIC, RendezvousProtocol.VERSION, JOB_ID, 0, 8));
        assertEquals("pe=4 not in [0, 4) (ISHMEM_PE)",
            refusal(RendezvousProtocol.MAGIC, RendezvousProtocol.VERSION, JOB_ID, 4, NPES));
        assertEquals("pe=-1 not in [0, 4) (ISHMEM_PE)",
            refusal(RendezvousProtocol.MAGIC, RendezvousProtocol.VERSION, JOB_ID, -1, NPES));
        assertEquals("magic=0x12345678, expected 0x49534852 (\"ISHR\"): not an ishmem rendezvous client",
            refusal(0x12345678, RendezvousProtocol.VERSION, JOB_ID, 0, NPES));
        assertEquals("protocol version=1, this launcher speaks version 2 only: run the same ishmem4j release on " +
            "every host", refusal(RendezvousProtocol.MAGIC, 1, JOB_ID, 0, NPES));
        joinAll();
        roundTrip(0);
    }

    @Test
    @Timeout(10)
    void shouldRefuseASecondConnectionOfOnePe() throws Exception
    {
        start(Duration.ofSeconds(30));
        joinAll();
        try (TestClient twin = new TestClient(server.port()))
        {
            assertEquals("PE 2 of job " + JOB_ID + " is already connected", twin.handshake(JOB_ID, SECRET, 2, NPES));
        }
        roundTrip(0);
    }

    @Test
    @Timeout(10)
    void shouldTellTheOthersWhenAPeDropsWithoutBye() throws Exception
    {
        start(Duration.ofSeconds(30));
        joinAll();
        clients.get(2).close();
        for (final int pe : new int[] {0, 1, 3})
        {
            final String failed = clients.get(pe).readFailed();
            assertTrue(failed.startsWith("2: PE 2 on host b lost its rendezvous connection before BYE"), failed);
        }
    }

    @Test
    @Timeout(10)
    void shouldGiveUpAPeThatGoesSilentAndBeatToTheOthers() throws Exception
    {
        // a host or network that goes away closes nothing: only silence tells; the server beats every second
        server = RendezvousServer.start(null, 0, JOB_ID, SECRET, HOSTS, Duration.ofSeconds(30),
            Duration.ofMillis(1_500));
        joinAll();
        final long startNs = System.nanoTime();
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor())
        {
            final List<Future<String>> heard = new ArrayList<>();
            for (final int pe : new int[] {0, 1, 2})
            {
                // these three keep beating; PE 3 says nothing
                heard.add(executor.submit(() -> clients.get(pe).beatUntilFailed(200)));
            }
            for (final Future<String> failed : heard)
            {
                final String text = failed.get();
                assertTrue(text.startsWith("3: PE 3 on host b lost its rendezvous connection before BYE (no word " +
                    "from it for 1.5 s"), text);
            }
        }
        final long ms = (System.nanoTime() - startNs) / 1_000_000;
        assertTrue(ms >= 1_400 && ms < 5_000, "given up after " + ms + " ms");
        assertTrue(clients.get(0).heartbeatsSeen() >= 1, "the server beat while the PEs waited");
    }

    @Test
    @Timeout(10)
    void shouldNotReportAPeThatSaidBye() throws Exception
    {
        start(Duration.ofSeconds(30));
        joinAll();
        clients.get(1).sendBye();
        clients.get(1).close();
        server.peExited(1, 0);
        clients.get(3).close();
        // FAILED(3) is the first event: PE 1's clean end and exit 0 said nothing
        for (final int pe : new int[] {0, 2})
        {
            final String failed = clients.get(pe).readFailed();
            assertTrue(failed.startsWith("3: PE 3 on host b lost its rendezvous connection before BYE"), failed);
        }
    }

    @Test
    @Timeout(10)
    void shouldRelayAnAbortToEveryOtherPe() throws Exception
    {
        start(Duration.ofSeconds(30));
        joinAll();
        clients.get(0).sendAbort("heap exhausted on init");
        for (int pe = 1; pe < NPES; pe++)
        {
            assertEquals("0: PE 0 on host a aborted: heap exhausted on init", clients.get(pe).readFailed());
        }
        // the aborted PE then goes: its drop is the same failure, not a second one
        clients.get(0).close();
        server.peExited(3, 137);
        for (int pe = 1; pe < 3; pe++)
        {
            assertEquals("3: PE 3 on host b exited with status 137", clients.get(pe).readFailed());
        }
    }

    @Test
    @Timeout(10)
    void shouldReportAPeThatNeverReachedTheRendezvous() throws Exception
    {
        start(Duration.ofMillis(300));
        for (int pe = 0; pe < 3; pe++)
        {
            clients.add(TestClient.join(server.port(), JOB_ID, SECRET, pe, NPES));
        }
        for (int pe = 0; pe < 3; pe++)
        {
            assertEquals("3: PE 3 on host b never reached the rendezvous within 0.3 s", clients.get(pe).readFailed());
        }
    }

    @Test
    @Timeout(10)
    void shouldTellALateComerOfTheFailuresSoFar() throws Exception
    {
        start(Duration.ofSeconds(30));
        server.peExited(1, 3);
        final TestClient late = TestClient.join(server.port(), JOB_ID, SECRET, 0, NPES);
        clients.add(late);
        assertEquals("1: PE 1 on host a exited with status 3", late.readFailed());
    }

    @Test
    @Timeout(10)
    void shouldReportARoundOutOfOrderToThePeAndTheOthers() throws Exception
    {
        start(Duration.ofSeconds(30));
        joinAll();
        clients.get(1).sendRound(1, new byte[0]);
        final String expected = "1: PE 1 on host a broke the rendezvous protocol: round 1 sent, expected round 0 " +
            "(rounds go 0, 1, 2... in order)";
        for (int pe = 0; pe < NPES; pe++)
        {
            assertEquals(expected, clients.get(pe).readFailed());
        }
    }

    @Test
    @Timeout(10)
    void shouldReportARecordOverOneMebibyte() throws Exception
    {
        start(Duration.ofSeconds(30));
        joinAll();
        clients.get(0).out.writeByte(RendezvousProtocol.ROUND);
        clients.get(0).out.writeInt(0);
        clients.get(0).out.writeInt((1 << 20) + 1);
        clients.get(0).out.flush();
        assertEquals("0: PE 0 on host a broke the rendezvous protocol: record length=1048577 not in [0, 1048576]",
            clients.get(3).readFailed());
    }

    @Test
    @Timeout(10)
    void shouldEndEveryThreadAndConnectionOnClose() throws Exception
    {
        start(Duration.ofSeconds(30));
        joinAll();
        // a stranger stuck in the handshake holds a thread too
        final TestClient silent = new TestClient(server.port());
        clients.add(silent);
        server.close();
        assertEquals(0, server.liveThreads());
        for (final TestClient client : clients)
        {
            assertThrows(IOException.class, () -> client.in.readByte());
        }
        assertThrows(IOException.class, () -> new TestClient(server.port()).close());
    }

    @Test
    void shouldBracketIpv6AddressesOnly()
    {
        assertEquals("tcp:[fe80::1]:7000", RendezvousServer.address("fe80::1", 7000));
        assertEquals("tcp:[::1]:7000", RendezvousServer.address("[::1]", 7000));
        assertEquals("tcp:node-a.example:7000", RendezvousServer.address("node-a.example", 7000));
        assertEquals("tcp:10.0.0.2:7000", RendezvousServer.address("10.0.0.2", 7000));
    }

    private void start(final Duration bootTimeout) throws IOException
    {
        server = RendezvousServer.start(null, 0, JOB_ID, SECRET, HOSTS, bootTimeout);
    }

    private void joinAll() throws IOException
    {
        for (int pe = 0; pe < NPES; pe++)
        {
            clients.add(TestClient.join(server.port(), JOB_ID, SECRET, pe, NPES));
        }
    }

    private String refusal(final int magic, final int version, final String jobId, final int pe, final int nPes)
        throws IOException
    {
        try (TestClient client = new TestClient(server.port()))
        {
            return client.handshake(magic, version, jobId, SECRET, pe, nPes);
        }
    }

    /** Every PE sends its number; sends all first, as the round completes only with the last of them. */
    private void roundTrip(final int round) throws IOException
    {
        for (int pe = 0; pe < NPES; pe++)
        {
            clients.get(pe).sendRound(round, ("pe" + pe).getBytes(StandardCharsets.US_ASCII));
        }
        for (int pe = 0; pe < NPES; pe++)
        {
            final byte[][] all = clients.get(pe).readAll(round, NPES);
            for (int from = 0; from < NPES; from++)
            {
                assertEquals("pe" + from, new String(all[from], StandardCharsets.US_ASCII));
            }
        }
    }
}
