package io.ishmem.core.runtime;

import io.ishmem.core.heap.ControlBlock;
import io.ishmem.core.posix.LibC;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.locks.LockSupport;

/**
 * The daemon thread that writes this PE's heartbeat, so peers can tell a stopped PE from a slow one,
 * and that watches ishmemrun: when the launcher dies the job cannot be stopped any more, so every
 * later wait of this PE fails.
 */
final class Heartbeat implements Runnable
{
    private final MemorySegment myBlock;
    private final long intervalNs;
    private final int launcherPidfd;
    private final int launcherPid;
    private final JobLiveness liveness;
    private final Thread thread;
    private volatile boolean running = true;

    Heartbeat(final int pe, final MemorySegment myBlock, final long intervalNs, final int launcherPidfd,
        final int launcherPid, final JobLiveness liveness)
    {
        this.myBlock = myBlock;
        this.intervalNs = intervalNs;
        this.launcherPidfd = launcherPidfd;
        this.launcherPid = launcherPid;
        this.liveness = liveness;
        this.thread = Thread.ofPlatform().daemon().name("ishmem-heartbeat-pe" + pe).unstarted(this);
    }

    void start()
    {
        thread.start();
    }

    @Override
    public void run()
    {
        while (running)
        {
            ControlBlock.putHeartbeatMs(myBlock, System.currentTimeMillis());
            if (launcherPidfd >= 0 && LibC.hasExited(launcherPidfd))
            {
                liveness.fail(-1, "ishmemrun (pid " + launcherPid + ") died");
            }
            LockSupport.parkNanos(this, intervalNs);
        }
    }

    void stop()
    {
        running = false;
        LockSupport.unpark(thread);
        try
        {
            thread.join(1000);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
