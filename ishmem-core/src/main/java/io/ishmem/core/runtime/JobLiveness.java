package io.ishmem.core.runtime;

import io.ishmem.PeFailureException;
import io.ishmem.core.heap.ControlBlock;
import io.ishmem.core.observe.Observe;
import io.ishmem.core.posix.ProcessWatch;
import io.ishmem.core.rendezvous.RendezvousClient;
import io.ishmem.core.wait.Liveness;

import java.lang.foreign.MemorySegment;
import java.util.function.Supplier;

/**
 * Watches every peer of the job for a waiting PE, with no thread of its own: what the kernel already
 * knows is asked when a wait has gone idle, so a busy PE pays nothing and no periodic thread takes a
 * scheduling slice from a PE that others wait for. A light probe reads the peers' state words (FAILED when
 * a JVM shut down without closing; a CLOSED peer is done and no longer watched; an ABORTED one saw another
 * fail and is named only when no other cause shows). A thorough probe also asks, in one {@code poll} over
 * the pidfds, whether a peer or ishmemrun has exited, and at most every {@value #STOP_CHECK_MS} ms whether a
 * peer's process is stopped (SIGSTOP, Ctrl-Z, a debugger); one stopped longer than
 * {@code ISHMEM_STOPPED_TIMEOUT} is declared failed. The first failure seen is kept.
 *
 * <p>Only the PEs of this node are watched that way; those on other nodes are watched by ishmemrun, which tells
 * every PE through the rendezvous when one ended without closing, lost its connection or gave up: a light probe
 * reads what it said (a volatile read).
 */
final class JobLiveness implements Liveness
{
    static final long STOP_CHECK_MS = 100;

    private final int myPe;
    private final MemorySegment[] controlBlocks;
    private final int[] pids;
    private final int launcherPid;
    private final long stoppedTimeoutNs;
    /** What a process of another job found in this job's rendezvous, or null: a job formed with it must stop. */
    private final Supplier<String> clash;
    // index nPes is ishmemrun, when the job has one
    private final ProcessWatch watch;
    private final long[] stoppedSinceNs;
    private volatile long nextStopCheckNs;
    /** While init waits for every PE at its first barrier: when that wait must end (0: no limit). */
    private volatile long arrivalDeadlineNs;
    /** The launcher's word on PEs of other nodes, or null when the job has one node. */
    private final RendezvousClient rendezvous;
    private volatile String failureText;
    private volatile int failedPe = -1;

    /**
     * @param pidfds       every PE's pidfd ({@code -1} for this PE).
     * @param launcherPidfd ishmemrun's pidfd, or {@code -1} when the job was not started by it.
     */
    JobLiveness(final int myPe, final MemorySegment[] controlBlocks, final int[] pidfds, final int[] pids,
        final int launcherPidfd, final int launcherPid, final long stoppedTimeoutNs, final Supplier<String> clash,
        final RendezvousClient rendezvous)
    {
        this.rendezvous = rendezvous;
        this.clash = clash;
        this.myPe = myPe;
        this.controlBlocks = controlBlocks;
        this.pids = pids;
        this.launcherPid = launcherPid;
        this.stoppedTimeoutNs = stoppedTimeoutNs;
        final int nPes = controlBlocks.length;
        final int[] watchedFds = new int[nPes + 1];
        final int[] watchedPids = new int[nPes + 1];
        for (int pe = 0; pe < nPes; pe++)
        {
            watchedFds[pe] = pe == myPe ? -1 : pidfds[pe];
            watchedPids[pe] = pe == myPe ? 0 : pids[pe];
        }
        watchedFds[nPes] = launcherPidfd;
        this.watch = new ProcessWatch(watchedFds, watchedPids);
        this.stoppedSinceNs = new long[nPes];
    }

    @Override
    public boolean probe(final boolean thorough)
    {
        if (failureText != null)
        {
            return false;
        }
        if (rendezvous != null)
        {
            final String told = rendezvous.failure();
            if (told != null)
            {
                return fail(rendezvous.failedPe(), told);
            }
        }
        int aborted = -1;
        for (int pe = 0; pe < controlBlocks.length; pe++)
        {
            if (pe == myPe || controlBlocks[pe] == null)
            {
                continue;
            }
            final long state = ControlBlock.state(controlBlocks[pe]);
            if (state == ControlBlock.STATE_ABORTED)
            {
                final int blamed = ControlBlock.blamedPe(controlBlocks[pe]);
                if (blamed == myPe)
                {
                    // this PE was stopped or cut off long enough for a peer to give up on it, and now runs again
                    return fail(myPe, "PE " + pe + " declared this PE (" + myPe + ") failed and gave up; this PE " +
                        "was stopped or unresponsive for longer than its peers allow (ISHMEM_STOPPED_TIMEOUT)");
                }
                // it gave up because another PE failed: name that one, if it can be seen, not this bystander
                aborted = aborted < 0 ? pe : aborted;
            }
            else if (state == ControlBlock.STATE_FAILED)
            {
                return fail(pe, "PE " + pe + " failed (its JVM shut down without closing ishmem)");
            }
        }
        if (!thorough)
        {
            return true;
        }
        int exited;
        while ((exited = watch.exited()) != ProcessWatch.NONE)
        {
            if (exited == controlBlocks.length)
            {
                return fail(-1, "ishmemrun (pid " + launcherPid + ") died");
            }
            // read after the exit: a JVM that shut down without closing marked itself before it went
            final long state = ControlBlock.state(controlBlocks[exited]);
            if (state == ControlBlock.STATE_FAILED)
            {
                return fail(exited, "PE " + exited + " failed (its JVM shut down without closing ishmem)");
            }
            if (state == ControlBlock.STATE_ABORTED)
            {
                // it gave up because another PE failed and then exited: a bystander, not the cause to name
                aborted = aborted < 0 ? exited : aborted;
            }
            else if (state != ControlBlock.STATE_CLOSED)
            {
                return fail(exited, "PE " + exited + " (pid " + pids[exited] + ") exited");
            }
            // a PE closes only after the close barrier, so it wrote everything a waiter can need from it; its
            // process may then exit, and that is not a failure
            watch.forget(exited);
        }
        if (!checkStopped())
        {
            return false;
        }
        final String clashText = clash.get();
        if (clashText != null)
        {
            return fail(-1, clashText);
        }
        final long deadlineNs = arrivalDeadlineNs;
        if (deadlineNs != 0 && System.nanoTime() - deadlineNs >= 0)
        {
            return fail(-1, "not every PE reached init's first barrier within ISHMEM_BOOT_TIMEOUT");
        }
        if (aborted >= 0)
        {
            // the PE it saw fail, when it said which: the root cause even if this PE cannot see it yet
            final int blamed = ControlBlock.blamedPe(controlBlocks[aborted]);
            if (blamed >= 0 && blamed != myPe && blamed < controlBlocks.length)
            {
                return fail(blamed, "PE " + blamed + " failed (PE " + aborted + " saw it and gave up)");
            }
            return fail(aborted, "PE " + aborted + " gave up after it saw another PE fail");
        }
        return true;
    }

    private boolean checkStopped()
    {
        final long nowNs = System.nanoTime();
        if (nowNs - nextStopCheckNs < 0)
        {
            return true;
        }
        nextStopCheckNs = nowNs + STOP_CHECK_MS * 1_000_000L;
        for (int pe = 0; pe < controlBlocks.length; pe++)
        {
            if (pe == myPe || controlBlocks[pe] == null ||
                ControlBlock.state(controlBlocks[pe]) == ControlBlock.STATE_CLOSED)
            {
                continue;
            }
            if (!watch.stopped(pe))
            {
                stoppedSinceNs[pe] = 0;
                continue;
            }
            if (stoppedSinceNs[pe] == 0)
            {
                stoppedSinceNs[pe] = nowNs;
            }
            else if (nowNs - stoppedSinceNs[pe] > stoppedTimeoutNs)
            {
                return fail(pe, "PE " + pe + " (pid " + pids[pe] + ") has been stopped for " +
                    (nowNs - stoppedSinceNs[pe]) / 1_000_000L + " ms (SIGSTOP, Ctrl-Z or a debugger), longer than " +
                    stoppedTimeoutNs / 1_000_000L + " ms (ISHMEM_STOPPED_TIMEOUT)");
            }
        }
        return true;
    }

    /**
     * @param deadlineNs {@link System#nanoTime()} after which a wait fails, or 0 for none: init's limit on
     *                   waiting for every PE to arrive.
     */
    void expectArrivalBy(final long deadlineNs)
    {
        arrivalDeadlineNs = deadlineNs;
    }

    /**
     * Marks the job failed from inside this PE.
     */
    boolean fail(final int pe, final String text)
    {
        if (failureText == null)
        {
            failedPe = pe;
            failureText = text;
            Observe.peFailure(pe, text);
        }
        return false;
    }

    @Override
    public PeFailureException failure(final String call)
    {
        // this PE's wait ends here: peers that look for the cause skip it and name the PE that failed first
        final MemorySegment myBlock = controlBlocks[myPe];
        if (ControlBlock.state(myBlock) == ControlBlock.STATE_RUNNING)
        {
            if (failedPe >= 0 && failedPe != myPe)
            {
                ControlBlock.putBlamedPe(myBlock, failedPe);
            }
            ControlBlock.putState(myBlock, ControlBlock.STATE_ABORTED);
        }
        String text = failureText != null ? failureText : "the job failed";
        final String clashText = clash.get();
        if (clashText != null && !text.equals(clashText))
        {
            // a peer that failed because another job came to the rendezvous: the clash is the cause to name
            text = clashText + "; then " + text;
        }
        return new PeFailureException(failedPe, text + " while PE " + myPe + " waits in " + call);
    }

    /**
     * Frees the kernel-query buffers; the pidfds stay with their owners.
     */
    void close()
    {
        watch.close();
    }
}
