package io.ishmem.core.device;

import io.ishmem.Cmp;
import io.ishmem.CollectiveMismatchException;
import io.ishmem.DeviceMemory;
import io.ishmem.Ishmem;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricHeapExhaustedException;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeTest;
import org.junit.jupiter.api.function.Executable;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static io.ishmem.core.device.ZeTestDriver.DEVICE_HEAP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Misuse of device memory, for every backend: each is rejected with a message naming the argument, and the
 * job goes on. As in {@link DeviceSuite}, each concrete subclass picks the backend with
 * {@link io.ishmem.junit.MultiPeEnv}, and the timeouts are a real GPU's.
 */
abstract class DeviceBadInputSuite
{
    static void assertMessage(final Class<? extends Throwable> type, final String part,
        final Executable call)
    {
        final Throwable thrown = assertThrows(type, call);
        assertTrue(thrown.getMessage() != null && thrown.getMessage().contains(part),
            "message '" + thrown.getMessage() + "' should contain '" + part + "'");
    }

    @MultiPeTest(pes = {2}, timeoutSeconds = 120, env = DEVICE_HEAP)
    void shouldRejectEveryMisuseOfDeviceMemory(final Ishmem shmem)
    {
        final DeviceMemory device = shmem.device().orElseThrow();
        final SymmetricSegment onDevice = device.malloc(4096);
        final SymmetricSegment onHost = shmem.malloc(4096);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment buffer = arena.allocate(8192);
            assertMessage(UnsupportedOperationException.class, "device memory", onDevice::local);
            assertTrue(onDevice.peerView(0).isEmpty(), "a device segment has no host view");
            assertMessage(IndexOutOfBoundsException.class, "dest range", () -> shmem.put(onDevice, 1, buffer, 0, 4096, 1));
            assertMessage(IndexOutOfBoundsException.class, "pe=2", () -> shmem.put(onDevice, 0, buffer, 0, 8, 2));
            assertMessage(IndexOutOfBoundsException.class, "src range", () -> shmem.get(buffer, 0, onDevice, 4000, 200, 0));
        }
        assertMessage(IllegalArgumentException.class, "8-byte aligned",
            () -> shmem.signalAdd(onDevice.slice(4), 0, 1, 0));
        assertMessage(IllegalArgumentException.class, "overlaps",
            () -> shmem.putSignal(onDevice, 0, MemorySegment.ofArray(new byte[64]), 0, 64, onDevice, 1, 1,
                SignalOp.SET, 1));
        assertMessage(IllegalArgumentException.class, "device", () -> shmem.free(onDevice));
        assertMessage(IllegalArgumentException.class, "host", () -> device.free(onHost));
        assertMessage(IllegalArgumentException.class, "dest",
            () -> device.copyFromHost(onHost, 0, MemorySegment.ofArray(new byte[8]), 0, 8));
        assertMessage(IndexOutOfBoundsException.class, "pe=5", () -> device.peerDeviceAddress(onDevice, 5));
        assertMessage(IllegalArgumentException.class, "device", () -> device.deviceAddress(onHost));
        // exhaustion names device memory and the variable to raise, alike on every PE
        assertMessage(SymmetricHeapExhaustedException.class, "ISHMEM_DEVICE_SYMMETRIC_SIZE",
            () -> device.malloc(device.heapSize()));
        // the job goes on: the heap still serves, and a freed segment is refused
        final SymmetricSegment word = device.calloc(1, ValueLayout.JAVA_LONG);
        shmem.signalAdd(word, 0, 5, 0);
        shmem.quiet();
        shmem.barrierAll();
        if (shmem.myPe() == 0)
        {
            assertEquals(10, shmem.signalFetch(word, 0));
        }
        shmem.barrierAll();
        device.free(word);
        assertMessage(IllegalStateException.class, "freed", () -> shmem.signalAdd(word, 0, 1, 0));
        device.free(onDevice);
        shmem.free(onHost);
    }

    @MultiPeTest(pes = {2}, timeoutSeconds = 120, env = DEVICE_HEAP)
    void shouldRejectEveryMisuseOfTheOnQueueForms(final Ishmem shmem)
    {
        final DeviceMemory device = shmem.device().orElseThrow();
        final SymmetricSegment data = device.malloc(4096);
        final SymmetricSegment sig = device.calloc(2, ValueLayout.JAVA_LONG);
        final SymmetricSegment onHost = shmem.calloc(2, ValueLayout.JAVA_LONG);
        // the library's own queue stands in for a user's: every call below fails its checks before any use
        final MemorySegment queue = device.handles().queue();
        assertMessage(NullPointerException.class, "queue is null", () -> device.putOnQueue(null, data, 0, data, 0, 8, 1));
        assertMessage(IndexOutOfBoundsException.class, "dest range", () -> device.putOnQueue(queue, data, 1, data, 0, 4096, 1));
        assertMessage(IndexOutOfBoundsException.class, "src range", () -> device.getOnQueue(queue, data, 0, data, 4090, 8, 1));
        assertMessage(IndexOutOfBoundsException.class, "pe=2", () -> device.putOnQueue(queue, data, 0, data, 0, 8, 2));
        assertMessage(IndexOutOfBoundsException.class, "pe=-1", () -> device.getOnQueue(queue, data, 0, data, 0, 8, -1));
        assertMessage(IllegalArgumentException.class, "bytes=-1", () -> device.putOnQueue(queue, data, 0, data, 0, -1, 1));
        assertMessage(IllegalArgumentException.class, "host memory", () -> device.putOnQueue(queue, onHost, 0, data, 0, 8, 1));
        assertMessage(IllegalArgumentException.class, "host memory", () -> device.getOnQueue(queue, data, 0, onHost, 0, 8, 1));
        assertMessage(IllegalArgumentException.class, "sig", () -> device.putSignalOnQueue(queue, data, 0, data, 0, 8,
            onHost, 0, 1, SignalOp.SET, 1));
        assertMessage(IllegalArgumentException.class, "8-byte aligned", () -> device.putSignalOnQueue(queue, data, 0,
            data, 0, 8, sig.slice(4), 0, 1, SignalOp.SET, 1));
        assertMessage(IndexOutOfBoundsException.class, "sig", () -> device.putSignalOnQueue(queue, data, 0, data, 0, 8,
            sig, 2, 1, SignalOp.SET, 1));
        assertMessage(NullPointerException.class, "op is null", () -> device.putSignalOnQueue(queue, data, 0, data, 0, 8,
            sig, 0, 1, null, 1));
        assertMessage(IllegalArgumentException.class, "overlaps", () -> device.putSignalOnQueue(queue, sig, 0, data, 0,
            16, sig, 1, 1, SignalOp.ADD, 1));
        assertMessage(NullPointerException.class, "cmp is null", () -> device.signalWaitUntilOnQueue(queue, sig, 0, null,
            1));
        assertMessage(IllegalArgumentException.class, "host memory", () -> device.signalWaitUntilOnQueue(queue, onHost, 0,
            Cmp.EQ, 1));
        assertMessage(NullPointerException.class, "queue is null", () -> device.quietOnQueue(null));
        shmem.barrierAll();
        device.free(sig);
        device.free(data);
        shmem.free(onHost);
    }

    @MultiPeTest(pes = {2, 4}, timeoutSeconds = 120, env = DEVICE_HEAP)
    void shouldDetectUnequalDeviceMallocSizesOnEveryPeAsOnTheHostHeap(final Ishmem shmem)
    {
        final DeviceMemory device = shmem.device().orElseThrow();
        final int me = shmem.myPe();
        final CollectiveMismatchException ex = assertThrows(CollectiveMismatchException.class,
            () -> device.malloc(me == 1 ? 128 : 64));
        assertTrue(ex.getMessage().contains("device().malloc") && ex.getMessage().contains("128 bytes") &&
            ex.getMessage().contains("64 bytes"), ex.getMessage());
        // nothing was allocated anywhere: the next equal request gets the first offset of the device heap
        final SymmetricSegment fine = device.malloc(64);
        assertEquals(0, fine.heapOffset());
        device.free(fine);
    }
}
