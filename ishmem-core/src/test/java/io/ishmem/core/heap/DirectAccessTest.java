package io.ishmem.core.heap;

import io.ishmem.SignalOp;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DirectAccessTest
{
    @Test
    void shouldTakeTheAddressOfAnAlignedMappingAndZeroForNone()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment heap = arena.allocate(4096, 4096);
            assertEquals(heap.address(), DirectAccess.base(heap));
            assertEquals(0L, DirectAccess.base(null));
        }
    }

    @Test
    void shouldRefuseAMappingItsMasksWouldMove()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment misaligned = arena.allocate(64, 8).asSlice(4);
            final IllegalStateException ex =
                assertThrows(IllegalStateException.class, () -> DirectAccess.base(misaligned));
            assertTrue(ex.getMessage().contains(String.format("0x%x", misaligned.address())), ex.getMessage());
        }
        final MemorySegment aboveUserSpace = MemorySegment.ofAddress(1L << 56);
        final IllegalStateException ex =
            assertThrows(IllegalStateException.class, () -> DirectAccess.base(aboveUserSpace));
        assertTrue(ex.getMessage().contains("56-bit"), ex.getMessage());
    }

    @Test
    void shouldAccessExactlyTheAddressGiven()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment heap = arena.allocate(256, 4096);
            final long base = DirectAccess.base(heap);
            final MemorySegment src = arena.allocate(64, 8);
            for (int i = 0; i < 64; i++)
            {
                src.set(ValueLayout.JAVA_BYTE, i, (byte)(i + 1));
            }

            DirectAccess.put(src, 0, base + 13, 8);
            assertEquals(src.get(ValueLayout.JAVA_LONG_UNALIGNED, 0), heap.get(ValueLayout.JAVA_LONG_UNALIGNED, 13));
            assertEquals(0, heap.get(ValueLayout.JAVA_BYTE, 12), "byte before the put written");
            assertEquals(0, heap.get(ValueLayout.JAVA_BYTE, 21), "byte after the put written");

            final MemorySegment back = arena.allocate(64, 8);
            DirectAccess.get(base + 13, back, 3, 8);
            assertEquals(src.get(ValueLayout.JAVA_LONG_UNALIGNED, 0), back.get(ValueLayout.JAVA_LONG_UNALIGNED, 3));

            DirectAccess.copy(base + 13, base + 101, 8);
            assertEquals(heap.get(ValueLayout.JAVA_LONG_UNALIGNED, 13), heap.get(ValueLayout.JAVA_LONG_UNALIGNED, 101));

            DirectAccess.p(base + 40, 0x0102030405060708L, Long.BYTES);
            assertEquals(0x0102030405060708L, DirectAccess.g(base + 40, Long.BYTES));
            assertEquals(0x0102030405060708L, DirectAccess.loadAcquire(base + 40, Long.BYTES));

            DirectAccess.update(base + 48, 5, SignalOp.SET);
            DirectAccess.update(base + 48, 3, SignalOp.ADD);
            assertEquals(8, heap.get(ValueLayout.JAVA_LONG, 48));
            assertEquals(0, heap.get(ValueLayout.JAVA_LONG, 56), "word after the signal written");
        }
    }
}
