package io.ishmem.core.transport.ucx;

import io.ishmem.NativeCallException;
import io.ishmem.core.wait.Liveness;
import io.ishmem.ucx.bindings.UcpApi;

import java.util.concurrent.locks.LockSupport;

/**
 * Completion of UCX requests and UCX's status codes: a request is polled with the worker progressed between
 * polls, busily, then yielding, then parking, while the job's liveness and a deadline are watched, and given up
 * when close is about to free the worker; a status other than OK becomes a {@link NativeCallException} naming the
 * call and the PE.
 */
final class UcxRequests
{
    private static final long REQUEST_TIMEOUT_NS = 60_000_000_000L;
    /** Polls of a request without pause: a request on shared memory completes within a few. */
    private static final int BUSY_POLLS = 256;
    /** Then polls with a yield between them, then with a short park. */
    private static final int YIELD_POLLS = 1024;
    private static final long PARK_NS = 20_000;

    private final int myPe;
    private final CallGate gate;
    /** The worker's address, once it exists. */
    private long workerAddress;
    /** The job's liveness, watched while a request is slow; set once the runtime has made it. */
    private volatile Liveness liveness;

    UcxRequests(final int myPe, final CallGate gate)
    {
        this.myPe = myPe;
        this.gate = gate;
    }

    void worker(final long address)
    {
        this.workerAddress = address;
    }

    void watch(final Liveness job)
    {
        this.liveness = job;
    }

    void await(final String call, final long statusPtr)
    {
        // UCS_PTR_IS_ERR: error codes are the top addresses, from (uintptr_t)UCS_ERR_LAST up
        if (Long.compareUnsigned(statusPtr, UcpApi.UCS_ERR_LAST()) >= 0)
        {
            throw failure(call, (byte)statusPtr);
        }
        if (statusPtr == 0)
        {
            return;
        }
        final long workerAt = workerAddress;
        long deadlineNs = 0;
        int polls = 0;
        byte status;
        while ((status = UcpCalls.requestCheckStatus(statusPtr)) == UcpApi.UCS_INPROGRESS())
        {
            if (gate.freeing())
            {
                // close gave up waiting for this call and frees the worker, the request with it
                throw CallGate.closed();
            }
            UcpCalls.workerProgress(workerAt);
            if (++polls > BUSY_POLLS)
            {
                // the worker's lock is a spinlock: threads that poll it without pause, more of them than cores,
                // keep preempting its holder, and progress crawls; a pause between polls lets the holder finish
                if (polls > BUSY_POLLS + YIELD_POLLS)
                {
                    LockSupport.parkNanos(PARK_NS);
                }
                else
                {
                    Thread.yield();
                }
                if ((polls & 0xFF) == 0)
                {
                    // a request to a peer that died, or whose host or network went, may never complete
                    final Liveness job = liveness;
                    if (job != null && !job.probe(true))
                    {
                        throw job.failure(call + " (a UCX request)");
                    }
                    final long nowNs = System.nanoTime();
                    if (deadlineNs == 0)
                    {
                        deadlineNs = nowNs + REQUEST_TIMEOUT_NS;
                    }
                    else if (deadlineNs - nowNs < 0)
                    {
                        throw new NativeCallException(call + " on PE " + myPe + " still in progress after " +
                            REQUEST_TIMEOUT_NS / 1_000_000_000L + " s", UcpApi.UCS_INPROGRESS());
                    }
                }
            }
        }
        UcpCalls.requestFree(statusPtr);
        check(call, status);
    }

    void check(final String call, final byte status)
    {
        if (status != UcpApi.UCS_OK())
        {
            throw failure(call, status);
        }
    }

    NativeCallException failure(final String call, final byte status)
    {
        return new NativeCallException(call + " failed on PE " + myPe + ": " +
            UcpApi.ucs_status_string(status).reinterpret(256).getString(0) + " (" + status + ")", status);
    }
}
