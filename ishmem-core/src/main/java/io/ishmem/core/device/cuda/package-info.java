/**
 * The CUDA backend of the device heap: one NVIDIA GPU per PE through the driver API
 * ({@code libcuda.so.1}, bound in {@code io.ishmem.cuda.bindings}), heaps from {@code cuMemCreate} shared
 * between processes as POSIX file descriptors, and one stream per PE for copies and signal updates.
 */
package io.ishmem.core.device.cuda;
