package io.ishmem.examples;

import io.ishmem.junit.JobReport;
import io.ishmem.junit.MultiPeJob;
import io.ishmem.launcher.JobResult;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SignalRingMultiPeTest
{
    @ParameterizedTest(name = "[{0} PEs]")
    @ValueSource(ints = {1, 4, 8})
    @Timeout(120)
    void shouldPassTheTokenAroundEveryPeWithPutSignal(final int npes)
    {
        final JobResult result = MultiPeJob.ofMain(SignalRing.class).pes(npes).timeoutSeconds(60).run();

        assertTrue(result.succeeded(), () -> JobReport.describe(result));
        for (int pe = 0; pe < npes; pe++)
        {
            final int prev = (pe + npes - 1) % npes;
            final int hops = pe == 0 ? npes : pe;
            final StringBuilder path = new StringBuilder();
            for (int k = 0; k < hops; k++)
            {
                path.append(' ').append(k);
            }
            final String expected = "PE " + pe + " received the token from PE " + prev + " after " + hops +
                " hops: path" + path + " ok";
            final long lines = result.output(pe).stream().filter(line -> line.startsWith("PE ")).count();
            assertTrue(result.output(pe).contains(expected), () -> expected + "\n" + JobReport.describe(result));
            assertEquals(1, lines, () -> "one line per PE\n" + JobReport.describe(result));
        }
    }
}
