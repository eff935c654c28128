package io.ishmem.bench.gpu;

import io.ishmem.DeviceMemory;
import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;

import java.lang.foreign.MemorySegment;

/**
 * What every phase of one GPU bench PE works with.
 *
 * @param shmem   the library.
 * @param device  its CUDA device heap.
 * @param stream  this PE's own stream (a {@code CUstream}, as a zero-length segment).
 * @param dst     device destination of every put, {@link GpuBenchPe#MAX_BYTES} long.
 * @param src     device source of every put, as long, filled with this PE's byte.
 * @param sig     one device signal word.
 * @param hostSrc host memory, the source of the host API's put-with-signal.
 * @param me      this PE.
 * @param peer    the other PE.
 * @param rounds  measured rounds after the warm-up round 0.
 * @param scale   multiplies the ping-pongs' iteration counts (1 for a real run).
 */
record GpuPe(Ishmem shmem, DeviceMemory device, MemorySegment stream, SymmetricSegment dst, SymmetricSegment src,
    SymmetricSegment sig, MemorySegment hostSrc, int me, int peer, int rounds, double scale)
{
    /** Prints a figure; only PE 0 reports, as NVSHMEM's program does, both PEs taking part in each exchange. */
    void report(final int round, final ResultKey key, final double value)
    {
        if (me == 0)
        {
            System.out.println(ResultLines.result(round, key, value));
        }
    }

    void reportTails(final int round, final ResultKey key, final Tails tails)
    {
        if (me == 0)
        {
            System.out.println(ResultLines.tails(round, key, tails));
        }
    }

    /** @return {@code count} scaled, at least 10. */
    int iterations(final int count)
    {
        return Math.max(10, (int)(count * scale));
    }
}
