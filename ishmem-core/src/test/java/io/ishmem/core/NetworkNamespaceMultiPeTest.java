package io.ishmem.core;

import io.ishmem.Cmp;
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
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.abort;

/**
 * PEs in two network namespaces joined by a veth pair, with UCX over TCP carrying the heaps: the data of
 * every put, put-with-signal and get crosses the link. The test makes the namespaces and the pair itself
 * (addresses in 10.201.0.0/16, only inside them), starts PEs 0, 2 in one and 1, 3 in the other through
 * {@code ip netns exec}, checks on every PE that the peers are in the other namespace and that what was sent
 * arrived, and checks here that the link carried at least the payload; then removes what it made. Skipped,
 * saying why, where namespaces cannot be made (not root, no {@code ip}).
 *
 * <p>The namespaces share the kernel, so the job's control (bootstrap, barriers, the collectives' agreement
 * and a reduction's reads of its peers' sources) still runs on shared memory (docs/ucx.md says what
 * crossing hosts still needs); what this proves is the data path over a real network link.
 */
class NetworkNamespaceMultiPeTest
{
    private static final int PES = 4;
    private static final String DEVICE = "ish0";
    private static final long PAYLOAD = 1 << 20;
    private static final int ROUNDS = 50;
    private static final long MESSAGE = 4096;

    @Test
    void shouldRunPutsSignalsTeamsAndAReductionAcrossNamespaces() throws Exception
    {
        final String prefix = "ishmem-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
        final int subnet = ThreadLocalRandom.current().nextInt(1, 255);
        final List<String> made = new ArrayList<>();
        try
        {
            for (int n = 0; n < 2; n++)
            {
                ip(made, "netns", "add", prefix + "-" + n);
                made.add(prefix + "-" + n);
            }
            // one pair, an end moved into each namespace and named alike there, so one UCX_NET_DEVICES fits both
            ip(made, "link", "add", prefix.substring(7, 15) + "a", "type", "veth", "peer", "name",
                prefix.substring(7, 15) + "b");
            for (int n = 0; n < 2; n++)
            {
                final String ns = prefix + "-" + n;
                final String end = prefix.substring(7, 15) + (n == 0 ? "a" : "b");
                ip(made, "link", "set", end, "netns", ns);
                ip(made, "-n", ns, "link", "set", end, "name", DEVICE);
                ip(made, "-n", ns, "addr", "add", "10.201." + subnet + "." + (n + 1) + "/24", "dev", DEVICE);
                ip(made, "-n", ns, "link", "set", DEVICE, "up");
                // a PE reaches its own address, and its namespace's other PE, through lo
                ip(made, "-n", ns, "link", "set", "lo", "up");
            }
            final long before = linkBytes(prefix + "-0");

            final MultiPeJob body = MultiPeJob.of(NetworkNamespaceMultiPeTest.class, "acrossNamespaces");
            final List<String> command = new ArrayList<>(List.of("/bin/sh", "-c",
                "exec ip netns exec \"$0-$((ISHMEM_PE % 2))\" \"$@\"", prefix));
            command.addAll(body.command());
            final JobResult result = Launcher.run(JobSpec.builder().npes(PES).command(command)
                .env("ISHMEM_TRANSPORT", "ucx").env("UCX_TLS", "tcp").env("UCX_NET_DEVICES", DEVICE)
                .timeout(Duration.ofSeconds(120)).captureOutput(true).mergeStderr(true).build());
            assertTrue(result.succeeded(), () -> JobReport.describe(result));

            final long carried = linkBytes(prefix + "-0") - before;
            System.out.println("NetworkNamespaceMultiPeTest: the veth link carried " + carried + " bytes");
            // each PE put PAYLOAD to, and got PAYLOAD from, a PE in the other namespace, plus the messages
            assertTrue(carried >= 4 * PAYLOAD, "the link carried " + carried + " bytes, less than the " +
                4 * PAYLOAD + " the PEs sent across it");
        }
        finally
        {
            for (final String ns : made.reversed())
            {
                // deleting a namespace deletes the veth end in it, and with it the pair
                run(List.of("ip", "netns", "del", ns));
            }
        }
    }

    /** Runs on every PE, inside its namespace. */
    void acrossNamespaces(final Ishmem shmem) throws IOException
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int across = (me + 1) % n;

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
