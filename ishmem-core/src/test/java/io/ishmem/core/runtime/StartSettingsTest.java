package io.ishmem.core.runtime;

import io.ishmem.IshmemConfigException;
import io.ishmem.core.wait.WaitStrategy;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The auto settings that depend on whether a job has a CPU per PE, and the checks of the tail settings. */
class StartSettingsTest
{
    private static StartSettings read(final int nPes, final String... pairs)
    {
        final Map<String, String> env = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2)
        {
            env.put(pairs[i], pairs[i + 1]);
        }
        return StartSettings.read(env, new JobIdentity(0, nPes, "test", "test", -1));
    }

    @Test
    void shouldWarmUpOnlyWhenEveryPeHasACpu()
    {
        assertEquals(Warmup.CALLS, read(4, "ISHMEM_JOB_CPUS", "4").warmupCalls());
        assertEquals(0, read(5, "ISHMEM_JOB_CPUS", "4").warmupCalls());
        assertEquals(Warmup.CALLS, read(8, "ISHMEM_JOB_CPUS", "4", "ISHMEM_WARMUP", "on").warmupCalls());
        assertEquals(0, read(2, "ISHMEM_JOB_CPUS", "4", "ISHMEM_WARMUP", "off").warmupCalls());
    }

    @Test
    void shouldLetCollectivesYieldAtOnceOnlyWhenOversubscribedAndNotSetByHand()
    {
        // spinBatch(n): the loads a wait may spin through after n idle steps before its first slow step
        final WaitStrategy core = read(4, "ISHMEM_JOB_CPUS", "4").waitStrategy();
        assertEquals(WaitStrategy.SPIN_CHECK_MASK, core.spinBatch(0));
        assertEquals(0, core.collectiveFirstIdle());
        final WaitStrategy over = read(5, "ISHMEM_JOB_CPUS", "4").waitStrategy();
        assertEquals(20, over.spinBatch(0));
        assertEquals(20, over.collectiveFirstIdle());
        assertEquals(0, over.spinBatch(over.collectiveFirstIdle()));
        final WaitStrategy byHand = read(5, "ISHMEM_JOB_CPUS", "4", "ISHMEM_WAIT_SPINS", "7").waitStrategy();
        assertEquals(7, byHand.spinBatch(0));
        assertEquals(0, byHand.collectiveFirstIdle());
    }

    @Test
    void shouldCountBarriersOnlyWhenOversubscribedUnlessSetByHand()
    {
        assertFalse(read(4, "ISHMEM_JOB_CPUS", "4").counterBarrier());
        assertTrue(read(5, "ISHMEM_JOB_CPUS", "4").counterBarrier());
        assertTrue(read(2, "ISHMEM_JOB_CPUS", "4", "ISHMEM_BARRIER", "counter").counterBarrier());
        assertFalse(read(8, "ISHMEM_JOB_CPUS", "4", "ISHMEM_BARRIER", "dissemination").counterBarrier());
        final IshmemConfigException bad = assertThrows(IshmemConfigException.class,
            () -> read(2, "ISHMEM_BARRIER", "tree"));
        assertEquals("ISHMEM_BARRIER=tree is not one of auto, dissemination, counter", bad.getMessage());
    }

    @Test
    void shouldTakeTheJobsCpusFromIshmemrunNotFromThisPesAffinity()
    {
        // a PE bound to one CPU sees one available processor; ishmemrun says the job has 16
        assertEquals(16, StartSettings.jobCpus(Map.of("ISHMEM_JOB_CPUS", "16")));
        assertEquals(Runtime.getRuntime().availableProcessors(), StartSettings.jobCpus(Map.of()));
    }

    @Test
    void shouldRejectBadTailSettingsNamingTheVariableAndTheValidValues()
    {
        final IshmemConfigException warmup = assertThrows(IshmemConfigException.class,
            () -> read(2, "ISHMEM_WARMUP", "maybe"));
        assertEquals("ISHMEM_WARMUP=maybe is not one of auto, on, off", warmup.getMessage());
        final IshmemConfigException cpus = assertThrows(IshmemConfigException.class,
            () -> read(2, "ISHMEM_JOB_CPUS", "0"));
        assertTrue(cpus.getMessage().contains("ISHMEM_JOB_CPUS"), cpus.getMessage());
        final IshmemConfigException stopped = assertThrows(IshmemConfigException.class,
            () -> read(2, "ISHMEM_STOPPED_TIMEOUT", "50ms"));
        assertEquals("ISHMEM_STOPPED_TIMEOUT=50ms must be at least 200ms (twice the period of the stopped-PE check)",
            stopped.getMessage());
    }
}
