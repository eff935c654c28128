package io.ishmem.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ishmem.launcher.JobResult;

import java.util.List;

import org.junit.jupiter.api.Test;

class JobReportTest
{
    @Test
    void shouldListEachFailedPeThenEveryPesOutput()
    {
        final JobResult result = new JobResult("0123456789abcdef", 3, 2, List.of(0, 143, 3),
            List.of(List.of("zero"), List.of(), List.of("two", "boom")), false);

        assertEquals("""
            job 0123456789abcdef of 3 PEs failed: PE 2 failed first, with exit 3
              PE 1: exit 143 (SIGTERM: stopped by the launcher)
              PE 2: exit 3
            --- PE 0 (exit 0) ---
            zero
            --- PE 1 (exit 143) ---
            --- PE 2 (exit 3) ---
            two
            boom
            """, JobReport.describe(result));
    }

    @Test
    void shouldSayWhenTheJobTimedOut()
    {
        final JobResult result = new JobResult("0123456789abcdef", 124, -1, List.of(143),
            List.of(List.of("waiting")), true);

        assertEquals("""
            job 0123456789abcdef of 1 PEs timed out (exit 124): its PEs were stopped
              PE 0: exit 143 (SIGTERM: stopped by the launcher)
            --- PE 0 (exit 143) ---
            waiting
            """, JobReport.describe(result));
    }
}
