package io.ishmem.core;

import io.ishmem.Ishmem;
import io.ishmem.Team;
import io.ishmem.junit.MultiPeTest;

import java.lang.reflect.Method;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a PE allocates on the paths a bulk-synchronous program calls in its loop, once the JIT has
 * compiled them: every allocation is a step towards a GC pause that the other PEs wait out at the next
 * barrier.
 */
class SteadyStateAllocationMultiPeTest
{
    // by reflection: the test classes are patched into io.ishmem.core, which does not read jdk.management
    private static final Object THREADS;
    private static final Method ALLOCATED;

    static
    {
        try
        {
            THREADS = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean")
                .invoke(null);
            ALLOCATED = Class.forName("com.sun.management.ThreadMXBean").getMethod("getCurrentThreadAllocatedBytes");
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private static long allocated()
    {
        try
        {
            return (long)ALLOCATED.invoke(THREADS);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    /** Bytes that measuring itself allocates (the reflective call boxes its result). */
    private static long overhead()
    {
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 100; i++)
        {
            final long before = allocated();
            least = Math.min(least, allocated() - before);
        }
        return least;
    }

    /**
     * The least any of several windows allocated: a call that allocates does so in every window, while a
     * one-off of the JVM (a recompilation, a class loaded on a slow path) lands in one of them.
     */
    private static long leastOverWindows(final int windows, final Runnable window)
    {
        final long overhead = overhead();
        long least = Long.MAX_VALUE;
        for (int i = 0; i < windows; i++)
        {
            final long before = allocated();
            window.run();
            least = Math.min(least, allocated() - before - overhead);
        }
        return least;
    }

    @MultiPeTest(pes = {2, 4})
    void shouldAllocateNothingInBarriersAndTeamSyncs(final Ishmem shmem)
    {
        final Team team = shmem.teamWorld().splitStrided(0, 1, shmem.nPes());
        for (int i = 0; i < 30_000; i++)
        {
            shmem.barrierAll();
            team.sync();
        }
        final long bytes = leastOverWindows(5, () ->
        {
            for (int i = 0; i < 4_000; i++)
            {
                shmem.barrierAll();
                team.sync();
            }
        });
        // one object per call would be 4,000 x 16 bytes at least
        assertTrue(bytes <= 256, "4,000 barrierAll + team.sync allocated " + bytes + " bytes (least of 5 windows)");
        team.close();
    }

    @MultiPeTest(pes = {2, 4})
    void shouldAllocateOnlyTheReturnedSegmentInMallocAndFree(final Ishmem shmem)
    {
        for (int i = 0; i < 20_000; i++)
        {
            shmem.free(shmem.malloc(64));
        }
        final int pairs = 1_000;
        final double perPair = leastOverWindows(5, () ->
        {
            for (int i = 0; i < pairs; i++)
            {
                shmem.free(shmem.malloc(64));
            }
        }) / (double)pairs;
        // the handle malloc returns, one object of 48 bytes (its local view is made by the first local(), which
        // this loop never calls); the allocator's own bookkeeping adds nothing (boxed offsets in maps cost another
        // 190 bytes a pair)
        assertTrue(perPair <= 64, "malloc(64) + free allocated " + perPair + " bytes a pair (least of 5 windows)");
    }
}
