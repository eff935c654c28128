package io.ishmem.core.queue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(30)
class OperationQueueTest
{
    private static final CompletableFuture<?>[] NONE = {};

    @Test
    void shouldRunOperationsInQueueOrderAfterTheirDependencies()
    {
        final OperationQueue queue = new OperationQueue("test-queue");
        final List<String> ran = new CopyOnWriteArrayList<>();
        final CompletableFuture<Void> gate = new CompletableFuture<>();
        final CompletableFuture<Void> a = queue.submit("a", () -> ran.add("a"), new CompletableFuture<?>[] {gate});
        final CompletableFuture<Void> b = queue.submit("b", () -> ran.add("b"), NONE);
        final CompletableFuture<Void> c = queue.submit("c", () -> ran.add("c"), new CompletableFuture<?>[] {a});
        assertFalse(a.isDone() || b.isDone() || c.isDone());
        assertTrue(ran.isEmpty());
        gate.complete(null);
        c.join();
        assertEquals(List.of("a", "b", "c"), ran);
        queue.close();
    }

    @Test
    void shouldRunEveryOperationOnOneDaemonThread()
    {
        final OperationQueue queue = new OperationQueue("test-queue-thread");
        final List<Thread> threads = new CopyOnWriteArrayList<>();
        for (int i = 0; i < 10; i++)
        {
            queue.submit("t", () -> threads.add(Thread.currentThread()), NONE).join();
        }
        for (final Thread thread : threads)
        {
            assertSame(threads.getFirst(), thread);
        }
        assertTrue(threads.getFirst().isDaemon());
        assertEquals("test-queue-thread", threads.getFirst().getName());
        queue.close();
    }

    @Test
    void shouldPropagateAFailureAlongTheChainAndKeepTheQueueGoing()
    {
        final OperationQueue queue = new OperationQueue("test-queue-fail");
        final List<String> ran = new CopyOnWriteArrayList<>();
        final CompletableFuture<Void> throwing = queue.submit("x", () ->
        {
            throw new IllegalStateException("x failed");
        }, NONE);
        final CompletableFuture<Void> dependent = queue.submit("y", () -> ran.add("y"),
            new CompletableFuture<?>[] {throwing});
        final CompletableFuture<Void> independent = queue.submit("z", () -> ran.add("z"), NONE);
        independent.join();
        final CompletionException ex = assertThrows(CompletionException.class, dependent::join);
        assertInstanceOf(IllegalStateException.class, ex.getCause());
        assertEquals("x failed", ex.getCause().getMessage());
        assertEquals(List.of("z"), ran);
        queue.close();
    }

    @Test
    void shouldFailWaitingOperationsAtCloseAndRefuseNewOnes()
    {
        final OperationQueue queue = new OperationQueue("test-queue-close");
        final CompletableFuture<Void> stuck = queue.submit("stuck", () -> { },
            new CompletableFuture<?>[] {new CompletableFuture<Void>()});
        final CompletableFuture<Void> behind = queue.submit("behind", () -> { }, NONE);
        queue.close();
        final CompletionException ex = assertThrows(CompletionException.class, stuck::join);
        assertEquals("stuck: ishmem was closed before the operation's dependencies completed",
            ex.getCause().getMessage());
        assertTrue(behind.isDone() && !behind.isCompletedExceptionally());
        assertEquals("late: ishmem is closed (called after close)", assertThrows(IllegalStateException.class,
            () -> queue.submit("late", () -> { }, NONE)).getMessage());
        assertEquals("npe: dependsOn[0] is null", assertThrows(NullPointerException.class,
            () -> new OperationQueue("q").submit("npe", () -> { }, new CompletableFuture<?>[] {null})).getMessage());
    }
}
