package io.ishmem.core;

import io.ishmem.Cmp;
import io.ishmem.Ishmem;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeTest;
import org.junit.jupiter.api.function.Executable;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Every bad signaling argument is refused with an exact message; nothing is written and the job goes on. */
class SignalBadInputMultiPeTest
{
    private static void refused(final Class<? extends Throwable> type, final String message, final Executable call)
    {
        assertEquals(message, assertThrows(type, call).getMessage());
    }

    @MultiPeTest(pes = 2)
    void shouldRefuseBadSignalArgumentsWithExactMessages(final Ishmem shmem)
    {
        final int n = shmem.nPes();
        final SymmetricSegment dest = shmem.calloc(16, ValueLayout.JAVA_LONG);
        final SymmetricSegment sig = shmem.calloc(2, ValueLayout.JAVA_LONG);
        final long d = dest.heapOffset();
        final long s = sig.heapOffset();
        final MemorySegment src = MemorySegment.ofArray(new long[16]);
        final SymmetricSegment misaligned = sig.slice(4, 8);
        final ForeignSegment foreign = new ForeignSegment(8);

        refused(IllegalArgumentException.class, "putSignal: sig ForeignSegment[byteSize=8] is not symmetric memory of this " +
            "ishmem runtime (allocate it with malloc, calloc or align)",
            () -> shmem.putSignal(dest, 0, src, 0, 8, foreign, 0, 1, SignalOp.SET, 0));
        refused(IllegalArgumentException.class, "putSignalNbi: dest ForeignSegment[byteSize=8] is not symmetric memory of " +
            "this ishmem runtime (allocate it with malloc, calloc or align)",
            () -> shmem.putSignalNbi(foreign, 0, src, 0, 8, sig, 0, 1, SignalOp.SET, 0));
        refused(IllegalArgumentException.class, "putSignal: sig word 0 is at heap offset " + (s + 4) +
            ", not 8-byte aligned (slice the segment at a multiple of 8)",
            () -> shmem.putSignal(dest, 0, src, 0, 8, misaligned, 0, 1, SignalOp.ADD, 1));
        refused(IllegalArgumentException.class, "signalFetch: sig word 0 is at heap offset " + (s + 4) +
            ", not 8-byte aligned (slice the segment at a multiple of 8)", () -> shmem.signalFetch(misaligned));
        refused(IllegalArgumentException.class, "signalWaitUntil: sig word 0 is at heap offset " + (s + 4) +
            ", not 8-byte aligned (slice the segment at a multiple of 8)",
            () -> shmem.signalWaitUntil(misaligned, Cmp.EQ, 0));
        refused(IllegalArgumentException.class, "putSignal: sig word at heap offset range [" + (d + 64) + ", " +
            (d + 72) + ") overlaps dest at heap offset range [" + (d + 8) + ", " + (d + 128) + ")",
            () -> shmem.putSignal(dest, 8, src, 0, 120, dest.slice(64, 8), 0, 1, SignalOp.SET, 1));
        refused(IllegalArgumentException.class, "putSignalNbi: sig word at heap offset range [" + (d + 8) + ", " +
            (d + 16) + ") overlaps dest at heap offset range [" + (d + 12) + ", " + (d + 13) + ")",
            () -> shmem.putSignalNbi(dest, 12, src, 0, 1, dest, 1, 1, SignalOp.SET, 1));
        refused(NullPointerException.class, "putSignal: op is null (use SignalOp.SET or SignalOp.ADD)",
            () -> shmem.putSignal(dest, 0, src, 0, 8, sig, 0, 1, null, 1));
        refused(IndexOutOfBoundsException.class, "putSignal: pe=" + n + " not in [0, " + n + ")",
            () -> shmem.putSignal(dest, 0, src, 0, 8, sig, 0, 1, SignalOp.SET, n));
        refused(IndexOutOfBoundsException.class, "putSignalNbi: pe=-1 not in [0, " + n + ")",
            () -> shmem.putSignalNbi(dest, 0, src, 0, 8, sig, 0, 1, SignalOp.SET, -1));
        refused(IndexOutOfBoundsException.class, "signalAdd: pe=" + (n + 3) + " not in [0, " + n + ")",
            () -> shmem.signalAdd(sig, 0, 1, n + 3));
        refused(IndexOutOfBoundsException.class, "signalSet: pe=-2 not in [0, " + n + ")",
            () -> shmem.signalSet(sig, 1, 1, -2));
        refused(IndexOutOfBoundsException.class, "signalFetch: sig range [16, 16 + 8) runs past the symmetric " +
            "segment of 16 bytes", () -> shmem.signalFetch(sig, 2));
        refused(IndexOutOfBoundsException.class, "signalWaitUntil: sig index=-1 is negative",
            () -> shmem.signalWaitUntil(sig, -1, Cmp.GE, 0));
        refused(NullPointerException.class, "signalWaitUntil: cmp is null (use Cmp.EQ, NE, GT, GE, LT or LE)",
            () -> shmem.signalWaitUntil(sig, 0, null, 0));
        refused(IndexOutOfBoundsException.class, "putSignal: dest range [64, 64 + 72) runs past the symmetric " +
            "segment of 128 bytes", () -> shmem.putSignal(dest, 64, src, 0, 72, sig, 0, 1, SignalOp.SET, 0));
        refused(IndexOutOfBoundsException.class, "putSignal: src range [120, 120 + 16) not in [0, 128)",
            () -> shmem.putSignal(dest, 0, src, 120, 16, sig, 0, 1, SignalOp.SET, 0));
        refused(IndexOutOfBoundsException.class, "putSignal: srcIndex=2 + count=4 is past the end of src (length 4)",
            () -> shmem.putSignal(dest, 0, new int[4], 2, 4, sig, 0, 1, SignalOp.SET, 0));
        refused(IllegalArgumentException.class, "putSignalNbi: nelems=-1 is negative",
            () -> shmem.putSignalNbi(ValueLayout.JAVA_LONG, dest, src, -1, sig, 1, SignalOp.SET, 0));
        refused(IndexOutOfBoundsException.class, "putSignalOnQueue: pe=" + n + " not in [0, " + n + ")",
            () -> shmem.putSignalOnQueue(dest, 0, src, 0, 8, sig, 0, 1, SignalOp.SET, n));
        refused(NullPointerException.class, "putSignalNbiOnQueue: op is null (use SignalOp.SET or SignalOp.ADD)",
            () -> shmem.putSignalNbiOnQueue(dest, 0, src, 0, 8, sig, 0, 1, null, 0));
        refused(NullPointerException.class, "putSignalOnQueue: dependsOn[1] is null",
            () -> shmem.putSignalOnQueue(dest, 0, src, 0, 8, sig, 0, 1, SignalOp.SET, 0,
                CompletableFuture.completedFuture(null), null));

        // nothing above wrote anything, and the job is still in step
        shmem.barrierAll();
        assertEquals(0, shmem.signalFetch(sig, 0));
        assertEquals(0, shmem.signalFetch(sig, 1));
        for (int i = 0; i < 16; i++)
        {
            assertEquals(0, dest.local().getAtIndex(ValueLayout.JAVA_LONG, i));
        }
        shmem.barrierAll();
        // an empty payload right below the word does not overlap it
        shmem.putSignal(dest.slice(0, 64), 64, src, 0, 0, dest.slice(64, 8), 0, 7, SignalOp.SET,
            (shmem.myPe() + 1) % n);
        assertEquals(7, shmem.signalWaitUntil(dest.slice(64, 8), Cmp.EQ, 7));
        shmem.barrierAll();
    }

    @MultiPeTest(pes = 2)
    void shouldRefuseSignalsAfterFreeAndClose(final Ishmem shmem)
    {
        final SymmetricSegment sig = shmem.calloc(1, ValueLayout.JAVA_LONG);
        final long at = sig.heapOffset();
        shmem.free(sig);
        refused(IllegalStateException.class, "signalAdd: sig (the segment at heap offset " + at + ") was freed",
            () -> shmem.signalAdd(sig, 1, 0));
        final SymmetricSegment live = shmem.calloc(1, ValueLayout.JAVA_LONG);
        shmem.close();
        refused(IllegalStateException.class, "signalFetch: ishmem is closed (called after close)",
            () -> shmem.signalFetch(live));
        refused(IllegalStateException.class, "putSignalOnQueue: ishmem is closed (called after close)",
            () -> shmem.putSignalOnQueue(live, 0, MemorySegment.ofArray(new byte[0]), 0, 0, live, 0, 1, SignalOp.SET,
                0));
    }
}
