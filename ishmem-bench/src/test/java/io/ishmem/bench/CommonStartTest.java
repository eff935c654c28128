package io.ishmem.bench;

import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;
import io.ishmem.launcher.CpuBinding;
import io.ishmem.launcher.JobEnvironment;
import io.ishmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link CommonStart} and {@link JobCpus} in real jobs: one instant on every PE where the PEs fit the CPUs. */
class CommonStartTest
{
    private static final int STARTS = 200;

    @Test
    @Timeout(120)
    void shouldStartEveryPeAtTheSameInstantWhenThePesFitTheCpus()
    {
        // bound, each PE sees one CPU of its own: only the launcher's count tells it that its peer has another
        final JobResult result = job(2, CpuBinding.CORE, Map.of(JobEnvironment.JOB_CPUS, "2"));
        assertTrue(result.succeeded(), () -> everyPe(result));
        assertTrue(result.output(0).contains("starts " + STARTS + " at one instant: true"), () ->
            String.join("\n", result.output(0)));
    }

    @Test
    @Timeout(120)
    void shouldStartEachPeAtItsBarrierWhenThePesOutnumberTheCpus()
    {
        final JobResult result = job(3, CpuBinding.NONE, Map.of(JobEnvironment.JOB_CPUS, "2"));
        assertTrue(result.succeeded(), () -> everyPe(result));
        assertTrue(result.output(0).contains("starts " + STARTS + " at one instant: false"), () ->
            String.join("\n", result.output(0)));
    }

    private static String everyPe(final JobResult result)
    {
        final StringBuilder text = new StringBuilder();
        for (int pe = 0; pe < result.npes(); pe++)
        {
            text.append("PE ").append(pe).append(":\n").append(String.join("\n", result.output(pe))).append('\n');
        }
        return text.toString();
    }

    private static JobResult job(final int pes, final CpuBinding binding, final Map<String, String> env)
    {
        return new PeJob(StartingPe.class, List.of(), List.of(), Duration.ofSeconds(90)).run(pes, binding, env);
    }

    /**
     * Each PE records the instants {@link CommonStart#await} gave it and the clock on return; PE 0 compares every
     * PE's with its own. Nothing runs between two starts, so PE 0 sets the next instant while the others may still
     * be reading the last one.
     */
    public static final class StartingPe
    {
        public static void main(final String[] args)
        {
            try (Ishmem shmem = Ishmem.init())
            {
                final int me = shmem.myPe();
                final SymmetricSegment words = shmem.calloc(2, ValueLayout.JAVA_LONG);
                final SymmetricSegment instants = shmem.calloc(STARTS, ValueLayout.JAVA_LONG);
                final CommonStart start = new CommonStart(shmem, words);
                long last = Long.MIN_VALUE;
                for (int i = 0; i < STARTS; i++)
                {
                    final long at = start.await();
                    final long now = System.nanoTime();
                    check(now >= at, "PE " + me + " returned at " + now + ", before its start " + at);
                    check(at > last, "PE " + me + " start " + i + " at " + at + " is not after the one before, " +
                        last);
                    last = at;
                    instants.local().setAtIndex(ValueLayout.JAVA_LONG, i, at);
                }
                shmem.barrierAll();
                if (me == 0)
                {
                    final MemorySegment theirs = MemorySegment.ofArray(new long[STARTS]);
                    boolean same = true;
                    for (int pe = 1; pe < shmem.nPes(); pe++)
                    {
                        shmem.get(theirs, 0, instants, 0, (long)STARTS * Long.BYTES, pe);
                        for (int i = 0; i < STARTS; i++)
                        {
                            same &= theirs.getAtIndex(ValueLayout.JAVA_LONG, i) ==
                                instants.local().getAtIndex(ValueLayout.JAVA_LONG, i);
                        }
                    }
                    check(same == start.atOneInstant(), "one instant " + start.atOneInstant() +
                        " but the PEs' instants " + (same ? "all agree" : "differ"));
                    System.out.println("starts " + STARTS + " at one instant: " + start.atOneInstant());
                }
                shmem.barrierAll();
                shmem.free(instants);
                shmem.free(words);
            }
        }

        private static void check(final boolean condition, final String message)
        {
            if (!condition)
            {
                throw new AssertionError(message);
            }
        }
    }
}
