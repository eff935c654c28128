package io.ishmem.core.transport.ucx;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Keeps {@code close()} from freeing the UCX worker, endpoints and keys under a call of another thread, which
 * would fault in native code (a thread calling while another closes the runtime is the caller's error, and
 * must end with an exception, not a crashed JVM). Every call into UCX is counted in and out. Close first
 * refuses new data calls and lets those inside finish while the peers are still up (before the close barrier),
 * then refuses everything and waits for the count to reach zero before it frees anything; a call still inside
 * after the wait keeps what it uses, which is then never freed (logged by the caller).
 */
final class CallGate
{
    private static final long ALL_REFUSED = Long.MIN_VALUE;
    private static final long DATA_REFUSED = 1L << 62;
    private static final long COUNT = DATA_REFUSED - 1;
    private static final long PARK_NS = TimeUnit.MICROSECONDS.toNanos(20);

    private final AtomicLong state = new AtomicLong();

    /** Enters a data call (put, get, p, g, atomics, signals, a poll of a word). */
    void enterData()
    {
        if ((state.getAndIncrement() & (ALL_REFUSED | DATA_REFUSED)) != 0)
        {
            state.getAndDecrement();
            throw closed();
        }
    }

    /**
     * Enters a call the runtime itself still makes once data calls are refused (fence, quiet, the control
     * traffic of the close barrier across nodes), refused only once close frees UCX.
     */
    void enterControl()
    {
        if (!enterUnlessFreed())
        {
            throw closed();
        }
    }

    /** {@link #enterControl} for a call that may simply do nothing once UCX is freed (progress). */
    boolean enterUnlessFreed()
    {
        if (state.getAndIncrement() < 0)
        {
            state.getAndDecrement();
            return false;
        }
        return true;
    }

    void leave()
    {
        state.getAndDecrement();
    }

    /** @return whether close is about to free what a waiting request needs. */
    boolean freeing()
    {
        return state.get() < 0;
    }

    /**
     * Refuses new data calls and waits, at most {@code timeoutNs}, for the calls inside to leave.
     *
     * @return whether none was left inside.
     */
    boolean refuseData(final long timeoutNs)
    {
        state.getAndUpdate(s -> s | DATA_REFUSED);
        return drain(timeoutNs);
    }

    /**
     * Refuses every call and waits, at most {@code timeoutNs}, for the calls inside to leave.
     *
     * @return whether none was left inside, so that what they use may be freed.
     */
    boolean refuseAll(final long timeoutNs)
    {
        state.getAndUpdate(s -> s | ALL_REFUSED | DATA_REFUSED);
        return drain(timeoutNs);
    }

    private boolean drain(final long timeoutNs)
    {
        final long deadline = System.nanoTime() + timeoutNs;
        while ((state.get() & COUNT) != 0)
        {
            if (deadline - System.nanoTime() < 0)
            {
                return false;
            }
            LockSupport.parkNanos(PARK_NS);
        }
        return true;
    }

    static IllegalStateException closed()
    {
        return new IllegalStateException("ishmem is closed: this call raced close() in another thread");
    }
}
