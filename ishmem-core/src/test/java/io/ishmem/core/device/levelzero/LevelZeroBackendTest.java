package io.ishmem.core.device.levelzero;

import io.ishmem.NativeCallException;
import io.ishmem.SymmetricHeapExhaustedException;
import io.ishmem.core.device.DeviceBackend;
import io.ishmem.core.device.IpcHandle;
import io.ishmem.core.device.ZeTestDriver;
import io.ishmem.core.posix.LibC;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * One backend in one process, through the real loader and its validation layer, on the test driver:
 * every operation of the device SPI, including an IPC round trip within the process.
 */
class LevelZeroBackendTest
{
    private static final long HEAP = 4L << 20;
    private DeviceBackend backend;

    @BeforeEach
    void open() throws Exception
    {
        assumeTrue(ZeTestDriver.onTestDriver(), "runs on the test driver");
        backend = new LevelZeroFactory().open(0, 1);
    }

    @AfterEach
    void close()
    {
        if (backend != null)
        {
            backend.close();
        }
    }

    @Test
    void shouldCopySetAddAndReadInIssueOrder()
    {
        assertTrue(backend.describe().contains("ishmem test device") && backend.describe().contains("API 1.4"),
            backend.describe());
        final long heap = backend.allocateHeap(HEAP);
        assertEquals(0, heap % (2 << 20), "heap aligned to 2 MiB");
        final byte[] data = new byte[3 * (8 << 20) / 2];
        for (int i = 0; i < data.length; i++)
        {
            data[i] = (byte)(i * 7 + 1);
        }
        final long big = backend.allocateHeap(data.length);
        // larger than the staging buffer: chunked, and a Java array as the source
        backend.copyFromHost(big, MemorySegment.ofArray(data), 0, data.length);
        final byte[] back = new byte[data.length];
        backend.copyToHost(MemorySegment.ofArray(back), 0, big, data.length);
        assertEquals(-1, MemorySegment.mismatch(MemorySegment.ofArray(data), 0, data.length, MemorySegment.ofArray(back),
            0, back.length));

        backend.write64(heap + 8, 40);
        for (int i = 0; i < 100; i++)
        {
            backend.add64(heap + 8, 2);
        }
        assertEquals(240, backend.read64(heap + 8));
        backend.add64(heap + 16, -1);
        backend.add64(heap + 16, 3);
        backend.quiet();
        assertEquals(2, backend.read64(heap + 16), "adds wrap modulo 2^64");
        backend.copyDeviceToDevice(heap + 64, heap + 8, 8);
        backend.fence();
        assertEquals(240, backend.read64(heap + 64));
        // many SETs: the value slots recycle through quiet
        for (int i = 0; i < 5000; i++)
        {
            backend.write64(heap + 24, i);
        }
        assertEquals(4999, backend.read64(heap + 24));
    }

    /** A communication context's queue: the same heap, its own lists and events, freed without the backend. */
    @Test
    void shouldRunASecondQueueOnTheSameHeapAndFreeItAlone()
    {
        final long heap = backend.allocateHeap(HEAP);
        final DeviceBackend queue = backend.openQueue();
        try
        {
            queue.write64(heap + 8, 5);
            queue.add64(heap + 8, 2);
            assertEquals(7, queue.read64(heap + 8));
            queue.copyFromHost(heap + 64, MemorySegment.ofArray(new long[] {9}), 0, Long.BYTES);
            queue.copyDeviceToDevice(heap + 72, heap + 64, Long.BYTES);
            queue.fence();
            queue.quiet();
            // the backend's own queue sees what the other one completed
            assertEquals(7, backend.read64(heap + 8));
            assertEquals(9, backend.read64(heap + 72));
        }
        finally
        {
            queue.close();
        }
        // closing the queue leaves the backend, its heap and its kernel working
        backend.add64(heap + 8, 1);
        assertEquals(8, backend.read64(heap + 8));
    }

    @Test
    void shouldOpenItsOwnExportedHeapThroughAnImportedDescriptor()
    {
        final long heap = backend.allocateHeap(HEAP);
        backend.write64(heap, 0x5eed);
        final IpcHandle handle = backend.exportHeap(heap, HEAP);
        assertEquals(0, handle.fdOffset());
        // what pidfd_getfd gives a peer: another descriptor for the same file
        final int self = LibC.pidfdOpen(LibC.getpid());
        try
        {
            final int imported = LibC.pidfdGetfd(self, LibC.getpid(), handle.fd());
            final long mapped = backend.openPeer(handle.withFd(imported), HEAP);
            assertTrue(mapped != heap, "a second mapping");
            assertEquals(0x5eed, backend.read64(mapped));
            backend.add64(mapped, 1);
            assertEquals(0x5eee, backend.read64(heap));
            backend.closePeer(mapped, HEAP);
        }
        finally
        {
            LibC.closeQuietly(self);
        }
        backend.closeExport(handle);
    }

    @Test
    void shouldNameDeviceMemoryWhenExhaustedAndTheCallAndCodeOnMisuse()
    {
        final SymmetricHeapExhaustedException exhausted = assertThrows(SymmetricHeapExhaustedException.class,
            () -> backend.allocateHeap(1L << 50));
        assertTrue(exhausted.getMessage().contains("device memory") &&
            exhausted.getMessage().contains("ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY"), exhausted.getMessage());
        final long heap = backend.allocateHeap(HEAP);
        final NativeCallException outOfRange = assertThrows(NativeCallException.class,
            () -> backend.copyDeviceToDevice(heap + HEAP - 8, heap, 64));
        assertTrue(outOfRange.getMessage().startsWith("zeCommandListAppendMemoryCopy failed: ZE_RESULT_ERROR_"),
            outOfRange.getMessage());
    }
}
