package io.ishmem.core;

import io.ishmem.Cmp;
import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeTest;
import org.junit.jupiter.api.function.Executable;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every bad argument is refused with a message that names it and its valid range; the job goes on. */
class BadInputMultiPeTest
{
    private static void refused(final Class<? extends Throwable> type, final String expected, final Executable call)
    {
        final Throwable ex = assertThrows(type, call);
        assertTrue(ex.getMessage().contains(expected), "message '" + ex.getMessage() + "' lacks '" + expected + "'");
    }

    @MultiPeTest(pes = {2, 4})
    void shouldRefuseBadRmaArguments(final Ishmem shmem)
    {
        final int n = shmem.nPes();
        final SymmetricSegment dest = shmem.malloc(64);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment src = arena.allocate(128);
            refused(IndexOutOfBoundsException.class, "put: pe=" + n + " not in [0, " + n + ")",
                () -> shmem.put(dest, 0, src, 0, 8, n));
            refused(IndexOutOfBoundsException.class, "get: pe=-1 not in [0, " + n + ")",
                () -> shmem.get(src, 0, dest, 0, 8, -1));
            refused(IndexOutOfBoundsException.class, "pLong: pe=" + (n + 5), () -> shmem.pLong(dest, 0, 1, n + 5));
            refused(IllegalArgumentException.class, "put: bytes=-8 is negative",
                () -> shmem.put(dest, 0, src, 0, -8, 0));
            refused(IndexOutOfBoundsException.class, "runs past the symmetric segment of 64 bytes",
                () -> shmem.put(dest, 0, src, 0, 128, 0));
            refused(IndexOutOfBoundsException.class, "dest range [60, 60 + 8)",
                () -> shmem.put(dest, 60, src, 0, 8, 0));
            refused(IndexOutOfBoundsException.class, "src range [100, 100 + 64) not in [0, 128)",
                () -> shmem.put(dest, 0, src, 100, 64, 0));
            refused(IndexOutOfBoundsException.class, "gLong: src range [64, 64 + 8) runs past the symmetric segment",
                () -> shmem.gLong(dest, 8, 0));
            refused(IndexOutOfBoundsException.class, "count=-1 is negative",
                () -> shmem.put(dest, 0, new long[4], 0, -1, 0));
            refused(IndexOutOfBoundsException.class, "put: srcIndex=2 + count=4 is past the end of src (length 4)",
                () -> shmem.put(dest, 0, new long[4], 2, 4, 0));
            refused(IndexOutOfBoundsException.class, "runs past the symmetric segment",
                () -> shmem.get(new long[100], 0, dest, 0, 100, 0));
            refused(IllegalArgumentException.class, "nelems=-2 is negative",
                () -> shmem.put(ValueLayout.JAVA_LONG, dest, src, -2, 0));
            refused(IllegalArgumentException.class, "is not symmetric memory of this ishmem runtime",
                () -> shmem.put(new ForeignSegment(64), 0, src, 0, 8, 0));
            refused(IndexOutOfBoundsException.class, "slice: [offset=32, offset + bytes=96) not in [0, 64]",
                () -> dest.slice(32, 64));
            refused(IndexOutOfBoundsException.class, "peerView: pe=" + n, () -> dest.peerView(n));
        }
        shmem.free(dest);
    }

    @MultiPeTest(pes = 2)
    void shouldRefuseMisalignedWaitsAndBadAllocationArguments(final Ishmem shmem)
    {
        final SymmetricSegment words = shmem.calloc(4, ValueLayout.JAVA_LONG);
        refused(IllegalArgumentException.class, "waitUntilLong: ivar element 0 is at heap offset 4, not 8-byte aligned",
            () -> shmem.waitUntilLong(words.slice(4), 0, Cmp.EQ, 0));
        refused(IllegalArgumentException.class, "testInt: ivar element 0 is at heap offset 2, not 4-byte aligned",
            () -> shmem.testInt(words.slice(2), 0, Cmp.EQ, 0));
        refused(IndexOutOfBoundsException.class, "waitUntilLong: ivar index=-1",
            () -> shmem.waitUntilLong(words, -1, Cmp.EQ, 0));
        refused(IllegalArgumentException.class, "malloc: bytes=-1 is negative", () -> shmem.malloc(-1));
        refused(IllegalArgumentException.class, "calloc: count=-3 is negative",
            () -> shmem.calloc(-3, ValueLayout.JAVA_INT));
        refused(IllegalArgumentException.class, "calloc: count=" + Long.MAX_VALUE + " x 8 bytes overflows",
            () -> shmem.calloc(Long.MAX_VALUE, ValueLayout.JAVA_LONG));
        refused(IllegalArgumentException.class, "align: alignment=24 is not a power of two",
            () -> shmem.align(24, 64));
        // argument errors are raised before the collective starts, so the job is still in step
        shmem.barrierAll();
        shmem.free(words);
    }

    @MultiPeTest(pes = 2)
    void shouldRefuseFreeOfForeignSlicedOrFreedSegments(final Ishmem shmem)
    {
        final SymmetricSegment segment = shmem.malloc(256);
        refused(IllegalArgumentException.class, "was not allocated by this ishmem runtime",
            () -> shmem.free(new ForeignSegment(8)));
        refused(IllegalArgumentException.class, "is a slice; free the segment malloc/calloc/align returned",
            () -> shmem.free(segment.slice(64)));
        shmem.free(segment);
        refused(IllegalArgumentException.class, "was already freed", () -> shmem.free(segment));
        refused(IllegalStateException.class, "was freed", segment::local);
        refused(IllegalStateException.class, "put: dest (the segment at heap offset 0) was freed",
            () -> shmem.put(segment, 0, MemorySegment.ofArray(new byte[8]), 0, 8, 0));
        shmem.barrierAll();
    }

    @MultiPeTest(pes = 2)
    void shouldRefuseCallsAfterCloseAndASecondInit(final Ishmem shmem)
    {
        final SymmetricSegment segment = shmem.malloc(64);
        refused(IllegalStateException.class, "already initialised in this process", Ishmem::init);
        shmem.close();
        shmem.close();
        refused(IllegalStateException.class, "barrierAll: ishmem is closed", shmem::barrierAll);
        refused(IllegalStateException.class, "malloc: ishmem is closed", () -> shmem.malloc(8));
        refused(IllegalStateException.class, "myPe: ishmem is closed", shmem::myPe);
        refused(IllegalStateException.class, "put: ishmem is closed",
            () -> shmem.put(segment, 0, MemorySegment.ofArray(new byte[8]), 0, 8, 0));
        refused(IllegalStateException.class, "local: ishmem is closed", segment::local);
        refused(IllegalStateException.class, "cannot be initialised again", Ishmem::init);
        assertEquals(64, segment.byteSize());
    }
}
