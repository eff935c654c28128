package io.ishmem.launcher;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Ends processes and their descendants: SIGTERM, a delay for shutdown hooks, then SIGKILL.
 */
final class ProcessStopper
{
    // SIGKILL cannot be caught; only a process stuck in the kernel outlives this
    private static final Duration KILLED_EXIT_WAIT = Duration.ofSeconds(10);

    private ProcessStopper()
    {
    }

    /**
     * Stops every live process of the list and every descendant of one, and waits until they are gone.
     * Must be called with the thread's interrupt flag clear.
     *
     * @param processes processes to stop; those already ended are skipped.
     * @param killAfter how long they get between SIGTERM and SIGKILL.
     * @throws InterruptedException if interrupted while waiting.
     */
    static void stop(final List<ProcessHandle> processes, final Duration killAfter) throws InterruptedException
    {
        // descendants first collected while their parents live: once a parent dies they are reparented
        final Set<ProcessHandle> targets = liveTree(processes);
        if (targets.isEmpty())
        {
            return;
        }
        targets.forEach(ProcessHandle::destroy);
        if (awaitExit(targets, killAfter))
        {
            return;
        }

        final Set<ProcessHandle> survivors = liveTree(new ArrayList<>(targets));
        survivors.forEach(ProcessHandle::destroyForcibly);
        awaitExit(survivors, KILLED_EXIT_WAIT);
    }

    /**
     * Sends SIGKILL to every live process of the list and every descendant of one, without waiting.
     *
     * @param processes processes to kill.
     */
    static void killNow(final List<ProcessHandle> processes)
    {
        liveTree(processes).forEach(ProcessHandle::destroyForcibly);
    }

    private static Set<ProcessHandle> liveTree(final List<ProcessHandle> roots)
    {
        final Set<ProcessHandle> tree = new LinkedHashSet<>();
        for (final ProcessHandle root : roots)
        {
            if (root.isAlive())
            {
                tree.add(root);
                root.descendants().forEach(tree::add);
            }
        }
        return tree;
    }

    private static boolean awaitExit(final Set<ProcessHandle> handles, final Duration timeout)
        throws InterruptedException
    {
        final CompletableFuture<?>[] exits = handles.stream().map(ProcessHandle::onExit)
            .toArray(CompletableFuture<?>[]::new);
        try
        {
            CompletableFuture.allOf(exits).get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        }
        catch (final TimeoutException ex)
        {
            return false;
        }
        catch (final ExecutionException ex)
        {
            throw new IllegalStateException("waiting for the exit of " + handles + " failed", ex.getCause());
        }
    }
}
