package io.ishmem.core;

import io.ishmem.Cmp;
import io.ishmem.Ishmem;
import io.ishmem.ReduceOp;
import io.ishmem.ReduceType;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeTest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The host heap served by UCX ({@code ISHMEM_TRANSPORT=ucx}) within one host: puts and gets of several sizes,
 * p and g, put-with-signal ordering, signal adds, atomics, quiet and fence, and a reduction and barrier on
 * the world team, every value checked.
 */
class UcxTransportMultiPeTest
{
    private static final String UCX = "ISHMEM_TRANSPORT=ucx";
    private static final int[] SIZES = {1, 8, 100, 4096, 65_536, 1 << 20};

    private static void assertUcxLoaded()
    {
        try
        {
            // the transport really is UCX: libucp is mapped into this PE
            assertTrue(Files.readString(Path.of("/proc/self/maps")).contains("libucp.so"), "libucp.so is loaded");
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    private static byte pattern(final int pe, final int size, final long i)
    {
        return (byte)(pe * 31 + size * 7 + i * 13);
    }

    @MultiPeTest(pes = {2, 4}, env = UCX, timeoutSeconds = 120)
    void shouldPutAndGetSeveralSizes(final Ishmem shmem)
    {
        assertUcxLoaded();
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final int prev = (me + n - 1) % n;
        final SymmetricSegment dest = shmem.malloc(1 << 20);
        final SymmetricSegment source = shmem.malloc(1 << 20);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment src = arena.allocate(1 << 20);
            final MemorySegment got = arena.allocate(1 << 20);
            for (final int size : SIZES)
            {
                for (long i = 0; i < size; i++)
                {
                    src.set(ValueLayout.JAVA_BYTE, i, pattern(me, size, i));
                    source.local().set(ValueLayout.JAVA_BYTE, i, pattern(me, size, i + 1));
                }
                shmem.put(dest, 0, src, 0, size, next);
                shmem.barrierAll();
                for (long i = 0; i < size; i++)
                {
                    assertEquals(pattern(prev, size, i), dest.local().get(ValueLayout.JAVA_BYTE, i), "put byte " + i);
                }
                shmem.get(got, 0, dest, 0, size, next);
                for (long i = 0; i < size; i++)
                {
                    assertEquals(pattern(me, size, i), got.get(ValueLayout.JAVA_BYTE, i), "got byte " + i);
                }
                shmem.barrierAll();
                // symmetric source and destination: putFromHeap and getIntoHeap
                shmem.put(dest, 0, source, 0, size, next);
                shmem.barrierAll();
                for (long i = 0; i < size; i++)
                {
                    assertEquals(pattern(prev, size, i + 1), dest.local().get(ValueLayout.JAVA_BYTE, i),
                        "heap put byte " + i);
                }
                shmem.barrierAll();
                shmem.get(dest, 0, source, 0, size, next);
                for (long i = 0; i < size; i++)
                {
                    assertEquals(pattern(next, size, i + 1), dest.local().get(ValueLayout.JAVA_BYTE, i),
                        "heap get byte " + i);
                }
                shmem.barrierAll();
            }
            // a Java array as the source and destination goes through a native copy
            final byte[] array = new byte[333];
            for (int i = 0; i < array.length; i++)
            {
                array[i] = pattern(me, 333, i);
            }
            shmem.put(dest, 0, MemorySegment.ofArray(array), 0, array.length, next);
            shmem.barrierAll();
            final byte[] back = new byte[333];
            shmem.get(MemorySegment.ofArray(back), 0, dest, 0, back.length, me);
            for (int i = 0; i < back.length; i++)
            {
                assertEquals(pattern(prev, 333, i), back[i], "array byte " + i);
            }
        }
        shmem.barrierAll();
        shmem.free(source);
        shmem.free(dest);
    }

    @MultiPeTest(pes = {2, 4}, env = UCX)
    void shouldPAndG(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final SymmetricSegment longs = shmem.calloc(n, ValueLayout.JAVA_LONG);
        final SymmetricSegment ints = shmem.calloc(n, ValueLayout.JAVA_INT);
        for (int pe = 0; pe < n; pe++)
        {
            shmem.pLong(longs, me, 0x1_0000_0000L * (me + 1) + pe, pe);
            shmem.pInt(ints, me, -(me + 1) * 1000 - pe, pe);
        }
        shmem.barrierAll();
        for (int pe = 0; pe < n; pe++)
        {
            assertEquals(0x1_0000_0000L * (pe + 1) + me, longs.local().getAtIndex(ValueLayout.JAVA_LONG, pe));
            assertEquals(-(pe + 1) * 1000 - me, ints.local().getAtIndex(ValueLayout.JAVA_INT, pe));
            assertEquals(0x1_0000_0000L * (me + 1) + pe, shmem.gLong(longs, me, pe), "g of PE " + pe);
            assertEquals(-(me + 1) * 1000 - pe, shmem.gInt(ints, me, pe), "g int of PE " + pe);
        }
        shmem.barrierAll();
        shmem.free(ints);
        shmem.free(longs);
    }

    @MultiPeTest(pes = {2, 4}, env = UCX, timeoutSeconds = 120)
    void shouldShowTheSignalOnlyAfterThePayload(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final int prev = (me + n - 1) % n;
        final int longs = 8192;
        final SymmetricSegment dest = shmem.malloc(longs * 8L);
        // word 0: the data signal; word 1: the receiver's acknowledgement, so a sender never overwrites unread data
        final SymmetricSegment sig = shmem.calloc(2, ValueLayout.JAVA_LONG);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment src = arena.allocate(longs * 8L, 8);
            for (long round = 1; round <= 300; round++)
            {
                for (int i = 0; i < longs; i++)
                {
                    src.setAtIndex(ValueLayout.JAVA_LONG, i, round * 1_000_000 + me * 10_000 + i);
                }
                final boolean set = (round & 1) == 0;
                shmem.putSignal(dest, 0, src, 0, longs * 8L, sig, 0, set ? round : 1,
                    set ? SignalOp.SET : SignalOp.ADD, next);
                assertEquals(round, shmem.signalWaitUntil(sig, 0, Cmp.GE, round), "signal of round " + round);
                for (int i = 0; i < longs; i++)
                {
                    assertEquals(round * 1_000_000 + prev * 10_000 + i, dest.local().getAtIndex(ValueLayout.JAVA_LONG, i),
                        "long " + i + " of round " + round);
                }
                shmem.signalSet(sig, 1, round, prev);
                shmem.signalWaitUntil(sig, 1, Cmp.GE, round);
            }
        }
        shmem.barrierAll();
        shmem.free(sig);
        shmem.free(dest);
    }

    @MultiPeTest(pes = {2, 4}, env = UCX, timeoutSeconds = 120)
    void shouldAddSignalsFromEveryPe(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int rounds = 200;
        final SymmetricSegment sig = shmem.calloc(1, ValueLayout.JAVA_LONG);
        for (int r = 0; r < rounds; r++)
        {
            for (int pe = 0; pe < n; pe++)
            {
                shmem.signalAdd(sig, 0, me + 1, pe);
            }
        }
        final long expected = (long)rounds * n * (n + 1) / 2;
        assertEquals(expected, shmem.signalWaitUntil(sig, 0, Cmp.EQ, expected));
        shmem.barrierAll();
        shmem.free(sig);
    }

    @MultiPeTest(pes = {2, 4}, env = UCX, timeoutSeconds = 120)
    void shouldCountExactlyWithAtomics(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int adds = 500;
        final SymmetricSegment counter = shmem.calloc(2, ValueLayout.JAVA_LONG);
        final SymmetricSegment ints = shmem.calloc(2, ValueLayout.JAVA_INT);
        final SymmetricSegment seen = shmem.calloc((long)n * adds, ValueLayout.JAVA_BYTE);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment tickets = arena.allocate(n * adds);
            // every PE takes tickets from PE 0's counter: each ticket is handed out once
            for (int i = 0; i < adds; i++)
            {
                final long ticket = shmem.atomicFetchAddLong(counter, 0, 1, 0);
                assertTrue(ticket >= 0 && ticket < (long)n * adds, "ticket " + ticket);
                shmem.pByte(seen, ticket, (byte)1, 0);
                shmem.atomicFetchAddInt(ints, 0, -1, n - 1);
            }
            shmem.barrierAll();
            if (me == 0)
            {
                assertEquals((long)n * adds, counter.local().getAtIndex(ValueLayout.JAVA_LONG, 0));
                MemorySegment.copy(seen.local(), 0, tickets, 0, (long)n * adds);
                for (int t = 0; t < n * adds; t++)
                {
                    assertEquals(1, tickets.get(ValueLayout.JAVA_BYTE, t), "ticket " + t + " handed out once");
                }
            }
            if (me == n - 1)
            {
                assertEquals(-n * adds, ints.local().getAtIndex(ValueLayout.JAVA_INT, 0));
            }
        }
        // compare-and-swap: exactly one PE wins each word; a 32-bit one too
        shmem.barrierAll();
        final long won = shmem.atomicCompareSwapLong(counter, 1, 0, me + 1, 0);
        final int wonInt = shmem.atomicCompareSwapInt(ints, 1, 0, me + 1, 0);
        shmem.barrierAll();
        final long winner = shmem.gLong(counter, 1, 0);
        assertTrue(winner >= 1 && winner <= n, "winner " + winner);
        assertEquals(won == 0, winner == me + 1, "this PE won if and only if it saw 0");
        final int winnerInt = shmem.gInt(ints, 1, 0);
        assertEquals(wonInt == 0, winnerInt == me + 1, "the int word's winner saw 0");
        assertEquals(winner, shmem.atomicSwapLong(counter, 1, winner, 0), "swap sees the winner");
        assertEquals(winner, shmem.atomicFetchXorLong(counter, 1, 0, 0));
        shmem.barrierAll();
        shmem.free(seen);
        shmem.free(ints);
        shmem.free(counter);
    }

    @MultiPeTest(pes = {2, 4}, env = UCX, timeoutSeconds = 120)
    void shouldOrderWithFenceAndCompleteWithQuiet(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final SymmetricSegment box = shmem.calloc(2, ValueLayout.JAVA_LONG);
        for (long round = 1; round <= 200; round++)
        {
            // the payload, a fence, then the flag: a receiver that sees the flag sees the payload
            shmem.pLong(box, 1, round * 7, next);
            shmem.fence();
            shmem.atomicSetLong(box, 0, round, next);
            assertEquals(round, shmem.waitUntilLong(box, 0, Cmp.GE, round));
            assertEquals(round * 7, box.local().getAtIndex(ValueLayout.JAVA_LONG, 1), "payload of round " + round);
            shmem.barrierAll();
        }
        // quiet: every put has landed when it returns
        shmem.pLong(box, 1, -me, next);
        shmem.quiet();
        assertEquals(-me, shmem.gLong(box, 1, next));
        shmem.barrierAll();
        shmem.free(box);
    }

    @MultiPeTest(pes = {2, 4}, env = UCX)
    void shouldReduceAndBarrierOnTheWorld(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final SymmetricSegment src = shmem.calloc(4, ValueLayout.JAVA_LONG);
        final SymmetricSegment dest = shmem.calloc(4, ValueLayout.JAVA_LONG);
        for (int round = 0; round < 20; round++)
        {
            for (int i = 0; i < 4; i++)
            {
                src.local().setAtIndex(ValueLayout.JAVA_LONG, i, (long)(me + 1) * (i + 1) + round);
            }
            shmem.reduce(ReduceOp.SUM, ReduceType.LONG, dest, src, 4);
            for (int i = 0; i < 4; i++)
            {
                assertEquals((long)n * (n + 1) / 2 * (i + 1) + (long)n * round,
                    dest.local().getAtIndex(ValueLayout.JAVA_LONG, i), "sum " + i + " of round " + round);
            }
            shmem.barrierAll();
        }
        shmem.free(dest);
        shmem.free(src);
    }

    /**
     * The JVM turns a null dereference in compiled code into a SIGSEGV and that into a NullPointerException;
     * UCX, by default, installs its own handler for SIGSEGV (and ILL, BUS, FPE) when it loads, which prints a
     * backtrace and kills the process instead. -Xbatch compiles {@link #lengthOf} before it first sees null.
     */
    @MultiPeTest(pes = 2, env = UCX, jvmArgs = "-Xbatch")
    void shouldLeaveTheJvmItsOwnSignals(final Ishmem shmem)
    {
        assertUcxLoaded();
        final String[] words = {"a", "bb", "ccc"};
        long total = 0;
        for (int i = 0; i < 300_000; i++)
        {
            total += lengthOf(words[i % words.length]);
        }
        assertEquals(600_000, total);
        int caught = 0;
        for (int i = 0; i < 100; i++)
        {
            try
            {
                lengthOf(i % 2 == 0 ? null : "x");
            }
            catch (final NullPointerException ex)
            {
                caught++;
            }
        }
        assertEquals(50, caught);
        shmem.barrierAll();
    }

    private static int lengthOf(final String word)
    {
        return word.length();
    }
}
