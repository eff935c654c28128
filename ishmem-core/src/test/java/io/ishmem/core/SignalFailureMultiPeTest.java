package io.ishmem.core;

import io.ishmem.Cmp;
import io.ishmem.Ishmem;
import io.ishmem.PeFailureException;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeJob;
import io.ishmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A PE that halts while the others wait in signalWaitUntil: each of them ends with an error naming it. */
class SignalFailureMultiPeTest
{
    private static final String SEEN = "FAILURE SEEN after ms=";

    static void haltWhileOthersWaitForASignal(final Ishmem shmem)
    {
        final SymmetricSegment sig = shmem.calloc(1, ValueLayout.JAVA_LONG);
        shmem.barrierAll();
        if (shmem.myPe() == 0)
        {
            // PE 0, which each survivor's liveness check looks at first: a survivor that has seen the failure
            // and halted is named only if no earlier PE is dead
            Runtime.getRuntime().halt(3);
        }
        final long startNs = System.nanoTime();
        try
        {
            // 2^63 and above: the wait is unsigned
            shmem.signalWaitUntil(sig, Cmp.GE, 1L << 63);
            System.out.println("NO FAILURE");
        }
        catch (final PeFailureException ex)
        {
            System.out.println(SEEN + (System.nanoTime() - startNs) / 1_000_000 + " " + ex.getMessage());
            System.out.flush();
            Runtime.getRuntime().halt(7);
        }
    }

    @Test
    @Timeout(60)
    void shouldNameAPeThatHaltsWhileOthersWaitForASignal()
    {
        final JobResult result = MultiPeJob.of(SignalFailureMultiPeTest.class, "haltWhileOthersWaitForASignal").pes(4)
            .grace(Duration.ofSeconds(15)).run();
        assertEquals(3, result.exitCode(0), "exit of the PE that halted");
        for (final int pe : new int[] {1, 2, 3})
        {
            final List<String> lines = result.output(pe);
            final String seen = lines.stream().filter(line -> line.startsWith(SEEN)).findFirst()
                .orElseThrow(() -> new AssertionError("PE " + pe + " saw no failure: " + lines));
            final long ms = Long.parseLong(seen.substring(SEEN.length(), seen.indexOf(' ', SEEN.length())));
            assertTrue(ms < 5_000, "the failure was noticed after " + ms + " ms: " + seen);
            assertTrue(seen.contains("PE 0") && seen.contains("signalWaitUntil(GE 9223372036854775808, last seen 0)"),
                seen);
        }
    }
}
