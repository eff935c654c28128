package io.ishmem.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * Brings a bench PE's young generation to its steady state before anything is timed, as the warm-ups bring the
 * JIT to its: the JVM faults each page of the young generation in at its first use, and until the first
 * collection every few dozen allocations of a call that allocates (malloc's handle, a split's team) pay a fault,
 * 10 us a page on the project's test VM, a startup cost that a long job pays once and C's OpenSHMEM does not pay
 * per call. The performance page gives the figures with and without it.
 */
public final class YoungGeneration
{
    private static final int CHUNK = 64 * 1024;
    /** Enough for any young generation a PE starts with; the loop ends at the first collection. */
    private static final long LIMIT = 1L << 30;
    private static volatile Object sink;

    private YoungGeneration()
    {
    }

    /** Allocates until a collection has happened, so every page of the young generation has been written once. */
    public static void touchOnce()
    {
        final List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
        final long before = collections(collectors);
        long allocated = 0;
        while (allocated < LIMIT && collections(collectors) == before)
        {
            sink = new byte[CHUNK];
            allocated += CHUNK;
        }
        sink = null;
    }

    private static long collections(final List<GarbageCollectorMXBean> collectors)
    {
        long count = 0;
        for (final GarbageCollectorMXBean collector : collectors)
        {
            count += Math.max(0, collector.getCollectionCount());
        }
        return count;
    }
}
