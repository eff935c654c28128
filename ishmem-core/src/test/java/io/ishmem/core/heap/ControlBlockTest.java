package io.ishmem.core.heap;

import io.ishmem.IshmemException;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ControlBlockTest
{
    @Test
    void shouldKeepEveryFlagOnItsOwnCacheLineInsideTheBlock()
    {
        final int maxTeams = 1024;
        final int nPes = 8;
        final long length = ControlBlock.length(maxTeams, nPes);
        assertEquals(0, length % 4096);
        final long last = ControlBlock.flagOffset(maxTeams, maxTeams - 1, ControlBlock.MAX_ROUNDS - 1);
        assertTrue(last + ControlBlock.CACHE_LINE <= length);
        assertEquals(ControlBlock.CACHE_LINE, ControlBlock.flagOffset(maxTeams, 0, 1) - ControlBlock.flagOffset(maxTeams, 0, 0));
        assertTrue(ControlBlock.announceOffset(maxTeams - 1, 1) + ControlBlock.ANNOUNCE_ENTRY_LENGTH <=
            ControlBlock.barrierFlagsOffset(maxTeams));
        assertEquals(ControlBlock.ANNOUNCE_ENTRY_LENGTH,
            ControlBlock.announceOffset(5, 1) - ControlBlock.announceOffset(5, 0));
        // the argument hashes ride on the flag's own line
        assertTrue(ControlBlock.FLAG_HASH_OFFSET + 16 <= ControlBlock.CACHE_LINE);
        assertTrue(ControlBlock.ANNOUNCE_OWN_OFFSET + 16 <= ControlBlock.ANNOUNCE_ENTRY_LENGTH);
        assertEquals(0, ControlBlock.barrierFlagsOffset(maxTeams) % ControlBlock.CACHE_LINE);
        assertTrue(ControlBlock.splitScratchOffset(maxTeams) >= last + ControlBlock.CACHE_LINE);
        assertTrue(ControlBlock.splitEntryOffset(maxTeams, maxTeams - 1, 1) + ControlBlock.SPLIT_ENTRY_LENGTH <= length);
        assertEquals(ControlBlock.SPLIT_ENTRY_LENGTH,
            ControlBlock.splitEntryOffset(maxTeams, 3, 1) - ControlBlock.splitEntryOffset(maxTeams, 3, 0));
        // every reduction entry of every slot, parity and member lies after the split scratch and inside the block
        assertTrue(ControlBlock.reduceEntryOffset(maxTeams, nPes, 0, 0, 0) >=
            ControlBlock.splitEntryOffset(maxTeams, maxTeams - 1, 1) + ControlBlock.SPLIT_ENTRY_LENGTH);
        assertTrue(ControlBlock.reduceEntryOffset(maxTeams, nPes, maxTeams - 1, 1, nPes - 1) +
            ControlBlock.reduceEntryLength(nPes) <= length);
        assertEquals(512, ControlBlock.reduceEntryLength(8));
        assertEquals(8, ControlBlock.reduceEntryLength(4096));
        assertEquals(80, ControlBlock.reduceEntryLength(50));
        // the verdict words share the first line of a split entry; the free-slot window has the second
        assertTrue(ControlBlock.SPLIT_CONFIG_MASK_OFFSET + 8 <= ControlBlock.SPLIT_WINDOW_OFFSET);
    }

    @Test
    void shouldAcceptItsOwnHeaderAndRefuseAnotherShape()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment block = arena.allocate(ControlBlock.length(8, 1), 64);
            ControlBlock.writeHeader(block, 2, 4, 123, 8, ControlBlock.FLAG_COUNTER_BARRIER, 77L, 1 << 20);
            assertTrue(ControlBlock.counterBarrier(block));
            assertDoesNotThrow(() -> ControlBlock.check(block, 2, 4, 8, 77L, 1 << 20));
            final IshmemException sizes = assertThrows(IshmemException.class,
                () -> ControlBlock.check(block, 2, 4, 8, 77L, 2 << 20));
            assertTrue(sizes.getMessage().contains("ISHMEM_SYMMETRIC_SIZE"), sizes.getMessage());
            block.set(ValueLayout.JAVA_INT, ControlBlock.VERSION_OFFSET, (ControlBlock.MAJOR_VERSION + 1) << 16);
            final IshmemException version = assertThrows(IshmemException.class,
                () -> ControlBlock.check(block, 2, 4, 8, 77L, 1 << 20));
            assertTrue(version.getMessage().contains("version " + (ControlBlock.MAJOR_VERSION + 1) +
                ".0 is not compatible"), version.getMessage());
        }
    }
}
