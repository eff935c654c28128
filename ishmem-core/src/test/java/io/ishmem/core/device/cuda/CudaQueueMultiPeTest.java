package io.ishmem.core.device.cuda;

import io.ishmem.Cmp;
import io.ishmem.DeviceMemory;
import io.ishmem.Ishmem;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.cuda.bindings.CudaApi;
import io.ishmem.junit.MultiPeTest;
import io.ishmem.core.device.NvidiaGpu;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The on-queue forms on real NVIDIA GPUs: each PE makes a stream of its own, as a user's application
 * would, and orders puts, put-with-signal and waits on it (NVSHMEM's {@code *_on_stream}). Skipped where
 * no NVIDIA GPU is present.
 */
@ExtendWith(NvidiaGpu.Required.class)
class CudaQueueMultiPeTest
{
    private static final String CUDA = "ISHMEM_DEVICE=cuda";
    private static final String DEVICE_HEAP = "ISHMEM_DEVICE_SYMMETRIC_SIZE=160M";
    private static final String HOST_HEAP = "ISHMEM_SYMMETRIC_SIZE=144M";

    /** A stream of the user's own, on the context the library made current for this PE's device. */
    private static MemorySegment userStream(final DeviceMemory device, final Arena arena)
    {
        check(CudaApi.cuCtxSetCurrent(device.handles().context()), "cuCtxSetCurrent");
        final MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
        check(CudaApi.cuStreamCreate(out, CudaApi.CU_STREAM_NON_BLOCKING()), "cuStreamCreate");
        return out.get(ValueLayout.ADDRESS, 0);
    }

    private static void check(final int result, final String call)
    {
        if (result != CudaApi.CUDA_SUCCESS())
        {
            fail(call + " returned CUresult " + result);
        }
    }

    private static void synchronize(final MemorySegment stream)
    {
        check(CudaApi.cuStreamSynchronize(stream), "cuStreamSynchronize");
    }

    private static void fill(final MemorySegment segment, final long bytes, final long stamp, final int sender)
    {
        for (long i = 0; i < bytes; i++)
        {
            segment.set(ValueLayout.JAVA_BYTE, i, (byte)(stamp * 31 + i * 7 + sender * 13));
        }
    }

    private static DeviceMemory device(final Ishmem shmem)
    {
        final DeviceMemory device = shmem.device().orElseThrow(() -> new AssertionError("no device heap"));
        assertEquals("cuda", device.api());
        return device;
    }

    @MultiPeTest(pes = {2, 4}, timeoutSeconds = 300, env = {CUDA, DEVICE_HEAP, HOST_HEAP})
    void shouldOrderPutSignalAndWaitOnTheUsersStream(final Ishmem shmem)
    {
        final DeviceMemory device = device(shmem);
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final int prev = (me + n - 1) % n;
        final long max = 64L << 20;
        final SymmetricSegment src = device.malloc(max);
        final SymmetricSegment dest = device.malloc(max);
        final SymmetricSegment sig = device.calloc(1, ValueLayout.JAVA_LONG);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment stream = userStream(device, arena);
            final MemorySegment host = arena.allocate(max);
            final MemorySegment back = arena.allocate(max);
            final MemorySegment expected = arena.allocate(max);
            long round = 0;
            for (final long size : new long[] {1, 8, 4096, 65_537, 1 << 20, max})
            {
                round++;
                fill(host, size, round, me);
                device.copyFromHost(src, 0, host, 0, size);
                shmem.barrierAll();
                // the whole exchange is queued before the host waits once: stream order carries it
                device.putSignalOnQueue(stream, dest, 0, src, 0, size, sig, 0, round, SignalOp.SET, next);
                device.signalWaitUntilOnQueue(stream, sig, 0, Cmp.EQ, round);
                device.quietOnQueue(stream);
                synchronize(stream);
                device.copyToHost(back, 0, dest, 0, size);
                fill(expected, size, round, prev);
                final long at = MemorySegment.mismatch(expected, 0, size, back, 0, size);
                assertEquals(-1, at, "payload of " + size + " bytes from PE " + prev + " differs at byte " + at);
                // and get it back from the next PE on the stream
                device.getOnQueue(stream, dest, 0, src, 0, size, next);
                synchronize(stream);
                device.copyToHost(back, 0, dest, 0, size);
                shmem.barrierAll();
                final long mine = size;
                fill(host, mine, round, next);
                assertEquals(-1, MemorySegment.mismatch(host, 0, mine, back, 0, mine), "getOnQueue of " + size +
                    " bytes from PE " + next);
            }
            check(CudaApi.cuStreamDestroy_v2(stream), "cuStreamDestroy");
        }
        shmem.barrierAll();
        device.free(sig);
        device.free(dest);
        device.free(src);
    }

    @MultiPeTest(pes = {2, 4}, timeoutSeconds = 300, env = {CUDA, DEVICE_HEAP, HOST_HEAP})
    void shouldLoseNoOnQueueAddAndWaitForTheirSumOnTheStream(final Ishmem shmem)
    {
        final DeviceMemory device = device(shmem);
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int adds = 500;
        final SymmetricSegment data = device.malloc(64);
        final SymmetricSegment counter = device.calloc(1, ValueLayout.JAVA_LONG);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment stream = userStream(device, arena);
            shmem.barrierAll();
            for (int i = 0; i < adds; i++)
            {
                for (int pe = 0; pe < n; pe++)
                {
                    device.putSignalOnQueue(stream, data, 0, data, 0, 8, counter, 0, 1, SignalOp.ADD, pe);
                }
            }
            // GE goes through the wait kernel, not cuStreamWaitValue64
            device.signalWaitUntilOnQueue(stream, counter, 0, Cmp.GE, (long)n * adds);
            synchronize(stream);
            assertEquals((long)n * adds, shmem.signalFetch(counter, 0), "every PE's ADDs");
            check(CudaApi.cuStreamDestroy_v2(stream), "cuStreamDestroy");
        }
        shmem.barrierAll();
        device.free(counter);
        device.free(data);
    }

    @MultiPeTest(pes = {2}, timeoutSeconds = 300, env = {CUDA, DEVICE_HEAP, HOST_HEAP})
    void shouldHoldTheStreamUntilEachComparisonHoldsUnsigned(final Ishmem shmem)
    {
        final DeviceMemory device = device(shmem);
        final int me = shmem.myPe();
        final SymmetricSegment sig = device.calloc(1, ValueLayout.JAVA_LONG);
        final SymmetricSegment ready = shmem.calloc(1, ValueLayout.JAVA_LONG);
        // {start, cmp, value, the value the peer then sets}: false at start, true once set
        final long[][] cases = {
            {10, Cmp.EQ.ordinal(), 20, 20},
            {10, Cmp.NE.ordinal(), 10, 11},
            {10, Cmp.GT.ordinal(), 15, 16},
            {10, Cmp.GE.ordinal(), 15, 15},
            {10, Cmp.LT.ordinal(), 5, 4},
            {10, Cmp.LE.ordinal(), 3, 3},
            // unsigned: 2^63 is greater than 1, though negative as a signed long
            {0, Cmp.GT.ordinal(), 1, Long.MIN_VALUE},
            {Long.MIN_VALUE, Cmp.LT.ordinal(), Long.MIN_VALUE, 1},
        };
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment stream = me == 0 ? userStream(device, arena) : MemorySegment.NULL;
            long step = 0;
            for (final long[] test : cases)
            {
                step++;
                final Cmp cmp = Cmp.values()[(int)test[1]];
                if (me == 0)
                {
                    shmem.signalSet(sig, 0, test[0], 0);
                    shmem.quiet();
                    device.signalWaitUntilOnQueue(stream, sig, 0, cmp, test[2]);
                    // the stream must still be held: nothing satisfies the comparison yet
                    try
                    {
                        Thread.sleep(50);
                    }
                    catch (final InterruptedException ex)
                    {
                        Thread.currentThread().interrupt();
                        fail("interrupted");
                    }
                    assertEquals(CudaApi.CUDA_ERROR_NOT_READY(), CudaApi.cuStreamQuery(stream),
                        cmp + " " + Long.toUnsignedString(test[2]) + " on " + Long.toUnsignedString(test[0]) +
                        " must hold the stream");
                    shmem.signalSet(ready, 0, step, 1);
                    synchronize(stream);
                    assertEquals(test[3], shmem.signalFetch(sig, 0));
                }
                else
                {
                    shmem.signalWaitUntil(ready, 0, Cmp.GE, step);
                    shmem.signalSet(sig, 0, test[3], 0);
                    shmem.quiet();
                }
                shmem.barrierAll();
            }
            if (me == 0)
            {
                check(CudaApi.cuStreamDestroy_v2(stream), "cuStreamDestroy");
            }
        }
        shmem.barrierAll();
        device.free(sig);
        shmem.free(ready);
    }

    @MultiPeTest(pes = {2}, timeoutSeconds = 300, env = {CUDA, DEVICE_HEAP, HOST_HEAP})
    void shouldDescribeTheGpuAndHandOutTheLibrarysStream(final Ishmem shmem)
    {
        final DeviceMemory device = device(shmem);
        assertTrue(device.describe().startsWith("CUDA driver "), device.describe());
        assertEquals("cuda", device.handles().api());
        assertTrue(device.handles().queue().address() != 0, "the library's stream");
        assertTrue(device.handles().context().address() != 0, "the primary context");
        final SymmetricSegment a = device.malloc(4096);
        // peers' heaps are mapped at addresses of this process, distinct from its own
        final long mine = device.deviceAddress(a).address();
        final long theirs = device.peerDeviceAddress(a, 1 - shmem.myPe()).address();
        assertTrue(mine != theirs && mine != 0 && theirs != 0, mine + " vs " + theirs);
        device.free(a);
    }
}
