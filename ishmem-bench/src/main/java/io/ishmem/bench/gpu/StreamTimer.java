package io.ishmem.bench.gpu;

import io.ishmem.cuda.bindings.CudaApi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Times work queued on a stream with two CUDA events recorded on that stream, as NVSHMEM's program times
 * its bandwidth: the GPU's own clock from the first queued operation to the last, without the host's
 * wait for it.
 */
final class StreamTimer
{
    private final MemorySegment stream;
    private final MemorySegment start;
    private final MemorySegment stop;
    private final MemorySegment milliseconds;

    StreamTimer(final MemorySegment stream, final Arena arena)
    {
        this.stream = stream;
        this.start = CudaCalls.createEvent(arena);
        this.stop = CudaCalls.createEvent(arena);
        this.milliseconds = arena.allocate(ValueLayout.JAVA_FLOAT);
    }

    void start()
    {
        CudaCalls.check(CudaApi.cuEventRecord(start, stream), "cuEventRecord");
    }

    /**
     * @return seconds between {@link #start()} and now on the stream, once the stream has got there.
     */
    double stopSeconds()
    {
        CudaCalls.check(CudaApi.cuEventRecord(stop, stream), "cuEventRecord");
        CudaCalls.check(CudaApi.cuEventSynchronize(stop), "cuEventSynchronize");
        CudaCalls.check(CudaApi.cuEventElapsedTime_v2(milliseconds, start, stop), "cuEventElapsedTime");
        return milliseconds.get(ValueLayout.JAVA_FLOAT, 0) * 1e-3;
    }

    void destroy()
    {
        CudaApi.cuEventDestroy_v2(start);
        CudaApi.cuEventDestroy_v2(stop);
    }
}
