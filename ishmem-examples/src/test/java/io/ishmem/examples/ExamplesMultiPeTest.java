package io.ishmem.examples;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ishmem.junit.JobReport;
import io.ishmem.junit.MultiPeJob;
import io.ishmem.launcher.JobResult;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ExamplesMultiPeTest
{
    private static final int NPES = 4;

    @Test
    @Timeout(120)
    void shouldPrintOneHelloLinePerPe()
    {
        final JobResult result = MultiPeJob.ofMain(Hello.class).pes(NPES).timeoutSeconds(60).run();

        assertTrue(result.succeeded(), () -> JobReport.describe(result));
        for (int pe = 0; pe < NPES; pe++)
        {
            final String expected = "Hello from PE " + pe + " of " + NPES;
            assertTrue(result.output(pe).contains(expected), () -> expected + "\n" + JobReport.describe(result));
        }
    }

    @Test
    @Timeout(120)
    void shouldPassEachPeNumberToTheNextPeAroundTheRing()
    {
        final JobResult result = MultiPeJob.ofMain(Ring.class).pes(NPES).timeoutSeconds(60).run();

        assertTrue(result.succeeded(), () -> JobReport.describe(result));
        for (int pe = 0; pe < NPES; pe++)
        {
            final int prev = (pe + NPES - 1) % NPES;
            final String expected = "PE " + pe + " received " + prev + " from PE " + prev;
            assertTrue(result.output(pe).contains(expected), () -> expected + "\n" + JobReport.describe(result));
        }
    }

    @Test
    @Timeout(120)
    void shouldRunTheImbalancedStencilToTheEnd()
    {
        final JobResult result = MultiPeJob.ofMain(Imbalance.class).pes(2).timeoutSeconds(90).run();

        assertTrue(result.succeeded(), () -> JobReport.describe(result));
        assertTrue(result.output(0).stream().anyMatch(line -> line.startsWith("heat after 50 steps: ")),
            () -> JobReport.describe(result));
    }
}
