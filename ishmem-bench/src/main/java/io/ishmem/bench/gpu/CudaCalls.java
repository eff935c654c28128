package io.ishmem.bench.gpu;

import io.ishmem.cuda.bindings.CudaApi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The CUDA driver calls the GPU bench makes itself (its own stream, events, fills, the copy engine),
 * each checked: a bench that carried on past a failed call would report the speed of doing nothing.
 */
final class CudaCalls
{
    private CudaCalls()
    {
    }

    static void check(final int result, final String call)
    {
        if (result != CudaApi.CUDA_SUCCESS())
        {
            throw new IllegalStateException(call + " failed: CUresult " + result + " (" + name(result) + ")");
        }
    }

    private static String name(final int result)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment text = arena.allocate(ValueLayout.ADDRESS);
            if (CudaApi.cuGetErrorName(result, text) != CudaApi.CUDA_SUCCESS())
            {
                return "unknown";
            }
            return text.get(ValueLayout.ADDRESS, 0).reinterpret(256).getString(0);
        }
    }

    /**
     * A non-blocking stream of the caller's own, as NVSHMEM's program makes ({@code cudaStreamNonBlocking});
     * the context the library made current must be current on this thread.
     */
    static MemorySegment createStream(final Arena arena)
    {
        final MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
        check(CudaApi.cuStreamCreate(out, CudaApi.CU_STREAM_NON_BLOCKING()), "cuStreamCreate");
        return out.get(ValueLayout.ADDRESS, 0);
    }

    /** An event that records time, for {@link StreamTimer}. */
    static MemorySegment createEvent(final Arena arena)
    {
        final MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
        check(CudaApi.cuEventCreate(out, CudaApi.CU_EVENT_DEFAULT()), "cuEventCreate");
        return out.get(ValueLayout.ADDRESS, 0);
    }

    static void synchronize(final MemorySegment stream)
    {
        check(CudaApi.cuStreamSynchronize(stream), "cuStreamSynchronize");
    }

    /** Fills device memory on the stream and waits for it. */
    static void fill(final long address, final byte value, final long bytes, final MemorySegment stream)
    {
        check(CudaApi.cuMemsetD8Async(address, value, bytes, stream), "cuMemsetD8Async");
        synchronize(stream);
    }
}
