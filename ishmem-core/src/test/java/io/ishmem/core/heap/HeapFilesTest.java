package io.ishmem.core.heap;

import io.ishmem.core.posix.LibC;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A heap's range outlives its arena as anonymous memory, so an access by address after close cannot fault. */
class HeapFilesTest
{
    private static final long LENGTH = 4L << 20;
    private static final long HEAD = 64L << 10;

    @Test
    void shouldPutAnonymousMemoryInPlaceOfAHeapWhenItsArenaCloses()
    {
        final int fd = HeapFiles.createMemfd("ishmem-heapfiles-test", LENGTH);
        final long address;
        try
        {
            final Arena arena = Arena.ofShared();
            final MemorySegment mapping = HeapFiles.map(fd, LENGTH, HEAD, arena);
            address = mapping.address();
            assertEquals(0, (address + HEAD) % HeapFiles.HEAP_ALIGNMENT, "the heap starts on the alignment boundary");
            mapping.set(ValueLayout.JAVA_LONG, HEAD, 42L);
            assertTrue(mappingAt(address).orElseThrow().contains("memfd:ishmem-heapfiles-test"),
                () -> "mapped from the file: " + mappingAt(address));
            arena.close();
            assertThrows(IllegalStateException.class, () -> mapping.get(ValueLayout.JAVA_LONG, HEAD),
                "the segment itself is closed");
        }
        finally
        {
            LibC.closeQuietly(fd);
        }
        // checked before the access below, so that a range left unmapped fails here instead of crashing the JVM
        final String line = mappingAt(address).orElse("no mapping");
        assertFalse(line.contains("memfd:"), "the file's pages are given back: " + line);
        assertTrue(line.contains(" rw-p "), "private, writable memory in its place: " + line);
        assertEquals(0L, AddressSpace.ALL.get(ValueLayout.JAVA_LONG, address + HEAD), "anonymous memory reads zero");
        AddressSpace.ALL.set(ValueLayout.JAVA_LONG, address + LENGTH - 8, 7L);
        assertEquals(7L, AddressSpace.ALL.get(ValueLayout.JAVA_LONG, address + LENGTH - 8));
    }

    /** @return the line of /proc/self/maps whose range holds {@code address}. */
    private static Optional<String> mappingAt(final long address)
    {
        try
        {
            for (final String line : Files.readAllLines(Path.of("/proc/self/maps")))
            {
                final String[] range = line.substring(0, line.indexOf(' ')).split("-");
                if (Long.parseUnsignedLong(range[0], 16) <= address && address < Long.parseUnsignedLong(range[1], 16))
                {
                    return Optional.of(line);
                }
            }
            return Optional.empty();
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
