package io.ishmem.bench.gpu;

/**
 * The names of implementations, operations and units in the GPU bench's result lines and CSV: shared by
 * the PE program that prints them, the parsers that read them and the table that compares them, so that
 * a renamed row cannot silently drop out of the comparison.
 */
final class GpuNames
{
    /** The device heap through the on-queue forms on the user's stream. */
    static final String ISHMEM = "ishmem";
    /** The device heap through the blocking host API (the library's own stream). */
    static final String ISHMEM_HOST_API = "ishmem_host_api";
    /** {@code cuMemcpyDtoDAsync} into the peer's mapping, on the same stream as {@link #ISHMEM}. */
    static final String COPY_ENGINE = "copy_engine";
    /** NVSHMEM's own routine, from the comparison program. */
    static final String NVSHMEM = "nvshmem";
    /** {@code cudaMemcpyAsync} into {@code nvshmem_ptr}, measured by the NVSHMEM comparison program. */
    static final String NVSHMEM_COPY_ENGINE = "nvshmem_copy_engine";

    static final String PUT_BANDWIDTH = "put_bandwidth";
    /** putSignalOnQueue + signalWaitUntilOnQueue(EQ), all queued before one synchronisation. */
    static final String PUTSIG_STREAM = "putsig_stream_oneway";
    /** The same with GE, which our backend serves with a wait kernel instead of cuStreamWaitValue64. */
    static final String PUTSIG_STREAM_GE = "putsig_stream_ge_oneway";
    /** Host putSignal from host memory + host signalWaitUntil on a device signal. */
    static final String PUTSIG_HOST = "putsig_host_oneway";
    /** putSignalOnQueue and signalWaitUntilOnQueue(GE), each followed by a stream synchronisation. */
    static final String PUTSIG_STREAM_HOSTSYNC = "putsig_stream_hostsync_oneway";
    /** NVSHMEM only: a kernel's thread doing the ping-pong, which a host library has no equivalent of. */
    static final String PUTSIG_DEVICE = "putsig_device_oneway";

    static final String GB_PER_S = "GB/s";
    static final String MICROSECONDS = "us";

    /** The payload of every ping-pong, as in NVSHMEM's rows. */
    static final long PINGPONG_BYTES = 8;

    private GpuNames()
    {
    }
}
