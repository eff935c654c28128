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

    @MultiPeTest(pes = {2, 4})
    void shouldAllocateNothingInBarriersAndTeamSyncs(final Ishmem shmem)
    {
        final Team team = shmem.teamWorld().splitStrided(0, 1, shmem.nPes());
        for (int i = 0; i < 30_000; i++)
        {
            shmem.barrierAll();
            team.sync();
        }
        final long overhead = overhead();
        final long before = allocated();
        for (int i = 0; i < 20_000; i++)
        {
            shmem.barrierAll();
            team.sync();
        }
        final long bytes = allocated() - before - overhead;
        // a single object per call would be 20,000 x 16 bytes at least; this leaves room for a JIT event
        assertTrue(bytes <= 1024, "20,000 barrierAll + team.sync allocated " + bytes + " bytes");
        team.close();
    }

    @MultiPeTest(pes = {2, 4})
    void shouldAllocateOnlyTheReturnedSegmentInMallocAndFree(final Ishmem shmem)
    {
        for (int i = 0; i < 20_000; i++)
        {
            shmem.free(shmem.malloc(64));
        }
        final long overhead = overhead();
        final long before = allocated();
        final int pairs = 4_000;
        for (int i = 0; i < pairs; i++)
        {
            shmem.free(shmem.malloc(64));
        }
        final double perPair = (allocated() - before - overhead) / (double)pairs;
        // the handle malloc returns: the segment, its allocation record and its local view (about 120 bytes);
        // the allocator's own bookkeeping adds nothing (boxed offsets in maps cost another 190 bytes a pair)
        assertTrue(perPair <= 160, "malloc(64) + free allocated " + perPair + " bytes a pair");
    }
}
