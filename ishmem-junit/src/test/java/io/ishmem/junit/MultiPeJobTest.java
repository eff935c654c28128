package io.ishmem.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ishmem.launcher.JobResult;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class MultiPeJobTest
{
    @Test
    @Timeout(60)
    void shouldReportTheFailedPeAndItsExitCode()
    {
        final JobResult result = MultiPeJob.run(3, Fixtures.Bodies.class, "failOnPeOne");

        assertEquals(1, result.exitCode());
        assertEquals(1, result.firstFailedPe());
        assertEquals(List.of(0, 1, 0), result.exitCodes());
        assertEquals(List.of("PE 0 is fine so far"), result.output(0));
        assertEquals("PE 1 is fine so far", result.output(1).getFirst());
        assertEquals("java.lang.AssertionError: PE 1 fails on purpose", result.output(1).get(1));
    }

    @Test
    @Timeout(60)
    void shouldRunAnInstanceMethodOfAPackagePrivateClass()
    {
        final JobResult result = MultiPeJob.of(Fixtures.Bodies.class, "printPe").pes(2).run();

        assertTrue(result.succeeded(), () -> JobReport.describe(result));
        assertEquals(List.of("PE 0 of 2"), result.output(0));
        assertEquals(List.of("PE 1 of 2"), result.output(1));
    }

    @Test
    @Timeout(60)
    void shouldInitAndCloseIshmemAroundABodyThatTakesIt()
    {
        final JobResult result = MultiPeJob.of(Fixtures.Bodies.class, "withIshmem").pes(2).run();

        assertTrue(result.succeeded(), () -> JobReport.describe(result));
        for (int pe = 0; pe < 2; pe++)
        {
            assertEquals(List.of("fake init PE " + pe, "body PE " + pe + " of 2", "fake close PE " + pe),
                result.output(pe));
        }
    }

    @Test
    @Timeout(60)
    void shouldExitWithoutClosingIshmemWhenTheBodyThrows()
    {
        final JobResult result = MultiPeJob.of(Fixtures.Bodies.class, "throwInsteadOfClose").pes(1).run();

        assertEquals(PeMain.FAILED_EXIT_CODE, result.exitCode());
        assertEquals("fake init PE 0", result.output(0).getFirst());
        assertEquals("java.lang.IllegalStateException: body of PE 0 throws", result.output(0).get(1));
        assertTrue(result.output(0).stream().noneMatch(line -> line.startsWith("fake close")),
            () -> result.output(0).toString());
    }

    @Test
    @Timeout(60)
    void shouldRunAMainClassWithItsArguments()
    {
        final JobResult result = MultiPeJob.ofMain(Fixtures.EchoMain.class, "a", "b c").pes(2).env("X=1").run();

        assertTrue(result.succeeded(), () -> JobReport.describe(result));
        assertEquals(List.of("EchoMain PE 0: a b c"), result.output(0));
        assertEquals(List.of("EchoMain PE 1: a b c"), result.output(1));
    }

    @Test
    void shouldRefuseAMethodThatDoesNotExist()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> MultiPeJob.of(Fixtures.Bodies.class, "noSuchBody"));

        assertEquals("io.ishmem.junit.Fixtures$Bodies has no method noSuchBody() or noSuchBody(Ishmem)",
            ex.getMessage());
    }

    @Test
    void shouldRefuseAnEnvPairWithoutEquals()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> MultiPeJob.of(Fixtures.Bodies.class, "printPe").env("NOVALUE"));

        assertEquals("env: 'NOVALUE' is not NAME=VALUE", ex.getMessage());
    }
}
