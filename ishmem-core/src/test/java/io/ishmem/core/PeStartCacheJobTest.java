package io.ishmem.core;

import io.ishmem.Ishmem;
import io.ishmem.core.runtime.IshmemRuntime;
import io.ishmem.junit.MultiPeJob;
import io.ishmem.launcher.JobResult;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The JUnit extension's cache of PE starts: a job's PEs load the runtime's classes from it, linked already, and
 * print nothing of their own about it.
 */
class PeStartCacheJobTest
{
    private static final String RUNTIME = IshmemRuntime.class.getName();

    @Test
    void shouldStartEveryPeFromTheCache()
    {
        assumeTrue(Boolean.parseBoolean(System.getProperty("ishmem.junit.aotCache", "true")),
            "-Dishmem.junit.aotCache=false leaves the cache out");
        final MultiPeJob job = MultiPeJob.ofMain(Started.class).pes(2).jvmArgs("-Xlog:class+load=info:stdout");
        assertTrue(job.command().stream().anyMatch(option -> option.startsWith("-XX:AOTCache=")),
            job.command()::toString);

        final JobResult result = job.run();

        assertEquals(0, result.exitCode(), result::describe);
        for (int pe = 0; pe < 2; pe++)
        {
            final List<String> output = result.output(pe);
            final List<String> loads = output.stream()
                .filter(line -> line.contains(" " + RUNTIME + " source:"))
                .toList();
            assertEquals(1, loads.size(), () -> "no single load of " + RUNTIME + ": " + loads);
            assertTrue(loads.get(0).contains("source: shared objects file"), loads.get(0));
            assertTrue(output.stream().noneMatch(line -> line.contains("[aot]") || line.contains("[cds]")),
                () -> "the cache spoke: " + output.stream().filter(line -> line.contains("[aot]") ||
                    line.contains("[cds]")).toList());
            assertTrue(output.contains("started " + pe), () -> String.join("\n", output));
        }
    }

    /** A PE that starts ishmem, meets the others in a barrier and says so. */
    public static final class Started
    {
        private Started()
        {
        }

        public static void main(final String[] args)
        {
            try (Ishmem shmem = Ishmem.init())
            {
                shmem.barrierAll();
                System.out.println("started " + shmem.myPe());
            }
        }
    }
}
