package io.ishmem.bench.gpu;

/**
 * What one figure measures: which implementation, which operation, at which size, in which unit.
 *
 * @param impl e.g. {@link GpuNames#ISHMEM} or {@link GpuNames#NVSHMEM}.
 * @param op   e.g. {@link GpuNames#PUT_BANDWIDTH}.
 * @param size message size in bytes.
 * @param unit {@link GpuNames#GB_PER_S} or {@link GpuNames#MICROSECONDS}.
 */
record ResultKey(String impl, String op, long size, String unit)
{
}
