package io.ishmem.bench.gpu;

import io.ishmem.Cmp;
import io.ishmem.DeviceMemory;
import io.ishmem.SignalOp;

/**
 * Put-with-signal ping-pongs of 8 bytes with SET between the two PEs, as NVSHMEM's program runs them:
 * PE 0 puts signal i and waits for i back, PE 1 waits for i and puts it back; one-way latency is the
 * whole time over 2n. Before each round both PEs zero their signal and meet at a barrier; round 0 is the
 * warm-up. Every exchange's last signal was waited for by its receiver, so nothing is in flight towards a
 * signal when it is zeroed. The measured rounds have NVSHMEM's iteration counts; the warm-up rounds are
 * longer than its 200 and 50, since the JIT compiles our side only after thousands of calls, where
 * NVSHMEM's program is compiled ahead of time.
 */
final class PingPongPhase
{
    private static final int STREAM_ITERATIONS = 5000;
    private static final int STREAM_WARMUP = 5000;
    private static final int HOST_ITERATIONS = 1000;
    private static final int HOST_WARMUP = 2000;

    private final GpuPe pe;
    private final DeviceMemory device;

    PingPongPhase(final GpuPe pe)
    {
        this.pe = pe;
        this.device = pe.device();
    }

    private static ResultKey key(final String op)
    {
        return new ResultKey(GpuNames.ISHMEM, op, GpuNames.PINGPONG_BYTES, GpuNames.MICROSECONDS);
    }

    private void resetSignal()
    {
        CudaCalls.fill(device.deviceAddress(pe.sig()).address(), (byte)0, Long.BYTES, pe.stream());
        pe.shmem().barrierAll();
    }

    /**
     * Stream-ordered: the host queues the whole exchange on its stream, then synchronises once; the GPUs
     * pass the signal between them without the hosts. EQ waits are cuStreamWaitValue64; GE goes through
     * our wait kernel (the driver's GEQ is a cyclic comparison, not an unsigned one).
     */
    void streamOrdered(final String op, final Cmp cmp)
    {
        for (int round = 0; round <= pe.rounds(); round++)
        {
            final int n = pe.iterations(round == 0 ? STREAM_WARMUP : STREAM_ITERATIONS);
            resetSignal();
            final long startNs = System.nanoTime();
            for (long i = 1; i <= n; i++)
            {
                if (pe.me() == 0)
                {
                    putOnQueue(i);
                    device.signalWaitUntilOnQueue(pe.stream(), pe.sig(), 0, cmp, i);
                }
                else
                {
                    device.signalWaitUntilOnQueue(pe.stream(), pe.sig(), 0, cmp, i);
                    putOnQueue(i);
                }
            }
            CudaCalls.synchronize(pe.stream());
            pe.report(round, key(op), oneWayUs(System.nanoTime() - startNs, n));
        }
    }

    /**
     * NVSHMEM's host-synchronised row exactly: each on-queue step is followed by a stream synchronisation,
     * so the host sees every signal arrive; GE, as NVSHMEM's program waits.
     */
    void streamHostSynchronised()
    {
        final ResultKey key = key(GpuNames.PUTSIG_STREAM_HOSTSYNC);
        for (int round = 0; round <= pe.rounds(); round++)
        {
            final int n = pe.iterations(round == 0 ? HOST_WARMUP : HOST_ITERATIONS);
            final long[] roundTrips = new long[n];
            resetSignal();
            final long startNs = System.nanoTime();
            for (int i = 1; i <= n; i++)
            {
                final long stepNs = System.nanoTime();
                if (pe.me() == 0)
                {
                    putOnQueue(i);
                    CudaCalls.synchronize(pe.stream());
                    waitOnQueue(i);
                }
                else
                {
                    waitOnQueue(i);
                    putOnQueue(i);
                    CudaCalls.synchronize(pe.stream());
                }
                roundTrips[i - 1] = System.nanoTime() - stepNs;
            }
            report(round, key, System.nanoTime() - startNs, roundTrips);
        }
    }

    /**
     * The blocking host API: putSignal from host memory into the peer's device memory and device signal,
     * then the host thread waits on its own device signal.
     */
    void hostApi()
    {
        final ResultKey key = key(GpuNames.PUTSIG_HOST);
        for (int round = 0; round <= pe.rounds(); round++)
        {
            final int n = pe.iterations(round == 0 ? HOST_WARMUP : HOST_ITERATIONS);
            final long[] roundTrips = new long[n];
            resetSignal();
            final long startNs = System.nanoTime();
            for (int i = 1; i <= n; i++)
            {
                final long stepNs = System.nanoTime();
                if (pe.me() == 0)
                {
                    putSignalFromHost(i);
                    pe.shmem().signalWaitUntil(pe.sig(), 0, Cmp.GE, i);
                }
                else
                {
                    pe.shmem().signalWaitUntil(pe.sig(), 0, Cmp.GE, i);
                    putSignalFromHost(i);
                }
                roundTrips[i - 1] = System.nanoTime() - stepNs;
            }
            report(round, key, System.nanoTime() - startNs, roundTrips);
        }
    }

    private void putOnQueue(final long signal)
    {
        device.putSignalOnQueue(pe.stream(), pe.dst(), 0, pe.src(), 0, GpuNames.PINGPONG_BYTES, pe.sig(), 0, signal,
            SignalOp.SET, pe.peer());
    }

    private void waitOnQueue(final long signal)
    {
        device.signalWaitUntilOnQueue(pe.stream(), pe.sig(), 0, Cmp.GE, signal);
        CudaCalls.synchronize(pe.stream());
    }

    private void putSignalFromHost(final long signal)
    {
        pe.shmem().putSignal(pe.dst(), 0, pe.hostSrc(), 0, GpuNames.PINGPONG_BYTES, pe.sig(), 0, signal,
            SignalOp.SET, pe.peer());
    }

    /**
     * The whole-run one-way figure, as NVSHMEM's rows are, and beside it the distribution of PE 0's
     * iterations: each is one round trip (its put, then the reply), so half of it is a one-way sample.
     */
    private void report(final int round, final ResultKey key, final long totalNs, final long[] roundTrips)
    {
        pe.report(round, key, oneWayUs(totalNs, roundTrips.length));
        pe.reportTails(round, key, Tails.of(roundTrips, roundTrips.length, 0.5e-3));
    }

    private static double oneWayUs(final long totalNs, final int roundTrips)
    {
        return totalNs / (2.0 * roundTrips) / 1e3;
    }
}
