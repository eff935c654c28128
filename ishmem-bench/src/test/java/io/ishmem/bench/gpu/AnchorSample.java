package io.ishmem.bench.gpu;

import java.util.List;

/**
 * What NVSHMEM's comparison script prints, with the figures of the team's anchor run (NVSHMEM 3.4.5,
 * two H200s, 2026-11-23, /work/shared/anchors/gpu/README.md), between the lines a real run has around them.
 */
final class AnchorSample
{
    static final List<String> LINES = List.of(
        "nvshmem at /usr/local/lib/python3.12/dist-packages/nvidia/nvshmem",
        "bin",
        "libnvshmem_device.a",
        "libnvshmem_host.so.3",
        "nvshmem_bootstrap_uid.so.3",
        // numbers before the table's header are not bandwidth rows
        "3 4.5 6.7",
        "init 857.0 ms, 2 PEs, 2 GPUs visible",
        "nvshmem_ptr to peer: mapped (P2P)",
        "bytes        nvshmem GB/s   copyeng GB/s",
        "4096                  2.0            1.9",
        "65536                26.3           27.2",
        "1048576             212.7          212.6",
        "67108864            387.9          387.5",
        "268435456           394.0          394.7",
        "on_stream putmem_signal ping-pong 8 B: 8.96 us one-way (5000 round trips)",
        "host-synchronised putmem_signal ping-pong 8 B: 10.03 us one-way (1000 round trips)",
        "device-initiated putmem_signal ping-pong 8 B: 1.92 us one-way (10000 round trips)",
        "--- rank 1",
        "12 34 56");

    private AnchorSample()
    {
    }
}
