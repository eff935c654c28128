// The NVSHMEM side of ishmem4j's GPU bench (io.ishmem.bench.gpu.GpuBench --nvshmem nvshmem_compare.sh):
// host-initiated, stream-ordered put bandwidth and put-with-signal latency between two PEs on two GPUs,
// beside the raw copy engine into the same peer memory, in one run. Measured exactly as the team's anchor
// program (anchors/gpu/nvshmem_anchor.cu) measures them, and printing the same lines, which GpuBench's
// parser (NvshmemOutput) reads:
//   bytes  nvshmem GB/s  copyeng GB/s           (then one row per size)
//   on_stream putmem_signal ping-pong 8 B: X us one-way (N round trips)
//   host-synchronised putmem_signal ping-pong 8 B: X us one-way (N round trips)
//   device-initiated putmem_signal ping-pong 8 B: X us one-way (N round trips)
// Usage: nvshmem_compare RANK NRANKS UIDFILE   (nvshmem_compare.sh builds it and starts both ranks)
#include <nvshmem.h>
#include <nvshmemx.h>
#include <cuda_runtime.h>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); exit(1); } } while (0)

static const size_t MAX_BYTES = 256u << 20;

static double now_s() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Device-initiated ping-pong on one thread per PE: NVSHMEM's fastest path, which a host library has no
// equivalent of; printed for scale.
__global__ void pingpong_kernel(char *data, const char *src, uint64_t *sig, int me, int peer, int iters) {
    for (int i = 1; i <= iters; i++) {
        if (me == 0) {
            nvshmem_putmem_signal(data, src, 8, sig, i, NVSHMEM_SIGNAL_SET, peer);
            nvshmem_signal_wait_until(sig, NVSHMEM_CMP_GE, i);
        } else {
            nvshmem_signal_wait_until(sig, NVSHMEM_CMP_GE, i);
            nvshmem_putmem_signal(data, src, 8, sig, i, NVSHMEM_SIGNAL_SET, peer);
        }
    }
}

// Rank 0 makes the unique id and hands it to the others through a file, renamed into place whole.
static nvshmemx_uniqueid_t exchange_uid(int rank, const char *uidfile) {
    nvshmemx_uniqueid_t id = NVSHMEMX_UNIQUEID_INITIALIZER;
    if (rank == 0) {
        nvshmemx_get_uniqueid(&id);
        char tmp[512];
        snprintf(tmp, sizeof tmp, "%s.tmp", uidfile);
        FILE *f = fopen(tmp, "wb");
        if (!f || fwrite(&id, sizeof id, 1, f) != 1) { fprintf(stderr, "cannot write %s\n", tmp); exit(1); }
        fclose(f);
        rename(tmp, uidfile);
    } else {
        for (;;) {
            FILE *f = fopen(uidfile, "rb");
            if (f) { size_t n = fread(&id, sizeof id, 1, f); fclose(f); if (n == 1) break; }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    }
    return id;
}

static void reset_signal(uint64_t *sig) {
    CK(cudaMemset(sig, 0, sizeof(uint64_t)));
    CK(cudaDeviceSynchronize());
    nvshmem_barrier_all();
}

// 1. PE0 -> PE1: putmem_on_stream x reps + quiet_on_stream vs cudaMemcpyAsync into nvshmem_ptr, same stream;
// reps = clamp(2^31 / n, 10, 1000); round 0 warms up.
static void bandwidth(char *dst, char *src, int peer, cudaStream_t s) {
    char *peer_dst = (char *) nvshmem_ptr(dst, peer);
    printf("nvshmem_ptr to peer: %s\n", peer_dst ? "mapped (P2P)" : "none");
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
    printf("%-10s %14s %14s\n", "bytes", "nvshmem GB/s", "copyeng GB/s");
    for (size_t n = 4096; n <= MAX_BYTES; n *= 4) {
        int reps = (int) ((1ull << 31) / n); if (reps < 10) reps = 10; if (reps > 1000) reps = 1000;
        float ms_sh = 0, ms_ce = 0;
        for (int round = 0; round < 2; round++) {
            CK(cudaEventRecord(a, s));
            for (int r = 0; r < reps; r++) nvshmemx_putmem_on_stream(dst, src, n, peer, s);
            nvshmemx_quiet_on_stream(s);
            CK(cudaEventRecord(b, s)); CK(cudaEventSynchronize(b));
            CK(cudaEventElapsedTime(&ms_sh, a, b));
            if (peer_dst) {
                CK(cudaEventRecord(a, s));
                for (int r = 0; r < reps; r++) CK(cudaMemcpyAsync(peer_dst, src, n, cudaMemcpyDeviceToDevice, s));
                CK(cudaEventRecord(b, s)); CK(cudaEventSynchronize(b));
                CK(cudaEventElapsedTime(&ms_ce, a, b));
            }
        }
        printf("%-10zu %14.1f %14.1f\n", n, (double) n * reps / (ms_sh * 1e-3) / 1e9,
               peer_dst ? (double) n * reps / (ms_ce * 1e-3) / 1e9 : 0.0);
    }
    CK(cudaEventDestroy(a)); CK(cudaEventDestroy(b));
}

// 2. Stream-ordered ping-pong: the host queues the whole exchange, then synchronises once.
static void stream_pingpong(char *dst, char *src, uint64_t *sig, int me, int peer, cudaStream_t s) {
    const int iters = 5000, warm = 200;
    for (int phase = 0; phase < 2; phase++) {
        int n = phase ? iters : warm;
        reset_signal(sig);
        double t = now_s();
        for (int i = 1; i <= n; i++) {
            if (me == 0) {
                nvshmemx_putmem_signal_on_stream(dst, src, 8, sig, i, NVSHMEM_SIGNAL_SET, peer, s);
                nvshmemx_signal_wait_until_on_stream(sig, NVSHMEM_CMP_GE, i, s);
            } else {
                nvshmemx_signal_wait_until_on_stream(sig, NVSHMEM_CMP_GE, i, s);
                nvshmemx_putmem_signal_on_stream(dst, src, 8, sig, i, NVSHMEM_SIGNAL_SET, peer, s);
            }
        }
        CK(cudaStreamSynchronize(s));
        t = now_s() - t;
        if (phase && me == 0)
            printf("on_stream putmem_signal ping-pong 8 B: %.2f us one-way (%d round trips)\n", t / (2.0 * n) * 1e6, n);
    }
}

// 3. Host-synchronised ping-pong: each on-stream step is followed by a stream synchronisation.
static void hostsync_pingpong(char *dst, char *src, uint64_t *sig, int me, int peer, cudaStream_t s) {
    const int iters = 1000, warm = 50;
    for (int phase = 0; phase < 2; phase++) {
        int n = phase ? iters : warm;
        reset_signal(sig);
        double t = now_s();
        for (int i = 1; i <= n; i++) {
            if (me == 0) {
                nvshmemx_putmem_signal_on_stream(dst, src, 8, sig, i, NVSHMEM_SIGNAL_SET, peer, s);
                CK(cudaStreamSynchronize(s));
                nvshmemx_signal_wait_until_on_stream(sig, NVSHMEM_CMP_GE, i, s);
                CK(cudaStreamSynchronize(s));
            } else {
                nvshmemx_signal_wait_until_on_stream(sig, NVSHMEM_CMP_GE, i, s);
                CK(cudaStreamSynchronize(s));
                nvshmemx_putmem_signal_on_stream(dst, src, 8, sig, i, NVSHMEM_SIGNAL_SET, peer, s);
                CK(cudaStreamSynchronize(s));
            }
        }
        t = now_s() - t;
        if (phase && me == 0)
            printf("host-synchronised putmem_signal ping-pong 8 B: %.2f us one-way (%d round trips)\n",
                   t / (2.0 * n) * 1e6, n);
    }
}

// 4. Device-initiated ping-pong, one thread per PE, timed by events around the kernel.
static void device_pingpong(char *dst, char *src, uint64_t *sig, int me, int peer, cudaStream_t s) {
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
    for (int phase = 0; phase < 2; phase++) {
        int n = phase ? 10000 : 100;
        reset_signal(sig);
        CK(cudaEventRecord(a, s));
        pingpong_kernel<<<1, 1, 0, s>>>(dst, src, sig, me, peer, n);
        CK(cudaGetLastError());
        CK(cudaEventRecord(b, s)); CK(cudaEventSynchronize(b));
        float ms; CK(cudaEventElapsedTime(&ms, a, b));
        if (phase && me == 0)
            printf("device-initiated putmem_signal ping-pong 8 B: %.2f us one-way (%d round trips)\n",
                   ms * 1e3 / (2.0 * n), n);
    }
    CK(cudaEventDestroy(a)); CK(cudaEventDestroy(b));
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: %s RANK NRANKS UIDFILE\n", argv[0]); return 2; }
    int rank = atoi(argv[1]), nranks = atoi(argv[2]);
    int ndev = 0;
    CK(cudaGetDeviceCount(&ndev));
    if (ndev < 1) { fprintf(stderr, "no CUDA device\n"); return 1; }
    // one GPU per rank, as ishmem4j's CUDA backend picks them (local PE index modulo the device count)
    CK(cudaSetDevice(rank % ndev));

    nvshmemx_uniqueid_t id = exchange_uid(rank, argv[3]);
    nvshmemx_init_attr_t attr = NVSHMEMX_INIT_ATTR_INITIALIZER;
    nvshmemx_set_attr_uniqueid_args(rank, nranks, &id, &attr);
    double t0 = now_s();
    if (nvshmemx_init_attr(NVSHMEMX_INIT_WITH_UNIQUEID, &attr) != 0) { fprintf(stderr, "nvshmemx_init_attr failed\n"); return 1; }
    double tinit = now_s() - t0;
    int me = nvshmem_my_pe(), peer = (me + 1) % nvshmem_n_pes();

    cudaStream_t s;
    CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    char *dst = (char *) nvshmem_malloc(MAX_BYTES);
    char *src = (char *) nvshmem_malloc(MAX_BYTES);
    uint64_t *sig = (uint64_t *) nvshmem_calloc(1, sizeof(uint64_t));
    if (!dst || !src || !sig) { fprintf(stderr, "nvshmem_malloc failed: raise NVSHMEM_SYMMETRIC_SIZE\n"); return 1; }
    CK(cudaMemset(src, me + 1, MAX_BYTES));
    CK(cudaDeviceSynchronize());
    nvshmem_barrier_all();
    if (me == 0) {
        cudaDeviceProp prop;
        CK(cudaGetDeviceProperties(&prop, rank % ndev));
        printf("init %.1f ms, %d PEs, %d GPUs visible, PE 0 on %s\n", tinit * 1e3, nvshmem_n_pes(), ndev, prop.name);
        bandwidth(dst, src, peer, s);
    }
    fflush(stdout);
    nvshmem_barrier_all();
    stream_pingpong(dst, src, sig, me, peer, s);
    hostsync_pingpong(dst, src, sig, me, peer, s);
    device_pingpong(dst, src, sig, me, peer, s);

    nvshmem_barrier_all();
    nvshmem_free(sig); nvshmem_free(src); nvshmem_free(dst);
    CK(cudaStreamDestroy(s));
    nvshmem_finalize();
    return 0;
}
