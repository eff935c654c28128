package io.ishmem.core;

import io.ishmem.Cmp;
import io.ishmem.CollectiveMismatchException;
import io.ishmem.PeFailureException;
import io.ishmem.Ishmem;
import io.ishmem.ReduceOp;
import io.ishmem.ReduceType;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import io.ishmem.junit.JobReport;
import io.ishmem.junit.MultiPeJob;
import io.ishmem.launcher.JobResult;
import io.ishmem.launcher.JobSpec;
import io.ishmem.launcher.Launcher;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.abort;

/**
 * A job across two nodes made on this machine: two network namespaces, each with its own {@code /dev/shm} (a
 * directory of the test's bind-mounted over it in each PE's mount namespace), joined by a bridge that also reaches
 * the launcher. The PEs of one namespace share a node (they map each other's heaps); those of the other are reached
 * only through UCX over TCP, and the job's control (rendezvous, barriers, the collectives' agreement, a reduction's
 * reads, failures) crosses through the launcher's rendezvous and UCX as it would between hosts. The test makes the
 * namespaces, the bridge and the directories itself (addresses in 10.201.0.0/16, only inside them), starts PEs 0, 2 in
 * one and 1, 3 in the other through {@code ip netns exec}, and removes what it made. Skipped, saying why, where
 * namespaces cannot be made (not root, no {@code ip}).
 */
class NetworkNamespaceMultiPeTest
{
    private static final int PES = 4;
    private static final String DEVICE = "ish0";
    private static final long PAYLOAD = 1 << 20;
    private static final int ROUNDS = 50;
    private static final long MESSAGE = 4096;
    private static final int TICKETS = 200;
    /** Longs in the large reduction: more than a reduction's scratch entry, so members read each other's sources. */
    private static final int LARGE = 64 * 1024;

    /** Two namespaces, a bridge between them and the launcher, a /dev/shm for each; removed by close. */
    private static final class Nodes implements AutoCloseable
    {
        final String prefix = "ishmem-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
        final String tag = prefix.substring(7, 15);
        final int subnet = ThreadLocalRandom.current().nextInt(1, 255);
        final List<String> made = new ArrayList<>();
        final Path shmRoot;
        final Path wrapper;
        final Path rsh;

        Nodes() throws IOException
        {
            shmRoot = Files.createTempDirectory("ishmem-nodes");
            wrapper = shmRoot.resolve("enter-node.sh");
            rsh = shmRoot.resolve("rsh.sh");
            boolean done = false;
            try
            {
                ip(made, "link", "add", tag + "br", "type", "bridge");
                made.add("link:" + tag + "br");
                ip(made, "addr", "add", "10.201." + subnet + ".254/24", "dev", tag + "br");
                ip(made, "link", "set", tag + "br", "up");
                for (int n = 0; n < 2; n++)
                {
                    final String ns = prefix + "-" + n;
                    ip(made, "netns", "add", ns);
                    made.add("netns:" + ns);
                    // one end in the namespace, named alike in both so one UCX_NET_DEVICES fits; the other on the bridge
                    ip(made, "link", "add", tag + "n" + n, "type", "veth", "peer", "name", tag + "h" + n);
                    made.add("link:" + tag + "h" + n);
                    ip(made, "link", "set", tag + "n" + n, "netns", ns);
                    ip(made, "-n", ns, "link", "set", tag + "n" + n, "name", DEVICE);
                    ip(made, "-n", ns, "addr", "add", "10.201." + subnet + "." + (n + 1) + "/24", "dev", DEVICE);
                    ip(made, "-n", ns, "link", "set", DEVICE, "up");
                    ip(made, "-n", ns, "link", "set", "lo", "up");
                    ip(made, "link", "set", tag + "h" + n, "master", tag + "br");
                    ip(made, "link", "set", tag + "h" + n, "up");
                    Files.createDirectories(shmRoot.resolve("shm-" + n));
                }
                // each PE enters its node: the namespace of its parity, and in the mount namespace that ip netns exec
                // makes for it, that node's directory over /dev/shm
                Files.writeString(wrapper, """
                    #!/bin/sh
                    n=$((ISHMEM_PE % 2)); ns="$1-$n"; shm="$2/shm-$n"; shift 2
                    exec ip netns exec "$ns" sh -c 'mount --bind "$0" /dev/shm && exec "$@"' "$shm" "$@"
                    """);
                Files.setPosixFilePermissions(wrapper, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
                // the launcher's remote shell for --hosts: the "host" is a namespace, entered as ssh would log in
                Files.writeString(rsh, """
                    #!/bin/sh
                    host="$1"; shift
                    exec ip netns exec "$host" sh -c 'mount --bind "$0" /dev/shm && exec sh -c "$1"' \\
                        "%s/shm-${host##*-}" "$*"
                    """.formatted(shmRoot));
                Files.setPosixFilePermissions(rsh, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
                done = true;
            }
            finally
            {
                if (!done)
                {
                    close();
                }
            }
        }

        /**
         * Runs {@code method} on 4 PEs started as ishmemrun --hosts starts a job across hosts: PEs 0, 1 on one "host",
         * 2, 3 on the other, each through the remote shell, which here enters a namespace instead of logging in.
         */
        JobResult runAsHosts(final String method, final String name, final String value)
        {
            final MultiPeJob body = MultiPeJob.of(NetworkNamespaceMultiPeTest.class, method);
            return Launcher.run(JobSpec.builder().npes(PES).command(body.command())
                .hosts(List.of(prefix + "-0", prefix + "-0", prefix + "-1", prefix + "-1"))
                .remoteShell(List.of("/bin/sh", rsh.toString())).rendezvous(launcherAddress())
                .env("UCX_TLS", "tcp").env("UCX_NET_DEVICES", DEVICE).env(name, value)
                .timeout(Duration.ofSeconds(60)).captureOutput(true).mergeStderr(true).build());
        }

        String launcherAddress()
        {
            return "10.201." + subnet + ".254";
        }

        List<String> command(final MultiPeJob body)
        {
            final List<String> command = new ArrayList<>(List.of("/bin/sh", wrapper.toString(), prefix,
                shmRoot.toString()));
            command.addAll(body.command());
            return command;
        }

        /** Bytes through the namespaces' ends of the links since they were made. */
        long linkBytes()
        {
            long sum = 0;
            for (int n = 0; n < 2; n++)
            {
                final String out = output(List.of("ip", "netns", "exec", prefix + "-" + n, "cat",
                    "/sys/class/net/" + DEVICE + "/statistics/rx_bytes",
                    "/sys/class/net/" + DEVICE + "/statistics/tx_bytes"));
                sum += out.lines().mapToLong(line -> Long.parseLong(line.strip())).sum();
            }
            return sum;
        }

        /** @return what the PEs left in the nodes' /dev/shm directories. */
        List<String> leftovers() throws IOException
        {
            final List<String> left = new ArrayList<>();
            for (int n = 0; n < 2; n++)
            {
                try (var files = Files.list(shmRoot.resolve("shm-" + n)))
                {
                    files.forEach(f -> left.add(f.toString()));
                }
            }
            return left;
        }

        @Override
        public void close() throws IOException
        {
            for (final String thing : made.reversed())
            {
                // deleting a namespace deletes the veth end in it, and with it the pair
                if (thing.startsWith("netns:"))
                {
                    run(List.of("ip", "netns", "del", thing.substring(6)));
                }
                else
                {
                    run(List.of("ip", "link", "del", thing.substring(5)));
                }
            }
            try (var walk = Files.walk(shmRoot))
            {
                for (final Path path : walk.sorted(java.util.Comparator.reverseOrder()).toList())
                {
                    Files.deleteIfExists(path);
                }
            }
        }
    }

    @Test
    void shouldRunPutsSignalsTeamsAndCollectivesAcrossNodes() throws Exception
    {
        try (Nodes nodes = new Nodes())
        {
            final long before = nodes.linkBytes();
            final MultiPeJob body = MultiPeJob.of(NetworkNamespaceMultiPeTest.class, "acrossNodes");
            // no ISHMEM_TRANSPORT: a job across nodes takes UCX for the PEs of the other node by itself
            final JobResult result = Launcher.run(JobSpec.builder().npes(PES).command(nodes.command(body))
                .rendezvous(nodes.launcherAddress()).env("UCX_TLS", "tcp").env("UCX_NET_DEVICES", DEVICE)
                .timeout(Duration.ofSeconds(120)).captureOutput(true).mergeStderr(true).build());
            assertTrue(result.succeeded(), () -> JobReport.describe(result));
            assertTrue(String.join("\n", result.output(0)).contains("on 2 nodes"),
                () -> "PE 0's start line names 2 nodes:\n" + JobReport.describe(result));
            assertTrue(String.join("\n", result.output(0)).contains("shm within a node, ucx across"),
                () -> "PE 0's start line names the transports:\n" + JobReport.describe(result));

            final long carried = nodes.linkBytes() - before;
            System.out.println("NetworkNamespaceMultiPeTest: the links carried " + carried + " bytes");
            // each PE put PAYLOAD to, and got PAYLOAD from, a PE of the other node; each end counts it once
            assertTrue(carried >= 4 * PAYLOAD, "the links carried " + carried + " bytes, less than the " +
                4 * PAYLOAD + " the PEs sent across them");
            assertEquals(List.of(), nodes.leftovers(), "files the PEs left in their nodes' /dev/shm");
        }
    }

    @Test
    void shouldEndTheJobWhenAPeOfTheOtherNodeDies() throws Exception
    {
        try (Nodes nodes = new Nodes())
        {
            final JobResult result = nodes.runAsHosts("oneDies", "ISHMEM_RENDEZVOUS_TIMEOUT", "10s");
            assertFalse(result.succeeded(), () -> JobReport.describe(result));
            for (final int pe : new int[] {0, 1, 2})
            {
                final String output = String.join("\n", result.output(pe));
                assertTrue(output.contains("PE " + pe + " saw PE 3 fail"),
                    () -> "PE " + pe + " names PE 3:\n" + JobReport.describe(result));
                output.lines().filter(line -> line.contains("saw PE 3 fail")).forEach(System.out::println);
            }
            assertEquals(List.of(), nodes.leftovers(), "files the PEs left in their nodes' /dev/shm");
        }
    }

    @Test
    void shouldEndTheJobWhenANodesNetworkGoesAway() throws Exception
    {
        try (Nodes nodes = new Nodes())
        {
            // PEs 0, 1 on one node, 2, 3 on the other, whose link PE 2 takes down: nothing closes, only silence tells
            final JobResult result = nodes.runAsHosts("networkGoes", "ISHMEM_RENDEZVOUS_TIMEOUT", "2s");
            assertFalse(result.succeeded(), () -> JobReport.describe(result));
            for (int pe = 0; pe < PES; pe++)
            {
                final int p = pe;
                final String output = String.join("\n", result.output(pe));
                assertTrue(output.contains("PE " + pe + " lost the other node"),
                    () -> "PE " + p + " noticed:\n" + JobReport.describe(result));
                output.lines().filter(line -> line.contains("lost the other node")).forEach(System.out::println);
            }
        }
    }

    /** PE 2 takes its node's link down; every PE must fail a barrier within seconds, naming what it lost. */
    void networkGoes(final Ishmem shmem) throws Exception
    {
        final int me = shmem.myPe();
        long startNs = System.nanoTime();
        if (me == 2)
        {
            shmem.barrierAll();
            final Process down = new ProcessBuilder("ip", "link", "set", DEVICE, "down").inheritIO().start();
            assertEquals(0, down.waitFor(), "ip link set " + DEVICE + " down");
            startNs = System.nanoTime();
        }
        // PE 2 takes the link down as soon as it leaves the first barrier, while another PE may still be in it: for
        // the others that barrier counts with the rest. A PE of the cut-off node may still complete the barrier
        // under way, when the other node's flags crossed before the link went; no later one can complete
        PeFailureException ex = null;
        for (int barriers = me == 2 ? 1 : 0; barriers < 4 && ex == null; barriers++)
        {
            try
            {
                shmem.barrierAll();
            }
            catch (final PeFailureException failed)
            {
                ex = failed;
            }
        }
        assertNotNull(ex, "PE " + me + " passed 3 barriers after its node was cut off from the other");
        final long ms = (System.nanoTime() - startNs) / 1_000_000;
        assertTrue(ms < 10_000, "PE " + me + " took " + ms + " ms");
        if (me < 2)
        {
            // the launcher tells this node that a PE of the other went silent (directly, or through this node's peer)
            assertTrue(ex.failedPe() == 2 || ex.failedPe() == 3, ex.getMessage());
        }
        else
        {
            // the node cut off hears nothing from the launcher: it says so itself (no PE to blame), or learns it
            // from its node's other PE, who gave up first; it never blames the other node, which it cannot hear
            assertTrue(ex.failedPe() == -1 && ex.getMessage().contains("no word from the rendezvous") ||
                ex.failedPe() == 2 || ex.failedPe() == 3, ex.getMessage());
        }
        System.out.println("PE " + me + " lost the other node after " + ms + " ms: " + ex.getMessage());
    }

    /** PE 3 dies in the middle of the job; the others, PEs 0 and 1 on the other node, must hear of it. */
    void oneDies(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        shmem.barrierAll();
        if (me == 3)
        {
            Runtime.getRuntime().halt(9);
        }
        final long startNs = System.nanoTime();
        try
        {
            shmem.barrierAll();
        }
        catch (final PeFailureException ex)
        {
            final long ms = (System.nanoTime() - startNs) / 1_000_000;
            assertEquals(3, ex.failedPe(), ex.getMessage());
            assertTrue(ms < 10_000, "PE " + me + " took " + ms + " ms to see PE 3 fail");
            System.out.println("PE " + me + " saw PE 3 fail after " + ms + " ms: " + ex.getMessage());
            return;
        }
        throw new AssertionError("PE " + me + " passed a barrier that PE 3 never reached");
    }

    /** Runs on every PE, inside its node. */
    void acrossNodes(final Ishmem shmem) throws IOException
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int across = (me + 1) % n;

        // the SHARED team is this PE's node: the two PEs of its parity; only theirs are mapped here
        final Team node = shmem.teamShared();
        assertEquals(2, node.nPes(), "PEs on PE " + me + "'s node");
        assertEquals(me % 2, node.translatePe(0, shmem.teamWorld()), "first PE of PE " + me + "'s node");
        assertEquals(me % 2 + 2, node.translatePe(1, shmem.teamWorld()), "second PE of PE " + me + "'s node");

        // every PE publishes the inode of its network namespace: the peers of the other parity are elsewhere
        final SymmetricSegment where = shmem.calloc(n, ValueLayout.JAVA_LONG);
        final long myNet = (long)Files.getAttribute(Path.of("/proc/self/ns/net"), "unix:ino");
        for (int pe = 0; pe < n; pe++)
        {
            shmem.pLong(where, me, myNet, pe);
        }
        shmem.barrierAll();
        for (int pe = 0; pe < n; pe++)
        {
            final long theirs = where.local().getAtIndex(ValueLayout.JAVA_LONG, pe);
            if (pe % 2 == me % 2)
            {
                assertEquals(myNet, theirs, "PE " + pe + " shares PE " + me + "'s namespace");
            }
            else
            {
                assertNotEquals(myNet, theirs, "PE " + pe + " is in another namespace than PE " + me);
            }
        }

        // a put of PAYLOAD bytes to the next PE (in the other namespace), then a get of it back
        final SymmetricSegment data = shmem.malloc(PAYLOAD);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment mine = arena.allocate(PAYLOAD, 8);
            for (long i = 0; i < PAYLOAD; i++)
            {
                mine.set(ValueLayout.JAVA_BYTE, i, (byte)(me * 31 + i * 7));
            }
            shmem.put(data, 0, mine, 0, PAYLOAD, across);
            shmem.barrierAll();
            final int from = (me + n - 1) % n;
            for (long i = 0; i < PAYLOAD; i += 4093)
            {
                assertEquals((byte)(from * 31 + i * 7), data.local().get(ValueLayout.JAVA_BYTE, i),
                    "byte " + i + " put by PE " + from);
            }
            final MemorySegment back = arena.allocate(PAYLOAD, 8);
            shmem.get(back, 0, data, 0, PAYLOAD, across);
            assertEquals(-1, back.mismatch(mine), "what PE " + across + " holds of PE " + me + "'s put");
        }

        // put-with-signal around the ring: each message must be whole when its signal is seen
        final SymmetricSegment inbox = shmem.calloc(MESSAGE, ValueLayout.JAVA_BYTE);
        final SymmetricSegment signal = shmem.calloc(1, ValueLayout.JAVA_LONG);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment message = arena.allocate(MESSAGE, 8);
            for (int round = 1; round <= ROUNDS; round++)
            {
                message.fill((byte)(me + round));
                // odd rounds add 1 to the previous round's value, even rounds set it: both end at round
                final boolean add = round % 2 == 1;
                shmem.putSignal(inbox, 0, message, 0, MESSAGE, signal, 0, add ? 1 : round,
                    add ? SignalOp.ADD : SignalOp.SET, across);
                shmem.signalWaitUntil(signal, 0, Cmp.GE, round);
                final byte expected = (byte)((me + n - 1) % n + round);
                for (long i = 0; i < MESSAGE; i++)
                {
                    assertEquals(expected, inbox.local().get(ValueLayout.JAVA_BYTE, i), "round " + round + " byte " + i);
                }
                // the sender may overwrite the inbox only once it has been read
                shmem.barrierAll();
            }
        }

        // within the node the bytes go through the mapping and the signal through UCX: still data before signal
        final int neighbour = (me + 2) % n;
        final SymmetricSegment nodeInbox = shmem.calloc(MESSAGE, ValueLayout.JAVA_BYTE);
        final SymmetricSegment nodeSignal = shmem.calloc(1, ValueLayout.JAVA_LONG);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment message = arena.allocate(MESSAGE, 8);
            for (int round = 1; round <= ROUNDS; round++)
            {
                message.fill((byte)(me * 3 + round));
                shmem.putSignal(nodeInbox, 0, message, 0, MESSAGE, nodeSignal, 0, 1, SignalOp.ADD, neighbour);
                shmem.signalWaitUntil(nodeSignal, 0, Cmp.GE, round);
                final byte expected = (byte)(neighbour * 3 + round);
                for (long i = 0; i < MESSAGE; i += 511)
                {
                    assertEquals(expected, nodeInbox.local().get(ValueLayout.JAVA_BYTE, i), "node round " + round);
                }
                shmem.barrierAll();
            }
        }

        // fetch-adds on one word of PE 0 from both nodes: every ticket handed out once
        final SymmetricSegment counter = shmem.calloc(1, ValueLayout.JAVA_LONG);
        final SymmetricSegment tickets = shmem.calloc(TICKETS * n, ValueLayout.JAVA_BYTE);
        for (int i = 0; i < TICKETS; i++)
        {
            final long ticket = shmem.atomicFetchAddLong(counter, 0, 1, 0);
            assertTrue(ticket >= 0 && ticket < (long)TICKETS * n, "ticket " + ticket);
            shmem.pByte(tickets, ticket, (byte)1, 0);
        }
        shmem.barrierAll();
        if (me == 0)
        {
            assertEquals((long)TICKETS * n, counter.local().get(ValueLayout.JAVA_LONG, 0), "fetch-adds counted");
            for (long t = 0; t < (long)TICKETS * n; t++)
            {
                assertEquals((byte)1, tickets.local().get(ValueLayout.JAVA_BYTE, t), "ticket " + t + " handed out");
            }
        }

        // a PE of this node is mapped here, one of the other is not (as shmem_ptr gives NULL for it)
        assertTrue(data.peerView((me + 2) % n).isPresent(), "PE " + me + " maps its node's other PE");
        assertTrue(data.peerView(across).isEmpty(), "PE " + me + " has no view of PE " + across + " on the other node");

        // collect: each PE's own count, read from every member's announcement (across nodes, fetched)
        final SymmetricSegment parts = shmem.malloc(8L * n);
        final SymmetricSegment gathered = shmem.malloc(8L * n * (n + 1) / 2);
        for (int i = 0; i <= me; i++)
        {
            parts.local().setAtIndex(ValueLayout.JAVA_LONG, i, 100L * me + i);
        }
        shmem.collect(shmem.teamWorld(), gathered, parts, 8L * (me + 1));
        int at = 0;
        for (int pe = 0; pe < n; pe++)
        {
            for (int i = 0; i <= pe; i++)
            {
                assertEquals(100L * pe + i, gathered.local().getAtIndex(ValueLayout.JAVA_LONG, at++), "collect");
            }
        }
        // a small broadcast's root pushes before anyone syncs: every dest must be free first, as the spec asks
        shmem.barrierAll();
        shmem.broadcast(shmem.teamWorld(), gathered, parts, 8, 1);
        assertEquals(100L, gathered.local().getAtIndex(ValueLayout.JAVA_LONG, 0), "broadcast from PE 1");

        // a large reduction: each member reads its slice of every member's source, across nodes with gets
        final SymmetricSegment big = shmem.malloc(8L * LARGE);
        final SymmetricSegment sum = shmem.malloc(8L * LARGE);
        for (int i = 0; i < LARGE; i++)
        {
            big.local().setAtIndex(ValueLayout.JAVA_LONG, i, (long)i * (me + 1));
        }
        shmem.reduce(shmem.teamWorld(), ReduceOp.SUM, ReduceType.LONG, sum, big, LARGE);
        for (int i = 0; i < LARGE; i++)
        {
            assertEquals((long)i * n * (n + 1) / 2, sum.local().getAtIndex(ValueLayout.JAVA_LONG, i), "sum " + i);
        }

        // arguments that differ on a PE of the other node are found on every PE, and the job goes on
        final CollectiveMismatchException mismatch = assertThrows(CollectiveMismatchException.class,
            () -> shmem.reduce(shmem.teamWorld(), ReduceOp.SUM, ReduceType.LONG, sum, big, me == 3 ? 2 : 3));
        assertTrue(mismatch.getMessage().contains("PE 3"), mismatch.getMessage());

        // a team across the namespaces (PEs 1 and 2: one in each), and a sum over it and over the world
        final Team pair = shmem.teamWorld().splitStrided(1, 1, 2);
        final SymmetricSegment src = shmem.malloc(8 * 3);
        final SymmetricSegment dest = shmem.malloc(8 * 3);
        for (int i = 0; i < 3; i++)
        {
            src.local().setAtIndex(ValueLayout.JAVA_LONG, i, (me + 1) * (i + 1));
        }
        shmem.reduce(shmem.teamWorld(), ReduceOp.SUM, ReduceType.LONG, dest, src, 3);
        for (int i = 0; i < 3; i++)
        {
            assertEquals((long)n * (n + 1) / 2 * (i + 1), dest.local().getAtIndex(ValueLayout.JAVA_LONG, i));
        }
        if (pair != Team.INVALID)
        {
            assertEquals(2, pair.nPes());
            shmem.reduce(pair, ReduceOp.SUM, ReduceType.LONG, dest, src, 3);
            for (int i = 0; i < 3; i++)
            {
                assertEquals(5L * (i + 1), dest.local().getAtIndex(ValueLayout.JAVA_LONG, i), "sum of PEs 1 and 2");
            }
            pair.destroy();
        }
        shmem.barrierAll();
    }

    private static long linkBytes(final String ns)
    {
        final String out = output(List.of("ip", "netns", "exec", ns, "cat",
            "/sys/class/net/" + DEVICE + "/statistics/rx_bytes", "/sys/class/net/" + DEVICE + "/statistics/tx_bytes"));
        return out.lines().mapToLong(line -> Long.parseLong(line.strip())).sum();
    }

    private static void ip(final List<String> made, final String... args)
    {
        final List<String> command = new ArrayList<>();
        command.add("ip");
        command.addAll(List.of(args));
        final Result result = run(command);
        if (result.exit != 0)
        {
            if (made.isEmpty())
            {
                abort("network namespaces cannot be made here (" + String.join(" ", command) + ": " +
                    result.output.strip() + "); run as root with iproute2 to test UCX across a veth link");
            }
            throw new IllegalStateException(String.join(" ", command) + " failed (" + result.exit + "): " +
                result.output.strip());
        }
    }

    private static String output(final List<String> command)
    {
        final Result result = run(command);
        if (result.exit != 0)
        {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + result.output);
        }
        return result.output;
    }

    private record Result(int exit, String output)
    {
    }

    private static Result run(final List<String> command)
    {
        try
        {
            final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.SECONDS))
            {
                process.destroyForcibly();
                return new Result(-1, "timed out");
            }
            return new Result(process.exitValue(), output);
        }
        catch (final IOException ex)
        {
            return new Result(-1, ex.toString());
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return new Result(-1, ex.toString());
        }
    }
}
