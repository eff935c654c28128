package io.ishmem.core.queue;

import io.ishmem.core.observe.Observe;

import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The ordered queue behind the {@code *OnQueue} calls, standing in for an in-order SYCL queue: one
 * daemon thread, started by the first call, runs each operation after the one queued before it and
 * after the futures it depends on. Queuing allocates (futures, a closure); it is not a hot path.
 */
public final class OperationQueue
{
    private static final long CLOSE_POLL_NS = 100_000;

    private final String threadName;
    private final Object lock = new Object();
    // the dependencies of each queued operation that were not complete when it was queued, by queue position
    private final ConcurrentSkipListMap<Long, Waiting> waiting = new ConcurrentSkipListMap<>();
    // operations handed to the queue thread and not finished; the next one is handed over before this drops
    private final AtomicInteger inFlight = new AtomicInteger();
    private long queued;
    // completes when the last queued operation has finished, whatever its outcome: the next one waits for it
    private CompletableFuture<Void> tail = CompletableFuture.completedFuture(null);
    private ExecutorService executor;
    // the executor's one thread, made when the executor is; volatile, as the executor's own worker would set it
    // if it ever replaced the thread
    private volatile Thread thread;
    private boolean closed;

    private record Waiting(CompletableFuture<Void> gate, String call)
    {
    }

    public OperationQueue(final String threadName)
    {
        this.threadName = threadName;
    }

    /**
     * Queues an operation.
     *
     * @param call      the API call, for messages.
     * @param operation what to run on the queue thread.
     * @param dependsOn futures that must complete first.
     * @return a future completed when the operation has run; exceptionally when it threw, or with the
     *         dependency's failure when one failed (the operation is then skipped).
     * @throws IllegalStateException if the queue is closed.
     */
    public CompletableFuture<Void> submit(final String call, final Runnable operation,
        final CompletableFuture<?>[] dependsOn)
    {
        if (dependsOn == null)
        {
            throw new NullPointerException(call + ": dependsOn is null");
        }
        for (int i = 0; i < dependsOn.length; i++)
        {
            if (dependsOn[i] == null)
            {
                throw new NullPointerException(call + ": dependsOn[" + i + "] is null");
            }
        }
        final CompletableFuture<Void> gate = CompletableFuture.allOf(dependsOn);
        final CompletableFuture<Void> result = new CompletableFuture<>();
        Observe.queued(call, result);
        final CompletableFuture<Void> done = new CompletableFuture<>();
        final ExecutorService queueThread;
        final CompletableFuture<Void> previous;
        synchronized (lock)
        {
            queueThread = start(call);
            // under the lock, so close sees every operation queued before it
            previous = tail;
            tail = done;
            if (!gate.isDone())
            {
                final Long position = queued;
                waiting.put(position, new Waiting(gate, call));
                gate.whenComplete((ignored, failure) -> waiting.remove(position));
            }
            queued++;
        }
        CompletableFuture.allOf(gate, previous).whenComplete(
            (ignored, failure) -> dispatch(queueThread, call, operation, failure, result, done));
        return result;
    }

    /**
     * Checks, when an operation is queued, that the queue thread will be able to access a segment the
     * caller passed: a confined arena's segment is accessible only from its owner thread, and the JDK would
     * refuse it later, in the future; a closed arena's, not at all.
     *
     * @param call    the API call, for messages.
     * @param name    the argument, for messages.
     * @param segment the caller's segment, already checked to be non-null.
     * @throws IllegalArgumentException if the segment is confined to a thread other than the queue thread.
     * @throws IllegalStateException    if its arena is closed, or the queue is.
     */
    public void checkAccessible(final String call, final String name, final MemorySegment segment)
    {
        synchronized (lock)
        {
            start(call);
        }
        if (!segment.scope().isAlive())
        {
            throw new IllegalStateException(call + ": " + name + " belongs to an arena that is closed");
        }
        final Thread queueThread = thread;
        if (!segment.isAccessibleBy(queueThread))
        {
            throw new IllegalArgumentException(call + ": " + name + " belongs to a confined arena, whose segments " +
                "cannot be handed to the queue thread " + queueThread.getName() + " (only the arena's owner thread " +
                "may access them): allocate " + name + " with Arena.ofShared(), Arena.global() or Arena.ofAuto(), " +
                "or pass a heap segment");
        }
    }

    /** Under the lock: the executor, made and its thread started by the first call. */
    private ExecutorService start(final String call)
    {
        if (closed)
        {
            throw new IllegalStateException(call + ": ishmem is closed (called after close)");
        }
        if (executor == null)
        {
            // a single-thread executor whose thread exists from the start, so a call can test its segments
            // against it before the first operation runs
            final ThreadPoolExecutor single = new ThreadPoolExecutor(1, 1, 0, TimeUnit.NANOSECONDS,
                new LinkedBlockingQueue<>(), this::newThread);
            single.prestartCoreThread();
            executor = single;
        }
        return executor;
    }

    private Thread newThread(final Runnable worker)
    {
        final Thread made = Thread.ofPlatform().daemon().name(threadName).unstarted(worker);
        thread = made;
        return made;
    }

    private void dispatch(final ExecutorService queueThread, final String call, final Runnable operation,
        final Throwable failure, final CompletableFuture<Void> result, final CompletableFuture<Void> done)
    {
        inFlight.incrementAndGet();
        try
        {
            queueThread.execute(() -> runOne(operation, failure, result, done));
        }
        catch (final RejectedExecutionException ex)
        {
            // close stops the thread only once every queued operation has finished: this is a bug, say so
            result.completeExceptionally(new IllegalStateException(call + ": the queue thread has stopped", ex));
            done.complete(null);
            inFlight.decrementAndGet();
        }
    }

    private void runOne(final Runnable operation, final Throwable failure, final CompletableFuture<Void> result,
        final CompletableFuture<Void> done)
    {
        try
        {
            if (failure != null)
            {
                // a CompletionException wrapping the dependency's cause, as CompletableFuture's own stages do
                result.completeExceptionally(failure);
            }
            else
            {
                operation.run();
                result.complete(null);
            }
        }
        catch (final Throwable ex)
        {
            result.completeExceptionally(ex);
        }
        finally
        {
            // after the result: callbacks on the result run before the next operation starts; and before the
            // count drops: the next operation, if ready, is handed over inside this call
            done.complete(null);
            inFlight.decrementAndGet();
        }
    }

    /**
     * Refuses new operations, runs every queued one that can run, and stops the queue thread. When the
     * queue stands still because its oldest operation waits for a dependency that has not completed,
     * that dependency is failed with {@link IllegalStateException}, so the operation fails, and the queue
     * moves on. Not to be called from the queue thread (a callback on a queued future).
     */
    public void close()
    {
        final ExecutorService queueThread;
        final CompletableFuture<Void> last;
        synchronized (lock)
        {
            closed = true;
            queueThread = executor;
            last = tail;
        }
        if (queueThread == null)
        {
            return;
        }
        // the queued operations write into heaps that close unmaps: let them finish first
        while (!last.isDone())
        {
            final Map.Entry<Long, Waiting> oldest = waiting.firstEntry();
            if (inFlight.get() == 0 && oldest != null)
            {
                // nothing runs, so the head of the queue waits for a dependency that may never complete
                oldest.getValue().gate().completeExceptionally(new IllegalStateException(oldest.getValue().call() +
                    ": ishmem was closed before the operation's dependencies completed"));
            }
            LockSupport.parkNanos(CLOSE_POLL_NS);
        }
        queueThread.close();
    }
}
