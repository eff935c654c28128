package io.ishmem.core;

import io.ishmem.Cmp;
import io.ishmem.Ishmem;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeTest;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The on_queue put-with-signal forms: ordered, after their dependencies, failing as their dependencies fail. */
class SignalQueueMultiPeTest
{
    private static final int SLOT_LONGS = 8;

    private static MemorySegment slotData(final int slot, final int pe)
    {
        final long[] data = new long[SLOT_LONGS];
        java.util.Arrays.fill(data, slot * 100L + pe);
        return MemorySegment.ofArray(data);
    }

    private static void assertSlot(final SymmetricSegment dest, final int slot, final int pe)
    {
        for (int i = 0; i < SLOT_LONGS; i++)
        {
            assertEquals(slot * 100L + pe, dest.local().getAtIndex(ValueLayout.JAVA_LONG, (long)slot * SLOT_LONGS + i),
                "slot " + slot + " long " + i);
        }
    }

    private static Throwable rootCause(final Throwable ex)
    {
        Throwable cause = ex;
        while (cause.getCause() != null)
        {
            cause = cause.getCause();
        }
        return cause;
    }

    @MultiPeTest(pes = {2, 4, 8})
    void shouldRunQueuedPutSignalsInOrderAfterTheirDependencies(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final int prev = (me + n - 1) % n;
        final SymmetricSegment dest = shmem.calloc(8L * SLOT_LONGS, ValueLayout.JAVA_LONG);
        final SymmetricSegment sig = shmem.calloc(8, ValueLayout.JAVA_LONG);
        final long slotBytes = SLOT_LONGS * 8L;
        final CompletableFuture<Void> gate = new CompletableFuture<>();
        final List<Integer> order = new CopyOnWriteArrayList<>();

        final CompletableFuture<Void> f1 = shmem.putSignalOnQueue(dest, 0, slotData(0, me), 0, slotBytes, sig, 0, 1,
            SignalOp.SET, next, gate);
        final CompletableFuture<Void> recorded1 = f1.whenComplete((ignored, failure) -> order.add(1));
        final CompletableFuture<Void> f2 = shmem.putSignalOnQueue(dest, slotBytes, slotData(1, me), 0, slotBytes, sig,
            1, 2, SignalOp.ADD, next, f1);
        final CompletableFuture<Void> recorded2 = f2.whenComplete((ignored, failure) -> order.add(2));
        final CompletableFuture<Void> f3 = shmem.putSignalNbiOnQueue(dest, 2 * slotBytes, slotData(2, me), 0,
            slotBytes, sig, 2, 3, SignalOp.SET, next, f2, CompletableFuture.completedFuture("ready"));
        final CompletableFuture<Void> recorded3 = f3.whenComplete((ignored, failure) -> order.add(3));
        // no dependency of its own: the queue is in order, so it still runs after f3
        final CompletableFuture<Void> f4 = shmem.putSignalOnQueue(ValueLayout.JAVA_LONG, dest.slice(3 * slotBytes),
            slotData(3, me), SLOT_LONGS, sig.slice(24), 4, SignalOp.ADD, next);
        final CompletableFuture<Void> recorded4 = f4.whenComplete((ignored, failure) -> order.add(4));

        // the gate is closed on every PE: nothing may have run anywhere
        assertFalse(f1.isDone() || f2.isDone() || f3.isDone() || f4.isDone(), "an operation ran before its gate");
        shmem.barrierAll();
        for (int i = 0; i < 4; i++)
        {
            assertEquals(0, shmem.signalFetch(sig, i), "signal " + i + " arrived before the gate opened");
        }
        shmem.barrierAll();

        gate.complete(null);
        f4.join();
        assertTrue(f1.isDone() && f2.isDone() && f3.isDone());
        // f4.join() may return before the queue's thread has run f4's callback: wait for the records themselves
        CompletableFuture.allOf(recorded1, recorded2, recorded3, recorded4).join();
        assertEquals(List.of(1, 2, 3, 4), order);
        shmem.quiet();
        for (int i = 0; i < 4; i++)
        {
            assertEquals(i + 1, shmem.signalWaitUntil(sig, i, Cmp.EQ, i + 1), "signal " + i);
            assertSlot(dest, i, prev);
        }
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {2, 4, 8})
    void shouldFailQueuedPutSignalsWhoseDependencyOrOperationFails(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final int prev = (me + n - 1) % n;
        final SymmetricSegment dest = shmem.calloc(4L * SLOT_LONGS, ValueLayout.JAVA_LONG);
        final SymmetricSegment sig = shmem.calloc(4, ValueLayout.JAVA_LONG);
        final long slotBytes = SLOT_LONGS * 8L;

        final CompletableFuture<String> bad = new CompletableFuture<>();
        final CompletableFuture<Void> g1 = shmem.putSignalOnQueue(dest, 0, slotData(0, me), 0, slotBytes, sig, 0, 1,
            SignalOp.SET, next, bad);
        final CompletableFuture<Void> g2 = shmem.putSignalNbiOnQueue(dest, slotBytes, slotData(1, me), 0, slotBytes,
            sig, 1, 1, SignalOp.SET, next, g1);
        final CompletableFuture<Void> g3 = shmem.putSignalOnQueue(dest, 2 * slotBytes, slotData(2, me), 0, slotBytes,
            sig, 2, 1, SignalOp.SET, next);
        bad.completeExceptionally(new IllegalStateException("boom on PE " + me));

        for (final CompletableFuture<Void> failed : List.of(g1, g2))
        {
            final CompletionException ex = assertThrows(CompletionException.class, failed::join);
            assertEquals("boom on PE " + me, rootCause(ex).getMessage());
        }
        // a failure does not stop the queue: the next operation runs
        g3.join();

        // an operation that fails when it runs: its segment is freed while it waits for its gate
        final SymmetricSegment doomed = shmem.calloc(1, ValueLayout.JAVA_LONG);
        final long doomedAt = doomed.heapOffset();
        final CompletableFuture<Void> gate = new CompletableFuture<>();
        final CompletableFuture<Void> h = shmem.putSignalOnQueue(doomed, 0, slotData(3, me), 0, 8, sig, 3, 1,
            SignalOp.SET, next, gate);
        shmem.free(doomed);
        gate.complete(null);
        final CompletionException ex = assertThrows(CompletionException.class, h::join);
        assertInstanceOf(IllegalStateException.class, ex.getCause());
        assertEquals("putSignalOnQueue: dest (the segment at heap offset " + doomedAt + ") was freed",
            ex.getCause().getMessage());

        shmem.barrierAll();
        assertEquals(0, shmem.signalFetch(sig, 0), "signal of an operation whose dependency failed");
        assertEquals(0, shmem.signalFetch(sig, 1), "signal of an operation whose dependency failed");
        assertEquals(0, shmem.signalFetch(sig, 3), "signal of an operation that failed");
        assertEquals(1, shmem.signalFetch(sig, 2));
        assertSlot(dest, 2, prev);
        assertEquals(0, dest.local().getAtIndex(ValueLayout.JAVA_LONG, 0));
        shmem.barrierAll();
    }

    @MultiPeTest(pes = 2)
    void shouldRunQueuedPutSignalsBeforeCloseAndFailThoseStillWaiting(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int next = (me + 1) % shmem.nPes();
        final SymmetricSegment dest = shmem.calloc(2L * SLOT_LONGS, ValueLayout.JAVA_LONG);
        final SymmetricSegment sig = shmem.calloc(4, ValueLayout.JAVA_LONG);
        final long slotBytes = SLOT_LONGS * 8L;
        final CompletableFuture<Void> never = new CompletableFuture<>();
        final CompletableFuture<Void> waiting = shmem.putSignalOnQueue(dest, 0, slotData(0, me), 0, slotBytes, sig,
            0, 1, SignalOp.SET, next, never);
        final CompletableFuture<Void> queued = shmem.putSignalOnQueue(dest, slotBytes, slotData(1, me), 0, slotBytes,
            sig, 1, 1, SignalOp.ADD, next);
        final CompletableFuture<Void> chained = shmem.putSignalNbiOnQueue(dest, slotBytes, slotData(1, me), 0,
            slotBytes, sig, 2, 5, SignalOp.SET, next, queued);

        shmem.close();

        final CompletionException ex = assertThrows(CompletionException.class, waiting::join);
        assertInstanceOf(IllegalStateException.class, ex.getCause());
        assertEquals("putSignalOnQueue: ishmem was closed before the operation's dependencies completed",
            ex.getCause().getMessage());
        // queued behind the failed one, with nothing else to wait for: they ran before close returned
        assertTrue(queued.isDone() && !queued.isCompletedExceptionally(), "queued: " + queued);
        assertTrue(chained.isDone() && !chained.isCompletedExceptionally(), "chained: " + chained);
    }
}
