package io.ishmem.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ishmemrun --hosts} end to end, with a fake remote shell that runs the PE's command line here, as ssh
 * would run it on the host: {@code fake-rsh OPTION HOST LINE}.
 */
class IshmemRunHostsTest
{
    // the PE reports its number, the rendezvous address, and a variable whose value needs quoting
    private static final String[] PRINT_ENV = {"--", "sh", "-c", "echo \"$ISHMEM_PE $ISHMEM_RENDEZVOUS $Q\""};

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    @Timeout(10)
    void shouldStartEachBlockOfPesThroughTheRemoteShellOnItsHost() throws IOException
    {
        // the option proves --rsh is split into words; the host is the word after them, as ssh takes it
        final Path rsh = script("fake-rsh", "echo \"rsh $1 $2\" >&2; cd /; exec sh -c \"$3\"");
        final int status = run(concat(new String[] {"-n", "4", "--prefix", "--hosts", "fakeA:2,fakeB:2", "--rsh",
            rsh + " -x", "--env", "Q=it's \"$HOME\""}, PRINT_ENV));

        assertEquals(0, status, text(err));
        assertEquals(List.of("[0@fakeA] rsh -x fakeA", "[1@fakeA] rsh -x fakeA", "[2@fakeB] rsh -x fakeB",
            "[3@fakeB] rsh -x fakeB"), sortedLines(err));
        final List<String> lines = sortedLines(out);
        assertEquals(4, lines.size(), text(out));
        final String address = "tcp:" + LocalHost.canonicalName() + ":";
        String port = null;
        for (int pe = 0; pe < 4; pe++)
        {
            final Matcher line = Pattern.compile("\\[(\\d)@(fake[AB])] (\\d) (tcp:\\S+:)(\\d+) (.*)")
                .matcher(lines.get(pe));
            assertTrue(line.matches(), lines.get(pe));
            assertEquals(Integer.toString(pe), line.group(1));
            assertEquals(pe < 2 ? "fakeA" : "fakeB", line.group(2));
            assertEquals(Integer.toString(pe), line.group(3), "ISHMEM_PE");
            assertEquals(address, line.group(4), "ISHMEM_RENDEZVOUS advertises this host's canonical name");
            assertEquals(port == null ? line.group(5) : port, line.group(5), "one rendezvous for the job");
            port = line.group(5);
            assertEquals("it's \"$HOME\"", line.group(6), "--env travels quoted, unexpanded");
        }
    }

    @Test
    @Timeout(10)
    void shouldForkPesOfThisHostItselfAndAdvertiseTheGivenRendezvousHost() throws IOException
    {
        final Path rsh = script("fake-rsh", "echo \"rsh $1\" >&2; exec sh -c \"$2\"");
        final int status = run(concat(new String[] {"-n", "3", "--hosts", "localhost:2,fakeB:1", "--rsh",
            rsh.toString(), "--rendezvous", "10.1.2.3", "--env", "Q=q"}, PRINT_ENV));

        assertEquals(0, status, text(err));
        assertEquals(List.of("rsh fakeB"), sortedLines(err), "only the PE of the other host goes through rsh");
        final List<String> lines = sortedLines(out);
        for (int pe = 0; pe < 3; pe++)
        {
            assertTrue(lines.get(pe).matches(pe + " tcp:10\\.1\\.2\\.3:\\d+ q"), lines.get(pe));
        }
    }

    @Test
    @Timeout(10)
    void shouldStartARendezvousOnOneHostWhenAsked()
    {
        final int status = run("-n", "2", "--rendezvous", "::1", "--", "sh", "-c", "echo \"$ISHMEM_RENDEZVOUS\"");

        assertEquals(0, status, text(err));
        final List<String> lines = sortedLines(out);
        assertEquals(2, lines.size());
        assertTrue(lines.getFirst().matches("tcp:\\[::1]:\\d+"), lines.getFirst());
        assertEquals(lines.get(0), lines.get(1));
    }

    @Test
    @Timeout(10)
    void shouldGiveNoRendezvousUnlessAsked()
    {
        assertEquals(0, run("-n", "1", "--", "sh", "-c", "echo \"[${ISHMEM_RENDEZVOUS-unset}]\""));
        assertEquals(List.of("[unset]"), sortedLines(out));
    }

    @Test
    @Timeout(10)
    void shouldSayClearlyWhenTheRemoteShellCannotReachAHost() throws IOException
    {
        final Path rsh = script("ssh", "echo \"ssh: connect to host $1 port 22: No route to host\" >&2; exit 255");
        final int status = run(concat(new String[] {"-n", "2", "--hosts", "fakeA:1,fakeB:1", "--rsh", rsh.toString()},
            PRINT_ENV));

        assertEquals(255, status);
        final String errors = text(err);
        assertTrue(errors.contains("ishmemrun: could not start PE 0 on host fakeA: ssh exited with 255 (is the host " +
            "reachable and does it accept ssh without a password?)"), errors);
        assertTrue(errors.contains("ishmemrun: could not start PE 1 on host fakeB: ssh exited with 255"), errors);
    }

    @Test
    @Timeout(10)
    void shouldRejectHostsThatDoNotAddUpToThePeCount()
    {
        assertEquals(2, run(concat(new String[] {"-n", "4", "--hosts", "a:2,b:1"}, PRINT_ENV)));
        assertTrue(text(err).startsWith("ishmemrun: Invalid value for option '--hosts': the counts in 'a:2,b:1' " +
            "add up to 3 PEs, but -n is 4"), text(err));
    }

    @Test
    @Timeout(10)
    void shouldRejectHostsWithCoreBinding()
    {
        assertEquals(2, run(concat(new String[] {"-n", "2", "--hosts", "a:2", "--bind-to", "core"}, PRINT_ENV)));
        assertTrue(text(err).startsWith("ishmemrun: Options '--hosts' and '--bind-to core' do not go together"),
            text(err));
    }

    @Test
    @Timeout(10)
    void shouldRejectABootTimeoutTheRendezvousCannotRead()
    {
        assertEquals(2, run(concat(new String[] {"-n", "2", "--rendezvous", "h", "--env", "ISHMEM_BOOT_TIMEOUT=soon"},
            PRINT_ENV)));
        assertTrue(text(err).startsWith("ishmemrun: ISHMEM_BOOT_TIMEOUT=soon is not a duration of at least 1ms"),
            text(err));
    }

    private Path script(final String name, final String body) throws IOException
    {
        final Path script = dir.resolve(name);
        Files.writeString(script, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }

    private int run(final String... args)
    {
        return IshmemRun.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static String[] concat(final String[] first, final String[] second)
    {
        final String[] all = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }

    private static String text(final ByteArrayOutputStream stream)
    {
        return stream.toString(StandardCharsets.UTF_8);
    }

    private static List<String> sortedLines(final ByteArrayOutputStream stream)
    {
        return Arrays.stream(text(stream).split(System.lineSeparator())).filter(line -> !line.isEmpty()).sorted()
            .toList();
    }
}
