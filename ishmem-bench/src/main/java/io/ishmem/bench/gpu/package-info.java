/**
 * The GPU bench: the CUDA device heap measured beside the raw copy engine (same process, same stream,
 * same mappings) and beside NVIDIA's NVSHMEM (its comparison program run before and after, on the same
 * machine), in one run. {@link io.ishmem.bench.gpu.GpuBench} runs on the GPU machine with a JRE of
 * {@code java.base}, {@code java.logging} and {@code jdk.unsupported} only, so nothing on its path may
 * load AWT; {@link io.ishmem.bench.gpu.GpuReport} draws the plots afterwards, on a full JDK, from the
 * results file.
 */
package io.ishmem.bench.gpu;
