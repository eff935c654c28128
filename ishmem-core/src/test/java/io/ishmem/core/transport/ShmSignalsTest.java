package io.ishmem.core.transport;

import io.ishmem.SignalOp;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ShmSignalsTest
{
    @Test
    void shouldCopyThePayloadThenSetOrAddTheSignal()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment heap = arena.allocate(256, 64);
            final MemorySegment src = MemorySegment.ofArray(new byte[] {1, 2, 3, 4, 5});
            ShmSignals.putSignal(src, 1, heap, 16, 4, 128, 42, SignalOp.SET);
            assertEquals(42, ShmSignals.fetch(heap, 128));
            assertEquals(2, heap.get(ValueLayout.JAVA_BYTE, 16));
            assertEquals(5, heap.get(ValueLayout.JAVA_BYTE, 19));
            assertEquals(0, heap.get(ValueLayout.JAVA_BYTE, 20));
            ShmSignals.putSignal(src, 0, heap, 32, 0, 128, 8, SignalOp.ADD);
            assertEquals(50, ShmSignals.fetch(heap, 128));
        }
    }

    @Test
    void shouldAddModulo2To64()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment heap = arena.allocate(64, 64);
            ShmSignals.set(heap, 8, -1L);
            ShmSignals.add(heap, 8, 3);
            assertEquals(2, ShmSignals.fetch(heap, 8));
            ShmSignals.update(heap, 16, 1L << 63, SignalOp.ADD);
            ShmSignals.update(heap, 16, 1L << 63, SignalOp.ADD);
            assertEquals(0, ShmSignals.fetch(heap, 16));
        }
    }

    @Test
    void shouldLoseNoAddFromConcurrentThreads() throws InterruptedException
    {
        try (Arena arena = Arena.ofShared())
        {
            final MemorySegment heap = arena.allocate(64, 64);
            final List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 4; t++)
            {
                threads.add(Thread.ofPlatform().start(() ->
                {
                    for (int i = 0; i < 100_000; i++)
                    {
                        ShmSignals.add(heap, 0, 3);
                    }
                }));
            }
            for (final Thread thread : threads)
            {
                thread.join();
            }
            assertEquals(1_200_000, ShmSignals.fetch(heap, 0));
        }
    }
}
