package io.ishmem.core.posix;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProcessWatchTest
{
    private static boolean stopped(final String stat)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final byte[] bytes = stat.getBytes(StandardCharsets.US_ASCII);
            final MemorySegment prefix = arena.allocate(64);
            final int length = Math.min(bytes.length, 64);
            MemorySegment.copy(MemorySegment.ofArray(bytes), 0, prefix, 0, length);
            return ProcessWatch.isStopped(prefix, length);
        }
    }

    @Test
    void shouldReadTheStateLetterAfterTheLastParenthesis()
    {
        assertTrue(stopped("1234 (java) T 1 1234 1234 0 -1 4194560 10 0 0 0"));
        assertTrue(stopped("1234 (java) t 1 1234 1234 0 -1 4194560 10 0 0 0"));
        assertFalse(stopped("1234 (java) S 1 1234 1234 0 -1 4194560 10 0 0 0"));
        assertFalse(stopped("1234 (java) R 1 1234 1234 0 -1 4194560 10 0 0 0"));
        // a command name may hold spaces and parentheses of its own
        assertTrue(stopped("77 (a) b) T (c)) T 1 77 77 0"));
        assertFalse(stopped("77 (x) T (y)) S 1 77 77 0"));
    }

    @Test
    void shouldNotCallATruncatedOrEmptyLineStopped()
    {
        assertFalse(stopped(""));
        assertFalse(stopped("1234 (java)"));
        assertFalse(stopped("1234 (java "));
    }

    @Test
    void shouldSeeItsOwnProcessRunningAndNothingExited()
    {
        final int me = LibC.getpid();
        try (ProcessWatch watch = new ProcessWatch(new int[] {-1}, new int[] {me}))
        {
            assertEquals(1, watch.count());
            assertEquals(ProcessWatch.NONE, watch.exited());
            assertFalse(watch.stopped(0));
        }
    }

    @Test
    void shouldRefuseArraysOfDifferentLengths()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> new ProcessWatch(new int[2], new int[3]));
        assertEquals("pidfds.length=2 != pids.length=3", ex.getMessage());
    }
}
