package io.ishmem.core;

import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;
import io.ishmem.core.heap.HeapSegment;
import io.ishmem.junit.MultiPeTest;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The warm-up at init runs collectives and allocations of its own; the application must not see them. */
class WarmupMultiPeTest
{
    private static void assertFreshHeap(final Ishmem shmem)
    {
        // first fit from offset 0: a block the warm-up left allocated, or a free range it split, would show here
        final SymmetricSegment first = shmem.malloc(64);
        final SymmetricSegment second = shmem.malloc(1 << 20);
        assertEquals(0, ((HeapSegment)first).heapOffset());
        assertEquals(64, ((HeapSegment)second).heapOffset());
        shmem.free(second);
        shmem.free(first);
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {2, 3}, env = "ISHMEM_WARMUP=on")
    void shouldLeaveTheHeapAsFreshAsWithoutWarmup(final Ishmem shmem)
    {
        assertFreshHeap(shmem);
    }

    @MultiPeTest(pes = 2, env = "ISHMEM_WARMUP=off")
    void shouldStartWithTheSameHeapWithoutWarmup(final Ishmem shmem)
    {
        assertFreshHeap(shmem);
    }
}
