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

    /**
     * Against a model that knows nothing of ranges: a map of cache lines, where first fit is the lowest
     * aligned offset whose lines are all free. Thousands of random calls, with many live blocks, so the
     * arrays grow, and frees in any order, so every way of coalescing is taken.
     */
    @Test
    void shouldAgreeWithALineMapModel()
    {
        final int lines = 2048;
        final SymmetricAllocator allocator = new SymmetricAllocator(lines * 64L);
        final boolean[] taken = new boolean[lines];
        final java.util.Map<Long, Integer> lengths = new java.util.HashMap<>();
        final List<Long> live = new ArrayList<>();
        final Random random = new Random(7);
        for (int i = 0; i < 20_000; i++)
        {
            if (!live.isEmpty() && random.nextInt(10) == 0)
            {
                // a free undone (a collective free the PEs disagreed on): the model does not change at all
                final long offset = live.get(random.nextInt(live.size()));
                assertTrue(allocator.free(offset));
                assertTrue(allocator.take(offset, lengths.get(offset) * 64L - random.nextInt(64)),
                    "call " + i + ": take(" + offset + ")");
            }
            else if (!live.isEmpty() && random.nextInt(5) < 2)
            {
                final long offset = live.remove(random.nextInt(live.size()));
                assertTrue(allocator.free(offset));
                final int first = (int)(offset / 64);
                java.util.Arrays.fill(taken, first, first + lengths.remove(offset), false);
            }
            else
            {
                final int bytes = random.nextInt(3) == 0 ? random.nextInt(40_000) : random.nextInt(700);
                final long alignment = 1L << random.nextInt(13);
                final int length = Math.max(1, (bytes + 63) / 64);
                final int step = (int)Math.max(1, alignment / 64);
                long expected = -1;
                for (int at = 0; at + length <= lines && expected < 0; at += step)
                {
                    boolean fits = true;
                    for (int line = at; line < at + length && fits; line++)
                    {
                        fits = !taken[line];
                    }
                    expected = fits ? at * 64L : -1;
                }
                final long offset = allocator.allocate(bytes, alignment);
                assertEquals(expected, offset, "call " + i + ": allocate(" + bytes + ", " + alignment + ")");
                if (offset >= 0)
                {
                    java.util.Arrays.fill(taken, (int)(offset / 64), (int)(offset / 64) + length, true);
                    lengths.put(offset, length);
                    live.add(offset);
                }
            }
            long free = 0;
            for (final boolean line : taken)
            {
                free += line ? 0 : 64;
            }
            assertEquals(free, allocator.freeBytes(), "free bytes after call " + i);
            assertEquals(live.size(), allocator.liveAllocations());
        }
    }

    @Test
    void shouldTakeBackAFreedBlockSoLaterCallsGiveWhatTheyWouldHaveGiven()
    {
        final SymmetricAllocator undone = new SymmetricAllocator(64 * 1024);
        final SymmetricAllocator untouched = new SymmetricAllocator(64 * 1024);
        for (final SymmetricAllocator allocator : List.of(undone, untouched))
        {
            allocator.allocate(100, 64);
            allocator.allocate(64, 64);
            allocator.allocate(1000, 64);
        }
        // the middle block: a free range joins it on neither side, after one free on both sides
        assertTrue(undone.free(128));
        assertTrue(undone.take(128, 64));
        assertEquals(untouched.freeBytes(), undone.freeBytes());
        assertEquals(untouched.liveAllocations(), undone.liveAllocations());
        for (final long bytes : new long[] {64, 5000, 1, 300})
        {
            assertEquals(untouched.allocate(bytes, 64), undone.allocate(bytes, 64), bytes + " bytes");
        }
    }

    @Test
    void shouldRefuseToTakeARangeThatIsNotWhollyFree()
    {
        final SymmetricAllocator allocator = new SymmetricAllocator(4096);
        final long first = allocator.allocate(64, 64);
        final long second = allocator.allocate(64, 64);
        assertFalse(allocator.take(first, 64), "a live block");
        assertTrue(allocator.free(first));
        assertFalse(allocator.take(first, 128), "a block reaching into a live one");
        assertFalse(allocator.take(8192, 64), "beyond the heap");
        assertEquals(4096 - 64, allocator.freeBytes(), "refusals changed nothing");
        assertTrue(allocator.take(first, 64));
        assertEquals(0, first);
        assertEquals(64, second);
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
