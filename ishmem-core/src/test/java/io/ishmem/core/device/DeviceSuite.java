package io.ishmem.core.device;

import io.ishmem.Cmp;
import io.ishmem.DeviceMemory;
import io.ishmem.Ishmem;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import io.ishmem.junit.MultiPeTest;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static io.ishmem.core.device.ZeTestDriver.DEVICE_HEAP;
import static io.ishmem.core.device.ZeTestDriver.HOST_HEAP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The multi-PE device suite, for every backend: symmetric device heaps in separate JVMs, each mapping the
 * others' through its backend's IPC handles.
 *
 * <p>Each concrete subclass picks the backend with {@link io.ishmem.junit.MultiPeEnv} ({@code ISHMEM_DEVICE}
 * and whatever else that backend's tests need): {@link LevelZeroDeviceSuiteTest} on the project's Level Zero
 * test driver through the real loader and its validation layer, {@link CudaDeviceSuiteTest} on NVIDIA GPUs.
 * The methods here name only what every backend needs (heap sizes), never the backend. Timeouts are those
 * of a real GPU, where each PE's init takes a second or two and copies cross PCIe; on the test driver each
 * job ends in seconds.
 */
abstract class DeviceSuite
{
    private static final long[] PUT_SIZES = {1, 7, 8, 4096, 65_537, 1 << 20, 8 << 20, 64L << 20};

    private static void fill(final MemorySegment segment, final long bytes, final long stamp, final int sender)
    {
        for (long i = 0; i < bytes; i++)
        {
            segment.set(ValueLayout.JAVA_BYTE, i, (byte)(stamp * 31 + i * 7 + sender * 13));
        }
    }

    private static void assertSameBytes(final MemorySegment expected, final MemorySegment actual, final long bytes,
        final String what)
    {
        final long at = MemorySegment.mismatch(expected, 0, bytes, actual, 0, bytes);
        if (at >= 0)
        {
            fail(what + ": byte " + at + " of " + bytes + " is " + actual.get(ValueLayout.JAVA_BYTE, at) +
                ", expected " + expected.get(ValueLayout.JAVA_BYTE, at));
        }
    }

    private static DeviceMemory device(final Ishmem shmem)
    {
        return shmem.device().orElseThrow(() -> new AssertionError("no device heap"));
    }

    /**
     * @return the backend this PE was asked for: each concrete suite sets {@code ISHMEM_DEVICE} to one.
     */
    private static String requestedApi()
    {
        return System.getenv("ISHMEM_DEVICE");
    }

    @MultiPeTest(pes = {2, 4}, timeoutSeconds = 300, env = {DEVICE_HEAP, HOST_HEAP})
    void shouldPutEverySizeFromOneByteTo64MiBIntoPeerDeviceMemory(final Ishmem shmem)
    {
        final DeviceMemory device = device(shmem);
        assertEquals(requestedApi(), device.api(), "the backend ISHMEM_DEVICE names");
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final int prev = (me + n - 1) % n;
        final SymmetricSegment dest = device.malloc(64L << 20);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment src = arena.allocate(64L << 20);
            final MemorySegment back = arena.allocate(64L << 20);
            final MemorySegment expected = arena.allocate(64L << 20);
            long round = 0;
            for (final long size : PUT_SIZES)
            {
                round++;
                fill(src, size, round, me);
                shmem.put(dest, 0, src, 0, size, next);
                shmem.barrierAll();
                device.copyToHost(back, 0, dest, 0, size);
                fill(expected, size, round, prev);
                assertSameBytes(expected, back, size, "put of " + size + " bytes from PE " + prev);
                // and back again with get, from the PE that wrote it
                back.fill((byte)0);
                shmem.get(back, 0, dest, 0, size, next);
                fill(expected, size, round, me);
                assertSameBytes(expected, back, size, "get of " + size + " bytes from PE " + next);
                shmem.barrierAll();
            }
        }
        device.free(dest);
    }

    /**
     * The team collectives on device segments: data moves through the device heap's transport, and a
     * reduction combines a block at a time in host memory; small and large (the pulled broadcast, the
     * reduce-scatter), checked on every PE.
     */
    @MultiPeTest(pes = {2, 4}, timeoutSeconds = 240, env = {DEVICE_HEAP, HOST_HEAP})
    void shouldRunTheCollectivesOnDeviceSegments(final Ishmem shmem)
    {
        final DeviceMemory device = device(shmem);
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final Team world = shmem.teamWorld();
        final int count = 5_000;
        final SymmetricSegment src = device.calloc((long)n * count, ValueLayout.JAVA_LONG);
        final SymmetricSegment dest = device.calloc((long)n * count, ValueLayout.JAVA_LONG);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment host = arena.allocate((long)n * count * Long.BYTES);
            for (final int elements : new int[] {3, count})
            {
                for (int i = 0; i < n * elements; i++)
                {
                    host.setAtIndex(ValueLayout.JAVA_LONG, i, me * 1_000_000L + i);
                }
                device.copyFromHost(src, 0, host, 0, (long)n * elements * Long.BYTES);
                shmem.barrierAll();
                shmem.broadcast(world, ValueLayout.JAVA_LONG, dest, src, elements, n - 1);
                device.copyToHost(host, 0, dest, 0, (long)elements * Long.BYTES);
                for (int i = 0; i < elements; i++)
                {
                    assertEquals((n - 1) * 1_000_000L + i, host.getAtIndex(ValueLayout.JAVA_LONG, i), "broadcast " + i);
                }
                shmem.barrierAll();
                shmem.fcollect(world, ValueLayout.JAVA_LONG, dest, src, elements);
                device.copyToHost(host, 0, dest, 0, (long)n * elements * Long.BYTES);
                for (int j = 0; j < n; j++)
                {
                    assertEquals(j * 1_000_000L + elements - 1,
                        host.getAtIndex(ValueLayout.JAVA_LONG, (long)j * elements + elements - 1), "fcollect " + j);
                }
                shmem.barrierAll();
                shmem.alltoall(world, ValueLayout.JAVA_LONG, dest, src, elements);
                device.copyToHost(host, 0, dest, 0, (long)n * elements * Long.BYTES);
                for (int j = 0; j < n; j++)
                {
                    assertEquals(j * 1_000_000L + (long)me * elements,
                        host.getAtIndex(ValueLayout.JAVA_LONG, (long)j * elements), "alltoall block " + j);
                }
                shmem.barrierAll();
                shmem.sumReduceLong(world, dest, src, elements);
                device.copyToHost(host, 0, dest, 0, (long)elements * Long.BYTES);
                for (int i = 0; i < elements; i++)
                {
                    assertEquals(1_000_000L * n * (n - 1) / 2 + (long)n * i, host.getAtIndex(ValueLayout.JAVA_LONG, i),
                        "sum of " + elements + ", element " + i);
                }
                shmem.barrierAll();
            }
        }
        device.free(dest);
        device.free(src);
    }

    @MultiPeTest(pes = {2, 4}, timeoutSeconds = 240, env = {DEVICE_HEAP, HOST_HEAP})
    void shouldShowADeviceSignalOnlyAfterItsWholePayload(final Ishmem shmem)
    {
        final DeviceMemory device = device(shmem);
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final int prev = (me + n - 1) % n;
        final SymmetricSegment dest = device.malloc(1 << 20);
        // word 0: the data signal, in device memory; word 1: the acknowledgement, so no sender overwrites unread data
        final SymmetricSegment sig = device.calloc(2, ValueLayout.JAVA_LONG);
        // shared: the on-queue form reads the source on the queue's thread
        try (Arena arena = Arena.ofShared())
        {
            final MemorySegment src = arena.allocate(1 << 20);
            final MemorySegment back = arena.allocate(1 << 20);
            final MemorySegment expected = arena.allocate(1 << 20);
            long round = 0;
            for (final int size : new int[] {1, 8, 4096, 1 << 20})
            {
                for (int i = 0; i < (size >= 1 << 20 ? 10 : 100); i++)
                {
                    round++;
                    fill(src, size, round, me);
                    final boolean set = (round & 1) == 0;
                    if (round % 5 == 0)
                    {
                        // the ordered queue form, as ishmemx_put_signal_on_queue
                        shmem.putSignalOnQueue(dest, 0, src, 0, size, sig, 0, set ? round : 1,
                            set ? SignalOp.SET : SignalOp.ADD, next).join();
                    }
                    else if ((round & 2) == 0)
                    {
                        shmem.putSignal(dest, 0, src, 0, size, sig, 0, set ? round : 1,
                            set ? SignalOp.SET : SignalOp.ADD, next);
                    }
                    else
                    {
                        shmem.putSignalNbi(dest, 0, src, 0, size, sig, 0, set ? round : 1,
                            set ? SignalOp.SET : SignalOp.ADD, next);
                    }
                    // the host waits on a device signal
                    assertEquals(round, shmem.signalWaitUntil(sig, 0, Cmp.GE, round), "signal of round " + round);
                    device.copyToHost(back, 0, dest, 0, size);
                    fill(expected, size, round, prev);
                    assertSameBytes(expected, back, size, "payload of " + size + " bytes in round " + round);
                    shmem.signalSet(sig, 1, round, prev);
                    shmem.signalWaitUntil(sig, 1, Cmp.GE, round);
                }
            }
        }
        shmem.barrierAll();
        device.free(sig);
        device.free(dest);
    }

    @MultiPeTest(pes = {2, 4}, timeoutSeconds = 180, env = {DEVICE_HEAP, HOST_HEAP})
    void shouldSignalAHostWordAfterDeviceDataAndADeviceWordAfterHostData(final Ishmem shmem)
    {
        final DeviceMemory device = device(shmem);
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final int prev = (me + n - 1) % n;
        final SymmetricSegment deviceData = device.malloc(64 * 1024);
        final SymmetricSegment hostData = shmem.malloc(64 * 1024);
        final SymmetricSegment hostSig = shmem.calloc(1, ValueLayout.JAVA_LONG);
        final SymmetricSegment deviceSig = device.calloc(1, ValueLayout.JAVA_LONG);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment src = arena.allocate(64 * 1024);
            final MemorySegment back = arena.allocate(64 * 1024);
            final MemorySegment expected = arena.allocate(64 * 1024);
            for (long round = 1; round <= 50; round++)
            {
                fill(src, 64 * 1024, round, me);
                shmem.putSignal(deviceData, 0, src, 0, 64 * 1024, hostSig, 0, round, SignalOp.SET, next);
                shmem.signalWaitUntil(hostSig, 0, Cmp.GE, round);
                device.copyToHost(back, 0, deviceData, 0, 64 * 1024);
                fill(expected, 64 * 1024, round, prev);
                assertSameBytes(expected, back, 64 * 1024, "device payload under a host signal, round " + round);

                shmem.putSignal(hostData, 0, src, 0, 64 * 1024, deviceSig, 0, 1, SignalOp.ADD, next);
                shmem.signalWaitUntil(deviceSig, 0, Cmp.GE, round);
                assertSameBytes(expected, hostData.local(), 64 * 1024, "host payload under a device signal, round " +
                    round);
                shmem.barrierAll();
            }
        }
    }

    @MultiPeTest(pes = {2, 4}, timeoutSeconds = 180, env = {DEVICE_HEAP, HOST_HEAP})
    void shouldLoseNoConcurrentAddFromAnyPe(final Ishmem shmem)
    {
        final DeviceMemory device = device(shmem);
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int adds = 2000;
        final SymmetricSegment counters = device.calloc(n + 1, ValueLayout.JAVA_LONG);
        shmem.barrierAll();
        for (int i = 0; i < adds; i++)
        {
            // every PE adds to word 0 of every PE, and to its own word (1 + its number) of every PE, at once
            for (int pe = 0; pe < n; pe++)
            {
                shmem.signalAdd(counters, 0, 1, pe);
                shmem.signalAdd(counters, 0, -1L >>> 63 << 40, pe);
                shmem.signalAdd(counters, me + 1, me + 1, pe);
            }
        }
        shmem.quiet();
        shmem.barrierAll();
        // 2^40 per add on top of 1 exercises the carries of a real 64-bit add
        assertEquals((long)n * adds + ((long)n * adds << 40), shmem.signalFetch(counters, 0), "word 0");
        for (int pe = 0; pe < n; pe++)
        {
            assertEquals((long)adds * (pe + 1), shmem.signalFetch(counters, pe + 1), "word of PE " + pe);
        }
        // unsigned: wrap around 2^64 and compare as unsigned
        shmem.barrierAll();
        if (me == 0)
        {
            shmem.signalSet(counters, 0, -2L - n, 0);
        }
        shmem.barrierAll();
        shmem.signalAdd(counters, 0, 1, 0);
        shmem.quiet();
        shmem.barrierAll();
        if (me == 0)
        {
            assertEquals(-2L, shmem.signalFetch(counters, 0));
            assertEquals(-2L, shmem.signalWaitUntil(counters, 0, Cmp.GT, Long.MAX_VALUE));
        }
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {4}, timeoutSeconds = 120, env = {DEVICE_HEAP, HOST_HEAP})
    void shouldWorkOnTeams(final Ishmem shmem)
    {
        final DeviceMemory device = device(shmem);
        final Team world = shmem.teamWorld();
        final Team even = world.splitStrided(0, 2, shmem.nPes() / 2);
        final SymmetricSegment box = device.calloc(1, ValueLayout.JAVA_LONG);
        if (even != Team.INVALID)
        {
            final int teamMe = even.myPe();
            final int teamNext = (teamMe + 1) % even.nPes();
            shmem.pLong(box, 0, 1000 + shmem.myPe(), even.translatePe(teamNext, world));
            shmem.quiet();
            even.sync();
            final int prevWorld = even.translatePe((teamMe + even.nPes() - 1) % even.nPes(), world);
            assertEquals(1000 + prevWorld, shmem.gLong(box, 0, shmem.myPe()));
            even.destroy();
        }
        shmem.barrierAll();
        if (even == Team.INVALID)
        {
            assertEquals(0, shmem.gLong(box, 0, shmem.myPe()), "odd PEs got nothing");
        }
        device.free(box);
    }

    @MultiPeTest(pes = {2}, timeoutSeconds = 120, env = {DEVICE_HEAP, HOST_HEAP})
    void shouldPutDeviceToPeerDeviceAndExposeDeviceAddresses(final Ishmem shmem)
    {
        final DeviceMemory device = device(shmem);
        final int me = shmem.myPe();
        final int other = 1 - me;
        final SymmetricSegment src = device.malloc(1 << 20);
        final SymmetricSegment dest = device.calloc(1 << 20, ValueLayout.JAVA_BYTE);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment pattern = arena.allocate(1 << 20);
            fill(pattern, 1 << 20, 5, me);
            device.copyFromHost(src, 0, pattern, 0, 1 << 20);
            shmem.put(dest, 0, src, 0, 1 << 20, other);
            shmem.barrierAll();
            final MemorySegment back = arena.allocate(1 << 20);
            device.copyToHost(back, 0, dest, 0, 1 << 20);
            fill(pattern, 1 << 20, 5, other);
            assertSameBytes(pattern, back, 1 << 20, "device-to-device put");
        }
        final MemorySegment mine = device.deviceAddress(dest);
        assertNotEquals(0, mine.address());
        assertEquals(mine.address(), device.peerDeviceAddress(dest, me).address());
        assertNotEquals(mine.address(), device.peerDeviceAddress(dest, other).address());
        assertEquals(device.deviceAddress(dest.slice(64)).address(), mine.address() + 64);
        final var handles = device.handles();
        assertEquals(requestedApi(), handles.api(), "the backend ISHMEM_DEVICE names");
        if ("cuda".equals(handles.api()))
        {
            // a CUdevice is an ordinal carried as the address, so the first GPU's is 0; CUDA has no driver handle
            assertTrue(handles.context().address() != 0 && handles.queue().address() != 0 &&
                handles.device().address() >= 0 && handles.driver().address() == 0, handles.toString());
        }
        else
        {
            assertTrue(handles.context().address() != 0 && handles.queue().address() != 0 &&
                handles.device().address() != 0);
        }
        if (!"level-zero".equals(device.api()) || !ZeTestDriver.onTestDriver())
        {
            // a real GPU's device memory cannot be read through a host load
            return;
        }
        // on the test driver device memory is host memory, so the IPC mapping itself can be checked
        shmem.pLong(dest, 0, 0x1234_5678_9abcL + me, other);
        shmem.quiet();
        shmem.barrierAll();
        final long seenThroughPeerMapping = device.peerDeviceAddress(dest, other).reinterpret(8)
            .get(ValueLayout.JAVA_LONG, 0);
        assertEquals(0x1234_5678_9abcL + me, seenThroughPeerMapping, "my put, read through the IPC mapping");
        shmem.barrierAll();
    }
}
