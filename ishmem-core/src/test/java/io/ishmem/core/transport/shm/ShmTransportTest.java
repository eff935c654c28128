package io.ishmem.core.transport.shm;

import io.ishmem.SignalOp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ShmTransportTest
{
    /** Two PEs' heaps in one process; each PE's transport sees both, as after bootstrap. */
    private static MemorySegment[] heaps(final Arena arena, final long size)
    {
        return new MemorySegment[] {arena.allocate(size, 64), arena.allocate(size, 64)};
    }

    @Test
    void shouldCopyThePayloadThenSetOrAddTheSignal()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment[] heaps = heaps(arena, 256);
            final ShmTransport pe0 = new ShmTransport(0, heaps);
            final ShmTransport pe1 = new ShmTransport(1, heaps);
            final MemorySegment src = MemorySegment.ofArray(new byte[] {1, 2, 3, 4, 5});
            pe0.putSignal(1, 16, src, 1, 4, 128, 42, SignalOp.SET);
            assertEquals(42, pe1.loadAcquire(128, 8));
            assertEquals(2, heaps[1].get(ValueLayout.JAVA_BYTE, 16));
            assertEquals(5, heaps[1].get(ValueLayout.JAVA_BYTE, 19));
            assertEquals(0, heaps[1].get(ValueLayout.JAVA_BYTE, 20));
            assertEquals(0, heaps[0].get(ValueLayout.JAVA_BYTE, 16));
            pe0.putSignal(1, 32, src, 0, 0, 128, 8, SignalOp.ADD);
            assertEquals(50, pe1.loadAcquire(128, 8));
        }
    }

    @Test
    void shouldPutWithSignalFromThisPesHeap()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment[] heaps = heaps(arena, 256);
            final ShmTransport pe0 = new ShmTransport(0, heaps);
            heaps[0].set(ValueLayout.JAVA_LONG, 64, 0x1122334455667788L);
            pe0.putSignalFromHeap(1, 8, 64, 8, 128, 7, SignalOp.SET);
            assertEquals(0x1122334455667788L, heaps[1].get(ValueLayout.JAVA_LONG, 8));
            assertEquals(7, new ShmTransport(1, heaps).loadAcquire(128, 8));
        }
    }

    @Test
    void shouldSpinUntilTheWordChangesOrTheBudgetIsSpent()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment[] heaps = heaps(arena, 256);
            final ShmTransport pe0 = new ShmTransport(0, heaps);
            heaps[0].set(ValueLayout.JAVA_LONG, 64, 11);
            assertEquals(11, pe0.spinWhileUnchanged(64, 8, 11, 100));
            assertEquals(11, pe0.spinWhileUnchanged(64, 8, 10, 1));
            // an int word comes back zero-extended, as loadAcquire returns it
            heaps[0].set(ValueLayout.JAVA_INT, 128, -1);
            assertEquals(0xFFFF_FFFFL, pe0.spinWhileUnchanged(128, 4, 0, 5));
            assertEquals(0xFFFF_FFFFL, pe0.spinWhileUnchanged(128, 4, 0xFFFF_FFFFL, 5));
        }
    }

    @Test
    void shouldAddModulo2To64()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment[] heaps = heaps(arena, 64);
            final ShmTransport pe1 = new ShmTransport(1, heaps);
            pe1.signalSet(1, 8, -1L);
            pe1.signalAdd(1, 8, 3);
            assertEquals(2, pe1.loadAcquire(8, 8));
            pe1.signalAdd(1, 16, 1L << 63);
            pe1.signalAdd(1, 16, 1L << 63);
            assertEquals(0, pe1.loadAcquire(16, 8));
        }
    }

    @Test
    void shouldLoseNoAddFromConcurrentThreads() throws InterruptedException
    {
        try (Arena arena = Arena.ofShared())
        {
            final MemorySegment[] heaps = heaps(arena, 64);
            final ShmTransport transport = new ShmTransport(0, heaps);
            final List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 4; t++)
            {
                threads.add(Thread.ofPlatform().start(() ->
                {
                    for (int i = 0; i < 100_000; i++)
                    {
                        transport.signalAdd(0, 0, 3);
                    }
                }));
            }
            for (final Thread thread : threads)
            {
                thread.join();
            }
            assertEquals(1_200_000, transport.loadAcquire(0, 8));
        }
    }

    @ParameterizedTest
    @CsvSource({"1, 8", "1, 9", "2, 8", "2, 9", "4, 8", "4, 10", "8, 8", "8, 12"})
    void shouldStoreAndLoadTheLowBytesOfEachSizeAlignedOrNot(final int size, final long at)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment[] heaps = heaps(arena, 64);
            final ShmTransport pe0 = new ShmTransport(0, heaps);
            final long bits = 0xF1E2D3C4B5A69788L;
            final long low = size == 8 ? bits : bits & ((1L << (8 * size)) - 1);
            pe0.p(1, at, bits, size);
            assertEquals(low, pe0.g(1, at, size), "zero-extended low " + size + " bytes");
            assertEquals(0, heaps[1].get(ValueLayout.JAVA_BYTE, at - 1));
            assertEquals(0, heaps[1].get(ValueLayout.JAVA_BYTE, at + size));
            assertEquals(0, pe0.g(0, at, size), "this PE's copy untouched");
        }
    }

    @Test
    void shouldLoadAcquireAnIntZeroExtended()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment[] heaps = heaps(arena, 64);
            heaps[0].set(ValueLayout.JAVA_INT, 4, -2);
            assertEquals(0xFFFF_FFFEL, new ShmTransport(0, heaps).loadAcquire(4, 4));
        }
    }

    @Test
    void shouldCopyBetweenThisPesHeapAndAPeers()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment[] heaps = heaps(arena, 64);
            final ShmTransport pe0 = new ShmTransport(0, heaps);
            heaps[0].set(ValueLayout.JAVA_LONG, 0, 11);
            pe0.putFromHeap(1, 16, 0, 8);
            assertEquals(11, heaps[1].get(ValueLayout.JAVA_LONG, 16));
            heaps[1].set(ValueLayout.JAVA_LONG, 24, 22);
            pe0.getIntoHeap(32, 1, 24, 8);
            assertEquals(22, heaps[0].get(ValueLayout.JAVA_LONG, 32));
            final MemorySegment local = MemorySegment.ofArray(new long[] {33});
            pe0.put(1, 40, local, 0, 8);
            final MemorySegment back = MemorySegment.ofArray(new long[1]);
            pe0.get(back, 0, 1, 40, 8);
            assertEquals(33, back.getAtIndex(ValueLayout.JAVA_LONG, 0));
        }
    }
}
