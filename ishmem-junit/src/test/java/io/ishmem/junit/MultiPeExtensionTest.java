package io.ishmem.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.ishmem.Ishmem;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

class MultiPeExtensionTest
{
    @Test
    @Timeout(60)
    void shouldRunTheBodyOnEveryPeOnceForEachPeCount() throws IOException
    {
        deleteRecursively(Fixtures.MARKERS);
        Files.createDirectories(Fixtures.MARKERS);

        final Events tests = run(Fixtures.Passing.class);

        tests.assertStatistics(stats -> stats.started(2).succeeded(2));
        assertEquals(List.of("[1 PE]", "[3 PEs]"),
            tests.succeeded().stream().map(event -> event.getTestDescriptor().getDisplayName()).toList());
        try (Stream<Path> markers = Files.list(Fixtures.MARKERS))
        {
            assertEquals(Set.of("body-1-0", "body-3-0", "body-3-1", "body-3-2"),
                markers.map(marker -> marker.getFileName().toString()).collect(Collectors.toSet()));
        }
    }

    @Test
    @Timeout(60)
    void shouldFailWithEachFailedPeAndTheOutputOfEveryPe()
    {
        final Events tests = run(Fixtures.Failing.class);

        tests.assertStatistics(stats -> stats.started(1).failed(1));
        final Throwable failure = failure(tests.failed().stream().findFirst().orElseThrow());
        assertInstanceOf(AssertionError.class, failure);
        final String message = failure.getMessage();
        assertTrue(message.contains("PE 1 failed first, with exit 1\n  PE 1: exit 1\n--- PE 0 (exit 0) ---\n" +
            "PE 0 is fine so far\n--- PE 1 (exit 1) ---\nPE 1 is fine so far\n" +
            "java.lang.AssertionError: PE 1 fails on purpose\n"), message);
    }

    @Test
    @Timeout(60)
    void shouldFailWhenTheJobTimesOut()
    {
        final Events tests = run(Fixtures.Hanging.class);

        tests.assertStatistics(stats -> stats.started(1).failed(1));
        final String message = failure(tests.failed().stream().findFirst().orElseThrow()).getMessage();
        assertTrue(message.contains("of 1 PEs timed out (exit 124)"), message);
    }

    @Test
    @Timeout(60)
    void shouldRefuseABodyWithOtherParameters()
    {
        // the template itself fails, before any invocation exists
        final Events events = EngineTestKit.engine("junit-jupiter").selectors(selectClass(Fixtures.BadParameter.class))
            .execute().allEvents();

        final Throwable failure = failure(events.failed().stream().findFirst().orElseThrow());
        assertInstanceOf(ExtensionConfigurationException.class, failure);
        assertTrue(failure.getMessage().startsWith(
            "a @MultiPeTest method takes no parameters or one io.ishmem.Ishmem, not "), failure.getMessage());
    }

    @Test
    @Timeout(60)
    void shouldGiveEveryPeTheClassEnvUnderTheMethodEnvWithTheSubclassOverItsSuperclass()
    {
        final Events tests = run(Fixtures.EnvSub.class);

        // a failed body's assertion message names the level that should have won
        assertEquals(List.of(), tests.failed().stream().map(event -> failure(event).getMessage()).toList());
        tests.assertStatistics(stats -> stats.started(1).succeeded(1));
    }

    @Test
    @Timeout(60)
    void shouldGiveSuccessiveRunsTheRotatedEnvironmentsInTurn() throws IOException
    {
        deleteRecursively(Fixtures.MARKERS);
        Files.createDirectories(Fixtures.MARKERS);
        final String before = System.getProperty(RotatedEnvironment.PROPERTY);
        final Events tests;
        try
        {
            System.setProperty(RotatedEnvironment.PROPERTY,
                "ISHMEM_TEST_TURN=a;ISHMEM_TEST_CLASS=rotated|ISHMEM_TEST_TURN=b;ISHMEM_TEST_CLASS=rotated");
            tests = run(Fixtures.Rotated.class);
        }
        finally
        {
            if (before == null)
            {
                System.clearProperty(RotatedEnvironment.PROPERTY);
            }
            else
            {
                System.setProperty(RotatedEnvironment.PROPERTY, before);
            }
        }

        tests.assertStatistics(stats -> stats.started(3).succeeded(3));
        final List<String> names = tests.succeeded().stream()
            .map(event -> event.getTestDescriptor().getDisplayName()).toList();
        // the turn counts across the JVM's runs, so which of the two comes first depends on earlier tests
        final String first = names.get(0).contains("ISHMEM_TEST_TURN=a") ? "a" : "b";
        final String second = first.equals("a") ? "b" : "a";
        assertEquals(List.of("[1 PE, ISHMEM_TEST_CLASS=rotated ISHMEM_TEST_TURN=" + first + "]",
            "[2 PEs, ISHMEM_TEST_CLASS=rotated ISHMEM_TEST_TURN=" + second + "]",
            "[3 PEs, ISHMEM_TEST_CLASS=rotated ISHMEM_TEST_TURN=" + first + "]"), names);
        try (Stream<Path> markers = Files.list(Fixtures.MARKERS))
        {
            // every PE of a run saw its run's turn, and the class's value won over the rotated one
            assertEquals(Set.of("rotated-1-0-" + first + "-class", "rotated-2-0-" + second + "-class",
                    "rotated-2-1-" + second + "-class", "rotated-3-0-" + first + "-class",
                    "rotated-3-1-" + first + "-class", "rotated-3-2-" + first + "-class"),
                markers.map(marker -> marker.getFileName().toString()).collect(Collectors.toSet()));
        }
    }

    @Test
    @Timeout(60)
    void shouldRefuseAClassEnvPairWithoutAName()
    {
        final Events events = EngineTestKit.engine("junit-jupiter").selectors(selectClass(Fixtures.BadEnv.class))
            .execute().allEvents();

        final Throwable failure = failure(events.failed().stream().findFirst().orElseThrow());
        assertInstanceOf(ExtensionConfigurationException.class, failure);
        assertEquals("@MultiPeEnv on " + Fixtures.BadEnv.class.getName() + ": 'ISHMEM_TEST_NO_VALUE' is not NAME=VALUE",
            failure.getMessage());
    }

    @MultiPeTest(pes = 2, env = {"ISHMEM_TEST_GREETING=hello=world"}, jvmArgs = {"-Dishmem.test.answer=42"})
    void shouldPassEnvAndJvmArgsToEveryPe()
    {
        assertEquals("hello=world", System.getenv("ISHMEM_TEST_GREETING"));
        assertEquals("42", System.getProperty("ishmem.test.answer"));
    }

    @MultiPeTest(pes = {1, 2})
    void shouldRunTheBodyInAPeNotInTheTestJvm()
    {
        assertTrue(Fixtures.myPe() >= 0 && Fixtures.myPe() < Fixtures.nPes());
        assertEquals(Long.parseLong(System.getenv("ISHMEM_LAUNCHER_PID")),
            ProcessHandle.current().parent().orElseThrow().pid());
    }

    @MultiPeTest(pes = 2)
    void shouldPassEachPeItsOwnIshmem(final Ishmem shmem)
    {
        assertEquals(Fixtures.myPe(), shmem.myPe());
        assertEquals(2, shmem.nPes());
    }

    private static Events run(final Class<?> fixture)
    {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(fixture)).execute().testEvents();
    }

    private static Throwable failure(final Event event)
    {
        return event.getPayload(org.junit.platform.engine.TestExecutionResult.class).orElseThrow()
            .getThrowable().orElseThrow();
    }

    private static void deleteRecursively(final Path dir) throws IOException
    {
        if (!Files.exists(dir))
        {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir))
        {
            for (final Path path : paths.sorted(Comparator.reverseOrder()).toList())
            {
                Files.delete(path);
            }
        }
    }
}
