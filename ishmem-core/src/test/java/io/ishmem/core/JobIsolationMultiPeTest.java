package io.ishmem.core;

import io.ishmem.Ishmem;
import io.ishmem.IshmemException;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeJob;
import io.ishmem.junit.PeMain;
import io.ishmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 17, finding 2: two jobs started by hand with one {@code ISHMEM_JOB_ID}, at the same time, 2 PEs each.
 * Before, their PEs merged into one job that ran to exit 0 with wrong data, or hung in init past
 * {@code ISHMEM_BOOT_TIMEOUT}, or failed with {@code pidfd_getfd ... EBADF}. A starter (a job of one PE that
 * never starts ishmem) launches the four processes with the variables a person would set, and reports how
 * each ended.
 */
class JobIsolationMultiPeTest
{
    private static final String BOOT_TIMEOUT = "4s";
    private static final int ROUNDS = 150;
    private static final long HANG_LIMIT_MS = 25_000;
    private static final String CLASH = "two jobs share ISHMEM_JOB_ID";
    private static final String TIMEOUT = "within ISHMEM_BOOT_TIMEOUT";

    /** With a secret each, as ishmemrun gives every job: they never form a job together, and both fail. */
    @Test
    @Timeout(120)
    void shouldFailBothJobsAndNeverMixThemWhenTheirSecretsDiffer()
    {
        for (int round = 0; round < 2; round++)
        {
            final List<Ending> endings = startTogether("distinct");
            for (final Ending ending : endings)
            {
                assertFalse(ending.endedWell(), "a job of two that share an id ended well: " + endings);
                assertFalse(ending.sawWrongData(), "a process got another job's data: " + endings);
                assertTrue(ending.failure().contains(CLASH) || ending.failure().contains(TIMEOUT),
                    "not a clear message: " + ending);
            }
            assertEachJobNamesTheClash(endings);
        }
    }

    /**
     * Without secrets the two jobs cannot be told apart, but a PE number is held by one process only and a
     * clash is seen by every process of the rendezvous: no hang, no stray errors, and neither job ends well.
     */
    @Test
    @Timeout(120)
    void shouldFailBothJobsWithAClearMessageWhenTheyShareAnIdAndNoSecret()
    {
        for (int round = 0; round < 2; round++)
        {
            final List<Ending> endings = startTogether("none");
            for (final Ending ending : endings)
            {
                assertTrue(ending.endedWell() || ending.sawWrongData() || ending.failure().contains(CLASH) ||
                    ending.failure().contains(TIMEOUT), "not a clear message: " + ending + " among " + endings);
            }
            for (final String job : List.of("A", "B"))
            {
                assertFalse(endings.stream().filter(e -> e.job().equals(job)).allMatch(Ending::endedWell),
                    "job " + job + " ended well although another job shared its id: " + endings);
            }
            assertTrue(endings.stream().anyMatch(e -> e.failure().contains(CLASH)), "no one named the clash: " + endings);
        }
    }

    private static void assertEachJobNamesTheClash(final List<Ending> endings)
    {
        for (final String job : List.of("A", "B"))
        {
            assertTrue(endings.stream().anyMatch(e -> e.job().equals(job) && e.failure().contains(CLASH)),
                "no PE of job " + job + " named the clash: " + endings);
        }
    }

    private static List<Ending> startTogether(final String secrets)
    {
        final JobResult result = MultiPeJob.of(JobIsolationMultiPeTest.class, "startTwoJobsByHand").pes(1)
            .env("HAND_SECRETS", secrets).timeoutSeconds(60).run();
        assertEquals(0, result.exitCode(0), "the starter failed: " + result.output(0));
        final List<Ending> endings = new ArrayList<>();
        for (final String line : result.output(0))
        {
            if (line.startsWith("ENDING "))
            {
                endings.add(Ending.parse(line.substring("ENDING ".length())));
            }
            assertFalse(line.startsWith("LEFT "), "a file was left behind: " + line);
            assertFalse(line.startsWith("HUNG "), "a process hung: " + line + "\n" + result.output(0));
        }
        assertEquals(4, endings.size(), result.output(0).toString());
        return endings;
    }

    /** How one hand-started process ended: its job, PE, exit code and the line that says why. */
    record Ending(String job, int pe, int exitCode, long millis, String failure)
    {
        static Ending parse(final String line)
        {
            final String[] parts = line.split(" ", 5);
            return new Ending(parts[0], Integer.parseInt(parts[1]), Integer.parseInt(parts[2]),
                Long.parseLong(parts[3]), parts.length > 4 ? parts[4] : "");
        }

        boolean endedWell()
        {
            return exitCode == 0 && failure.equals("ENDED WELL");
        }

        boolean sawWrongData()
        {
            return failure.startsWith("WRONG DATA");
        }
    }

    // ---------------------------------------------------------------- in the starter

    static void startTwoJobsByHand() throws Exception
    {
        final String id = "hand-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong());
        final String java = ProcessHandle.current().info().command().orElseThrow();
        final String classPath = System.getProperty("java.class.path");
        final boolean distinct = System.getenv("HAND_SECRETS").equals("distinct");
        final List<Process> processes = new ArrayList<>();
        final List<String> names = new ArrayList<>();
        final List<Path> outputs = new ArrayList<>();
        final long startNs = System.nanoTime();
        for (final String job : List.of("A", "B"))
        {
            for (int pe = 0; pe < 2; pe++)
            {
                final List<String> command = new ArrayList<>(List.of(java));
                command.addAll(MultiPeJob.DEFAULT_JVM_ARGS);
                command.addAll(List.of("-cp", classPath, PeMain.class.getName(),
                    JobIsolationMultiPeTest.class.getName(), "handStartedPe"));
                final Path output = Files.createTempFile("ishmem-hand-" + job + pe, ".txt");
                final ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(output.toFile());
                final Map<String, String> env = builder.environment();
                // what a person sets by hand: no launcher, and the starter's own job must not leak in
                env.keySet().removeIf(name -> name.startsWith("ISHMEM_"));
                env.put("ISHMEM_JOB_ID", id);
                env.put("ISHMEM_PE", Integer.toString(pe));
                env.put("ISHMEM_NPES", "2");
                env.put("ISHMEM_BOOT_TIMEOUT", BOOT_TIMEOUT);
                env.put("ISHMEM_WARMUP", "off");
                env.put("HAND_JOB", job);
                if (distinct)
                {
                    env.put("ISHMEM_JOB_SECRET", "secret-of-" + job);
                }
                processes.add(builder.start());
                names.add(job + " " + pe);
                outputs.add(output);
            }
        }
        for (int i = 0; i < processes.size(); i++)
        {
            final Process process = processes.get(i);
            final long leftMs = HANG_LIMIT_MS - (System.nanoTime() - startNs) / 1_000_000;
            if (!process.waitFor(Math.max(1, leftMs), TimeUnit.MILLISECONDS))
            {
                System.out.println("HUNG " + names.get(i) + ": " + Files.readAllLines(outputs.get(i)));
                processes.forEach(Process::destroyForcibly);
                for (final Process p : processes)
                {
                    p.waitFor();
                }
                break;
            }
            final List<String> lines = Files.readAllLines(outputs.get(i));
            final String why = lines.stream().filter(line -> line.startsWith("ENDED WELL") ||
                line.startsWith("WRONG DATA") || line.startsWith("FAILED ")).findFirst().orElse("NO VERDICT " + lines);
            System.out.println("ENDING " + names.get(i) + " " + process.exitValue() + " " +
                (System.nanoTime() - startNs) / 1_000_000 + " " + why);
            Files.delete(outputs.get(i));
        }
        try (Stream<Path> left = Files.list(Path.of("/dev/shm")))
        {
            for (final Path path : left.filter(p -> p.getFileName().toString().startsWith("ishmem-" + id)).toList())
            {
                System.out.println("LEFT " + path);
                Files.deleteIfExists(path);
            }
        }
    }

    // ---------------------------------------------------------------- in each hand-started process

    static void handStartedPe() throws IOException
    {
        final long tag = System.getenv("HAND_JOB").equals("A") ? 1 : 2;
        try (Ishmem shmem = Ishmem.init())
        {
            final int me = shmem.myPe();
            final int other = 1 - me;
            final SymmetricSegment box = shmem.calloc(1, ValueLayout.JAVA_LONG);
            for (int round = 1; round <= ROUNDS; round++)
            {
                shmem.pLong(box, 0, tag * 1_000_000 + me * 1_000 + round, other);
                shmem.barrierAll();
                final long got = box.local().get(ValueLayout.JAVA_LONG, 0);
                final long expected = tag * 1_000_000 + other * 1_000 + round;
                if (got != expected)
                {
                    System.out.println("WRONG DATA in round " + round + ": got " + got + ", expected " + expected);
                    System.out.flush();
                    Runtime.getRuntime().halt(4);
                }
                shmem.barrierAll();
                sleepQuietly();
            }
        }
        catch (final IshmemException ex)
        {
            System.out.println("FAILED " + ex.getClass().getSimpleName() + ": " + ex.getMessage());
            System.out.flush();
            Runtime.getRuntime().halt(3);
        }
        System.out.println("ENDED WELL");
    }

    private static void sleepQuietly()
    {
        try
        {
            Thread.sleep(5);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
