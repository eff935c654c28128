package io.ishmem.core.device.cuda;

import io.ishmem.NativeCallException;
import io.ishmem.cuda.bindings.CudaApi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The one check every CUDA driver call goes through, naming the call and the driver's own name for the
 * result ({@code cuGetErrorName}), so a failure reads "cuMemMap failed: CUDA_ERROR_INVALID_VALUE (1)".
 */
final class CudaStatus
{
    private CudaStatus()
    {
    }

    static void check(final int result, final String call)
    {
        if (result != CudaApi.CUDA_SUCCESS())
        {
            throw failed(result, call);
        }
    }

    static NativeCallException failed(final int result, final String call)
    {
        return new NativeCallException(call + " failed: " + describe(result), result);
    }

    /**
     * @return e.g. {@code CUDA_ERROR_OUT_OF_MEMORY (2): out of memory}.
     */
    static String describe(final int result)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment text = arena.allocate(ValueLayout.ADDRESS);
            final String name = CudaApi.cuGetErrorName(result, text) == CudaApi.CUDA_SUCCESS() ?
                text.get(ValueLayout.ADDRESS, 0).reinterpret(256).getString(0) : "unknown CUresult";
            final String meaning = CudaApi.cuGetErrorString(result, text) == CudaApi.CUDA_SUCCESS() ?
                ": " + text.get(ValueLayout.ADDRESS, 0).reinterpret(1024).getString(0) : "";
            return name + " (" + result + ")" + meaning;
        }
    }
}
