package io.ishmem.core.runtime;

import io.ishmem.PeFailureException;
import io.ishmem.core.heap.ControlBlock;
import io.ishmem.core.posix.LibC;
import io.ishmem.core.wait.Liveness;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;

/**
 * Watches every peer of the job for a waiting PE: its state word (FAILED when its JVM shut down
 * without closing; a CLOSED peer is done and no longer watched; an ABORTED one saw another fail and is named
 * only when no other cause shows), its heartbeat age, and, thoroughly, whether its process has exited (a pidfd polls
 * readable). The first failure seen is kept; the heartbeat thread reports a dead ishmemrun through
 * {@link #fail}, so that pidfd is polled in one place only.
 */
final class JobLiveness implements Liveness
{
    private final int myPe;
    private final MemorySegment[] controlBlocks;
    private final int[] pidfds;
    private final int[] pids;
    private final long heartbeatTimeoutMs;
    private volatile String failureText;
    private volatile int failedPe = -1;

    JobLiveness(final int myPe, final MemorySegment[] controlBlocks, final int[] pidfds, final int[] pids,
        final long heartbeatTimeoutNs)
    {
        this.myPe = myPe;
        this.controlBlocks = controlBlocks;
        this.pidfds = pidfds;
        this.pids = pids;
        this.heartbeatTimeoutMs = TimeUnit.NANOSECONDS.toMillis(heartbeatTimeoutNs);
    }

    @Override
    public boolean probe(final boolean thorough)
    {
        if (failureText != null)
        {
            return false;
        }
        final long nowMs = System.currentTimeMillis();
        int aborted = -1;
        for (int pe = 0; pe < controlBlocks.length; pe++)
        {
            if (pe == myPe)
            {
                continue;
            }
            final MemorySegment block = controlBlocks[pe];
            final long state = ControlBlock.state(block);
            if (state == ControlBlock.STATE_CLOSED)
            {
                // a PE closes only after the close barrier, so it wrote everything a waiter can need from it;
                // its heartbeat then stops and its process may exit, and neither is a failure
                continue;
            }
            if (state == ControlBlock.STATE_ABORTED)
            {
                // it gave up because another PE failed: name that one, if it can be seen, not this bystander
                aborted = aborted < 0 ? pe : aborted;
                continue;
            }
            if (state == ControlBlock.STATE_FAILED)
            {
                return fail(pe, "PE " + pe + " failed (its JVM shut down without closing ishmem)");
            }
            final long ageMs = nowMs - ControlBlock.heartbeatMs(block);
            if (ageMs > heartbeatTimeoutMs)
            {
                return fail(pe, "PE " + pe + " heartbeat age=" + ageMs + "ms > timeout=" + heartbeatTimeoutMs +
                    "ms (ISHMEM_HEARTBEAT_TIMEOUT)");
            }
            if (thorough && LibC.hasExited(pidfds[pe]))
            {
                return fail(pe, "PE " + pe + " (pid " + pids[pe] + ") exited");
            }
        }
        if (thorough && aborted >= 0)
        {
            return fail(aborted, "PE " + aborted + " gave up after it saw another PE fail");
        }
        return true;
    }

    /**
     * Marks the job failed from inside this PE, e.g. when the heartbeat thread sees the launcher die.
     */
    boolean fail(final int pe, final String text)
    {
        if (failureText == null)
        {
            failedPe = pe;
            failureText = text;
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
            ControlBlock.putState(myBlock, ControlBlock.STATE_ABORTED);
        }
        final String text = failureText;
        return new PeFailureException(failedPe, (text != null ? text : "the job failed") + " while PE " + myPe +
            " waits in " + call);
    }
}
