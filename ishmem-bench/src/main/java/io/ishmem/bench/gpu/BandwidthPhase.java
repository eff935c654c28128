package io.ishmem.bench.gpu;

import io.ishmem.cuda.bindings.CudaApi;

import java.lang.foreign.Arena;

/**
 * Put bandwidth PE0 -> PE1, device to the peer's device, 4 KiB to 256 MiB by 4, as NVSHMEM's program
 * measures it: {@code reps = clamp(2^31 / n, 10, 1000)} back-to-back puts, then completion, per round.
 * Each round measures, one after the other, the library's on-queue put, the copy engine on the same
 * stream into the same peer mapping (the floor the library must stay within 5% of), and the blocking
 * host API. Round 0 of each size is its warm-up, and before the first size each path is called
 * {@link #JIT_WARMUP_CALLS} times: NVSHMEM's program is compiled ahead of time, while ours runs
 * interpreted until the JIT has seen thousands of calls, and at small sizes the host's time to queue a
 * copy is what the events measure. PE 1 only waits at the barrier after this phase.
 */
final class BandwidthPhase
{
    static final long MIN_BYTES = 4096;
    static final int JIT_WARMUP_CALLS = 10_000;
    private static final int JIT_WARMUP_BATCH = 1000;

    private final GpuPe pe;

    BandwidthPhase(final GpuPe pe)
    {
        this.pe = pe;
    }

    static int reps(final long bytes)
    {
        return (int)Math.max(10, Math.min(1000, (1L << 31) / bytes));
    }

    void run(final Arena arena)
    {
        if (pe.me() != 0)
        {
            return;
        }
        final StreamTimer timer = new StreamTimer(pe.stream(), arena);
        for (int calls = 0; calls < JIT_WARMUP_CALLS; calls += JIT_WARMUP_BATCH)
        {
            onQueue(timer, MIN_BYTES, JIT_WARMUP_BATCH);
            copyEngine(timer, MIN_BYTES, JIT_WARMUP_BATCH);
            hostApi(MIN_BYTES, JIT_WARMUP_BATCH);
        }
        for (long bytes = MIN_BYTES; bytes <= GpuBenchPe.MAX_BYTES; bytes *= 4)
        {
            final int reps = reps(bytes);
            for (int round = 0; round <= pe.rounds(); round++)
            {
                pe.report(round, key(GpuNames.ISHMEM, bytes), gbPerS(bytes, reps, onQueue(timer, bytes, reps)));
                pe.report(round, key(GpuNames.COPY_ENGINE, bytes), gbPerS(bytes, reps, copyEngine(timer, bytes, reps)));
                pe.report(round, key(GpuNames.ISHMEM_HOST_API, bytes), gbPerS(bytes, reps, hostApi(bytes, reps)));
            }
        }
        timer.destroy();
    }

    private static ResultKey key(final String impl, final long bytes)
    {
        return new ResultKey(impl, GpuNames.PUT_BANDWIDTH, bytes, GpuNames.GB_PER_S);
    }

    private static double gbPerS(final long bytes, final int reps, final double seconds)
    {
        return bytes * (double)reps / seconds / 1e9;
    }

    /** nvshmemx_putmem_on_stream x reps + nvshmemx_quiet_on_stream, in our words. */
    private double onQueue(final StreamTimer timer, final long bytes, final int reps)
    {
        timer.start();
        for (int r = 0; r < reps; r++)
        {
            pe.device().putOnQueue(pe.stream(), pe.dst(), 0, pe.src(), 0, bytes, pe.peer());
        }
        pe.device().quietOnQueue(pe.stream());
        return timer.stopSeconds();
    }

    /** The NVSHMEM program's cudaMemcpyAsync into nvshmem_ptr, here into our peer mapping. */
    private double copyEngine(final StreamTimer timer, final long bytes, final int reps)
    {
        final long to = pe.device().peerDeviceAddress(pe.dst(), pe.peer()).address();
        final long from = pe.device().deviceAddress(pe.src()).address();
        timer.start();
        for (int r = 0; r < reps; r++)
        {
            CudaCalls.check(CudaApi.cuMemcpyDtoDAsync_v2(to, from, bytes, pe.stream()), "cuMemcpyDtoDAsync");
        }
        return timer.stopSeconds();
    }

    /** The blocking form on the library's own stream: timed on the host, as a caller of it sees it. */
    private double hostApi(final long bytes, final int reps)
    {
        final long startNs = System.nanoTime();
        for (int r = 0; r < reps; r++)
        {
            pe.shmem().put(pe.dst(), 0, pe.src(), 0, bytes, pe.peer());
        }
        pe.shmem().quiet();
        return (System.nanoTime() - startNs) * 1e-9;
    }
}
