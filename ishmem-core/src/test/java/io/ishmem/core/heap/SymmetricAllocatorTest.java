package io.ishmem.core.heap;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SymmetricAllocatorTest
{
    @Test
    void shouldAllocateCacheLineMultiplesFromZero()
    {
        final SymmetricAllocator allocator = new SymmetricAllocator(4096);
        assertEquals(0, allocator.allocate(1, 1));
        assertEquals(64, allocator.allocate(64, 1));
        assertEquals(128, allocator.allocate(65, 8));
        assertEquals(256, allocator.allocate(0, 1));
        assertEquals(4096 - 320, allocator.freeBytes());
    }

    @Test
    void shouldHonourAlignmentAndKeepTheGapFree()
    {
        final SymmetricAllocator allocator = new SymmetricAllocator(1 << 20);
        assertEquals(0, allocator.allocate(64, 64));
        assertEquals(4096, allocator.allocate(100, 4096));
        assertEquals(64, allocator.allocate(64, 64));
    }

    @Test
    void shouldReturnMinusOneWhenExhausted()
    {
        final SymmetricAllocator allocator = new SymmetricAllocator(1024);
        assertEquals(-1, allocator.allocate(2048, 64));
        assertEquals(0, allocator.allocate(1024, 64));
        assertEquals(-1, allocator.allocate(1, 64));
        assertEquals(0, allocator.largestFree());
    }

    @Test
    void shouldCoalesceFreedNeighbours()
    {
        final SymmetricAllocator allocator = new SymmetricAllocator(64 * 3);
        final long a = allocator.allocate(64, 64);
        final long b = allocator.allocate(64, 64);
        final long c = allocator.allocate(64, 64);
        assertTrue(allocator.free(a));
        assertTrue(allocator.free(c));
        assertTrue(allocator.free(b));
        assertEquals(64 * 3, allocator.largestFree());
        assertEquals(0, allocator.allocate(64 * 3, 64));
    }

    @Test
    void shouldRefuseDoubleAndForeignFree()
    {
        final SymmetricAllocator allocator = new SymmetricAllocator(4096);
        final long a = allocator.allocate(64, 64);
        assertTrue(allocator.free(a));
        assertFalse(allocator.free(a));
        assertFalse(allocator.free(128));
        assertEquals(4096, allocator.freeBytes());
    }

    @Test
    void shouldGiveTheSameOffsetsForTheSameCallSequence()
    {
        final List<Long> first = replay(new SymmetricAllocator(1 << 20), 42);
        final List<Long> second = replay(new SymmetricAllocator(1 << 20), 42);
        assertEquals(first, second);
    }

    private static List<Long> replay(final SymmetricAllocator allocator, final long seed)
    {
        final Random random = new Random(seed);
        final List<Long> live = new ArrayList<>();
        final List<Long> trace = new ArrayList<>();
        for (int i = 0; i < 2000; i++)
        {
            if (!live.isEmpty() && random.nextInt(3) == 0)
            {
                assertTrue(allocator.free(live.remove(random.nextInt(live.size()))));
            }
            else
            {
                final long offset = allocator.allocate(random.nextInt(5000), 1L << random.nextInt(10));
                trace.add(offset);
                if (offset >= 0)
                {
                    live.add(offset);
                }
            }
        }
        return trace;
    }
}
