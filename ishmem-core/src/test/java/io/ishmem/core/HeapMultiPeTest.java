package io.ishmem.core;

import io.ishmem.CollectiveMismatchException;
import io.ishmem.Ishmem;
import io.ishmem.SymmetricHeapExhaustedException;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeTest;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Collective allocation: symmetric offsets, zeroing, alignment, reuse, exhaustion and mismatches. */
class HeapMultiPeTest
{
    @MultiPeTest(pes = {2, 4, 8}, env = "ISHMEM_SYMMETRIC_SIZE=8M")
    void shouldGiveEveryPeTheSameOffsets(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final List<SymmetricSegment> live = new ArrayList<>();
        final SymmetricSegment offsets = shmem.calloc((long)n * 64, ValueLayout.JAVA_LONG);
        for (int i = 0; i < 64; i++)
        {
            final SymmetricSegment segment = switch (i % 3)
            {
                case 0 -> shmem.malloc(17L * i + 1);
                case 1 -> shmem.calloc(i + 1, ValueLayout.JAVA_INT);
                default -> shmem.align(1L << (i % 13), 3L * i);
            };
            live.add(segment);
            if (i % 4 == 3)
            {
                shmem.free(live.remove(i % live.size()));
            }
            shmem.pLong(offsets, (long)me * 64 + i, segment.heapOffset(), 0);
        }
        shmem.barrierAll();
        if (me == 0)
        {
            for (int pe = 1; pe < n; pe++)
            {
                for (int i = 0; i < 64; i++)
                {
                    assertEquals(offsets.local().getAtIndex(ValueLayout.JAVA_LONG, i),
                        offsets.local().getAtIndex(ValueLayout.JAVA_LONG, (long)pe * 64 + i),
                        "allocation " + i + " of PE " + pe);
                }
            }
        }
        for (final SymmetricSegment segment : live)
        {
            shmem.free(segment);
        }
        shmem.free(offsets);
    }

    @MultiPeTest(pes = {2, 4}, env = "ISHMEM_SYMMETRIC_SIZE=1M")
    void shouldClearCallocEvenOverDirtyMemoryAndReuseFreedRanges(final Ishmem shmem)
    {
        final SymmetricSegment dirty = shmem.malloc(4096);
        final long offset = dirty.heapOffset();
        dirty.local().fill((byte)0x5A);
        shmem.free(dirty);
        final SymmetricSegment clean = shmem.calloc(512, ValueLayout.JAVA_LONG);
        assertEquals(offset, clean.heapOffset(), "freed range reused");
        for (int i = 0; i < 512; i++)
        {
            assertEquals(0, clean.local().getAtIndex(ValueLayout.JAVA_LONG, i));
        }
        final SymmetricSegment aligned = shmem.align(65536, 10);
        assertEquals(0, aligned.heapOffset() % 65536);
        assertEquals(0, aligned.local().address() % 65536, "page-aligned heap keeps the alignment absolute");
        final SymmetricSegment empty = shmem.malloc(0);
        assertEquals(0, empty.byteSize());
        assertNotEquals(empty.heapOffset(), aligned.heapOffset());
        final SymmetricSegment wide = shmem.calloc(3, MemoryLayout.sequenceLayout(2, ValueLayout.JAVA_LONG));
        assertEquals(48, wide.byteSize());
        shmem.free(empty);
        shmem.free(aligned);
        shmem.free(clean);
        shmem.free(wide);
    }

    @MultiPeTest(pes = {2, 4}, env = "ISHMEM_SYMMETRIC_SIZE=2M")
    void shouldFailExhaustionOnEveryPeNamingTheVariable(final Ishmem shmem)
    {
        final SymmetricSegment most = shmem.malloc(1536 * 1024);
        final SymmetricHeapExhaustedException ex = assertThrows(SymmetricHeapExhaustedException.class,
            () -> shmem.malloc(1024 * 1024));
        assertTrue(ex.getMessage().contains("ISHMEM_SYMMETRIC_SIZE"), ex.getMessage());
        assertTrue(ex.getMessage().contains("2 MiB"), ex.getMessage());
        assertTrue(ex.getMessage().contains("ISHMEM_SYMMETRIC_SIZE=4M"), ex.getMessage());
        // the job goes on: the failure was agreed, nobody is left in a collective
        shmem.free(most);
        final SymmetricSegment again = shmem.malloc(1024 * 1024);
        shmem.free(again);
    }

    @MultiPeTest(pes = {2, 4})
    void shouldDetectUnequalMallocSizesOnEveryPe(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final CollectiveMismatchException ex = assertThrows(CollectiveMismatchException.class,
            () -> shmem.malloc(me == 1 ? 128 : 64));
        assertTrue(ex.getMessage().contains("malloc"), ex.getMessage());
        assertTrue(ex.getMessage().contains("128 bytes") && ex.getMessage().contains("64 bytes"), ex.getMessage());
        // nothing was allocated anywhere: the next equal request gets the first offset
        final SymmetricSegment fine = shmem.malloc(64);
        assertEquals(0, fine.heapOffset());
        shmem.free(fine);
    }

    @MultiPeTest(pes = 2)
    void shouldDetectFreeOfDifferentSegments(final Ishmem shmem)
    {
        final SymmetricSegment a = shmem.malloc(64);
        final SymmetricSegment b = shmem.malloc(64);
        final CollectiveMismatchException ex = assertThrows(CollectiveMismatchException.class,
            () -> shmem.free(shmem.myPe() == 0 ? a : b));
        assertTrue(ex.getMessage().contains("free"), ex.getMessage());
        // the free took effect nowhere (each PE had given its range back while the barrier ran): both segments are
        // live, usable and freeable, and the heap is as it was
        a.local().set(ValueLayout.JAVA_LONG, 0, 1);
        b.local().set(ValueLayout.JAVA_LONG, 0, 2);
        shmem.free(a);
        shmem.free(b);
        final SymmetricSegment whole = shmem.malloc(128);
        assertEquals(0, whole.heapOffset(), "the heap changed although the free failed");
        shmem.free(whole);
    }
}
