package io.ishmem.core.device;

import java.lang.foreign.MemorySegment;

/**
 * The native handles of one PE's device, for users who launch their own kernels on symmetric data.
 *
 * @param api     "level-zero" or "cuda".
 * @param driver  {@code ze_driver_handle_t}, or the CUDA device ordinal's primary context owner (NULL).
 * @param device  {@code ze_device_handle_t}, or {@code CUdevice} as an address-sized value.
 * @param context {@code ze_context_handle_t} or {@code CUcontext}.
 * @param queue   the immediate command list or {@code CUstream} the library orders its own work on.
 */
public record DeviceHandles(String api, MemorySegment driver, MemorySegment device, MemorySegment context,
    MemorySegment queue)
{
}
