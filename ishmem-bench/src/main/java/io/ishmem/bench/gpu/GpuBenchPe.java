package io.ishmem.bench.gpu;

import io.ishmem.Cmp;
import io.ishmem.DeviceMemory;
import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;
import io.ishmem.cuda.bindings.CudaApi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The program each of the 2 PEs of the GPU bench runs: {@code GpuBenchPe [ROUNDS [SCALE]]}, with
 * {@code ISHMEM_DEVICE=cuda} and a device heap of at least 2 x 256 MiB plus a signal
 * ({@code ISHMEM_DEVICE_SYMMETRIC_SIZE=640M}). Mirrors NVSHMEM's comparison program phase by phase:
 * put bandwidth ({@link BandwidthPhase}), then the stream-ordered, host-synchronised and host-API
 * put-with-signal ping-pongs ({@link PingPongPhase}), with a barrier between phases. PE 0 prints
 * {@link ResultLines}; round 0 of each is the warm-up.
 */
public final class GpuBenchPe
{
    /** The largest message, as in NVSHMEM's program. */
    static final long MAX_BYTES = 256L << 20;

    private GpuBenchPe()
    {
    }

    public static void main(final String[] args)
    {
        final int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        final double scale = args.length > 1 ? Double.parseDouble(args[1]) : 1.0;
        try (Ishmem shmem = Ishmem.init(); Arena arena = Arena.ofConfined())
        {
            if (shmem.nPes() != 2)
            {
                throw new IllegalStateException("the GPU bench needs 2 PEs, not " + shmem.nPes());
            }
            final DeviceMemory device = shmem.device().orElseThrow(() -> new IllegalStateException(
                "no device heap: run with ISHMEM_DEVICE=cuda on a machine with NVIDIA GPUs"));
            if (!device.api().equals("cuda"))
            {
                throw new IllegalStateException("the GPU bench measures the CUDA device heap, not " + device.api() +
                    ": set ISHMEM_DEVICE=cuda");
            }
            final int me = shmem.myPe();
            System.out.println("DEVICE " + me + " " + device.describe());
            // a user's stream lives in the context the library made current on its own threads, not on ours
            CudaCalls.check(CudaApi.cuCtxSetCurrent(device.handles().context()), "cuCtxSetCurrent");
            final MemorySegment stream = CudaCalls.createStream(arena);
            final SymmetricSegment dst = device.malloc(MAX_BYTES);
            final SymmetricSegment src = device.malloc(MAX_BYTES);
            final SymmetricSegment sig = device.calloc(1, ValueLayout.JAVA_LONG);
            CudaCalls.fill(device.deviceAddress(src).address(), (byte)(me + 1), MAX_BYTES, stream);
            final MemorySegment hostSrc = arena.allocate(64, 64).fill((byte)(me + 1));
            final GpuPe pe = new GpuPe(shmem, device, stream, dst, src, sig, hostSrc, me, 1 - me, rounds, scale);
            shmem.barrierAll();

            new BandwidthPhase(pe).run(arena);
            shmem.barrierAll();
            final PingPongPhase pingPong = new PingPongPhase(pe);
            pingPong.streamOrdered(GpuNames.PUTSIG_STREAM, Cmp.EQ);
            pingPong.streamOrdered(GpuNames.PUTSIG_STREAM_GE, Cmp.GE);
            pingPong.streamHostSynchronised();
            pingPong.hostApi();

            shmem.quiet();
            shmem.barrierAll();
            CudaCalls.synchronize(stream);
            CudaCalls.check(CudaApi.cuStreamDestroy_v2(stream), "cuStreamDestroy");
            device.free(sig);
            device.free(src);
            device.free(dst);
        }
    }
}
