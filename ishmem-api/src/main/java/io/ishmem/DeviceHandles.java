package io.ishmem;

import java.lang.foreign.MemorySegment;

/**
 * The native handles of this PE's device, for launching your own kernels on symmetric device memory
 * (pass {@link DeviceMemory#deviceAddress} and {@link DeviceMemory#peerDeviceAddress} as kernel arguments)
 * and for ordering your work with the library's. Each is a zero-length {@link MemorySegment} whose
 * {@link MemorySegment#address()} is the handle; the library owns them: never destroy them, and do not
 * use them after {@link Ishmem#close()}.
 *
 * @param api     {@code "level-zero"} or {@code "cuda"}.
 * @param driver  {@code ze_driver_handle_t}; for CUDA, NULL.
 * @param device  {@code ze_device_handle_t}; for CUDA, the {@code CUdevice} ordinal as the address.
 * @param context {@code ze_context_handle_t}, or the {@code CUcontext} the library made current.
 * @param queue   the immediate command list ({@code ze_command_list_handle_t}) or {@code CUstream} on
 *                which the library issues this PE's puts and signal updates, in order.
 */
public record DeviceHandles(String api, MemorySegment driver, MemorySegment device, MemorySegment context,
    MemorySegment queue)
{
}
