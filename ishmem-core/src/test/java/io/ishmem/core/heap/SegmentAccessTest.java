package io.ishmem.core.heap;

import io.ishmem.SignalOp;
import io.ishmem.core.transport.Transport;
import io.ishmem.core.transport.shm.ShmTransport;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SegmentAccessTest
{
    /** Two PEs' heaps in one process, seen by PE 0, as after bootstrap. */
    private static MemorySegment[] heaps(final Arena arena)
    {
        return new MemorySegment[] {arena.allocate(4096, 4096), arena.allocate(4096, 4096)};
    }

    @Test
    void shouldAccessAHeapMappedHereAtThePesAddress()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment[] heaps = heaps(arena);
            final SymmetricHeap heap = new SymmetricHeap(0, heaps, new ShmTransport(0, heaps));
            final HeapSegment segment = heap.allocate("test", 256, 8);
            final long at = segment.heapOffset();

            SegmentAccess.p(segment, 1, at + 8, 0x1122334455667788L, Long.BYTES);
            assertEquals(0x1122334455667788L, heaps[1].get(ValueLayout.JAVA_LONG, at + 8));
            assertEquals(0, heaps[0].get(ValueLayout.JAVA_LONG, at + 8), "PE 0's heap written");
            SegmentAccess.p(segment, 1, at + 17, 0xABCD, Short.BYTES);
            assertEquals((short)0xABCD, heaps[1].get(ValueLayout.JAVA_SHORT_UNALIGNED, at + 17));
            assertEquals(0xABCD, SegmentAccess.g(segment, 1, at + 17, Short.BYTES));
            assertEquals(0x1122334455667788L, SegmentAccess.g(segment, 1, at + 8, Long.BYTES));

            heaps[0].set(ValueLayout.JAVA_LONG, at + 32, -2L);
            assertEquals(-2L, SegmentAccess.loadAcquire(segment, at + 32, Long.BYTES));
            assertEquals(0xFFFFFFFEL, SegmentAccess.loadAcquire(segment, at + 32, Integer.BYTES), "zero-extended");

            final MemorySegment src = MemorySegment.ofArray(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
            SegmentAccess.put(segment, 1, at + 64, src, 1, 8);
            final MemorySegment back = MemorySegment.ofArray(new byte[8]);
            SegmentAccess.get(back, 0, segment, 1, at + 64, 8);
            assertArrayEquals(new byte[] {2, 3, 4, 5, 6, 7, 8, 9}, back.toArray(ValueLayout.JAVA_BYTE));

            SegmentAccess.signalSet(segment, 1, at + 128, 40);
            SegmentAccess.signalAdd(segment, 1, at + 128, 2);
            assertEquals(42, heaps[1].get(ValueLayout.JAVA_LONG, at + 128));
            assertEquals(0, heaps[0].get(ValueLayout.JAVA_LONG, at + 128), "PE 0's signal written");
            SegmentAccess.signalUpdate(segment, 1, at + 136, 5, SignalOp.SET);
            SegmentAccess.signalUpdate(segment, 1, at + 136, 4, SignalOp.ADD);
            assertEquals(9, heaps[1].get(ValueLayout.JAVA_LONG, at + 136));
            assertEquals(0, heaps[0].get(ValueLayout.JAVA_LONG, at + 136), "PE 0's signal written");
            assertTrue(SegmentAccess.mappedHere(segment));
        }
    }

    @Test
    void shouldLeaveAHeapNotMappedHereToItsTransport()
    {
        final List<String> calls = new ArrayList<>();
        final Transport recording = (Transport)Proxy.newProxyInstance(Transport.class.getClassLoader(),
            new Class<?>[] {Transport.class}, (proxy, method, args) ->
            {
                calls.add(method.getName());
                final Class<?> type = method.getReturnType();
                return type == long.class ? 7L : type == boolean.class ? Boolean.FALSE : null;
            });
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment[] heaps = heaps(arena);
            final SymmetricHeap heap = new SymmetricHeap(0, heaps, recording);
            final HeapSegment segment = heap.allocate("test", 256, 8);
            calls.clear();
            final long at = segment.heapOffset();
            final MemorySegment buffer = MemorySegment.ofArray(new byte[8]);
            SegmentAccess.put(segment, 1, at, buffer, 0, 8);
            SegmentAccess.get(buffer, 0, segment, 1, at, 8);
            SegmentAccess.p(segment, 1, at, 1, Long.BYTES);
            assertEquals(7L, SegmentAccess.g(segment, 1, at, Long.BYTES));
            assertEquals(7L, SegmentAccess.loadAcquire(segment, at, Long.BYTES));
            SegmentAccess.signalSet(segment, 1, at, 1);
            SegmentAccess.signalAdd(segment, 1, at, 1);
            SegmentAccess.signalUpdate(segment, 1, at, 1, SignalOp.ADD);
            assertEquals(List.of("put", "get", "p", "g", "loadAcquire", "signalSet", "signalAdd", "signalUpdate"),
                calls);
            assertFalse(SegmentAccess.mappedHere(segment));
            assertEquals(0, heaps[1].get(ValueLayout.JAVA_LONG, at), "a heap not mapped here was written directly");
        }
    }
}
