package io.ishmem.core;

import io.ishmem.AmoOp;
import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeTest;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Atomic memory operations across PEs and threads (issue 12): exact results, and no update lost. */
class AtomicMultiPeTest
{
    private static final int ADDS = 1_000;

    /**
     * Every PE fetch-adds PE 0's counter; every old value it gets is marked with a fetch-or in a bitmap on
     * PE 0, which must never have been marked before: each value is handed out exactly once.
     */
    @MultiPeTest(pes = {2, 4, 8})
    void shouldHandOutEveryValueOfAContendedFetchAddExactlyOnce(final Ishmem shmem)
    {
        final int n = shmem.nPes();
        final SymmetricSegment counter = shmem.calloc(1, ValueLayout.JAVA_LONG);
        final SymmetricSegment seen = shmem.calloc((n * ADDS + 63) / 64, ValueLayout.JAVA_LONG);
        long last = -1;
        for (int i = 0; i < ADDS; i++)
        {
            final long ticket = shmem.atomicFetchAddLong(counter, 0, 1, 0);
            assertTrue(ticket > last && ticket < (long)n * ADDS, "ticket " + ticket + " after " + last);
            last = ticket;
            final long old = shmem.atomicFetchOrLong(seen, ticket / 64, 1L << (ticket % 64), 0);
            assertEquals(0, old & 1L << (ticket % 64), "ticket " + ticket + " was handed out twice");
        }
        shmem.barrierAll();
        if (shmem.myPe() == 0)
        {
            assertEquals((long)n * ADDS, shmem.atomicFetchLong(counter, 0, 0));
            for (long t = 0; t < (long)n * ADDS; t++)
            {
                assertTrue((seen.local().getAtIndex(ValueLayout.JAVA_LONG, t / 64) & 1L << (t % 64)) != 0,
                    "ticket " + t + " was never handed out");
            }
        }
        shmem.barrierAll();
    }

    /** Compare-and-swap increments by every PE, and inc, add and signalAdd from two threads each, on one word. */
    @MultiPeTest(pes = {2, 4, 8})
    void shouldLoseNoUpdateFromAnyPeOrThreadIncludingSignalAdds(final Ishmem shmem) throws Exception
    {
        final int n = shmem.nPes();
        final SymmetricSegment words = shmem.calloc(2, ValueLayout.JAVA_LONG);
        final SymmetricSegment ints = shmem.calloc(1, ValueLayout.JAVA_INT);
        final int target = (shmem.myPe() + 1) % n;
        for (int i = 0; i < ADDS; i++)
        {
            int seen = shmem.atomicFetchInt(ints, 0, target);
            int witnessed;
            while ((witnessed = shmem.atomicCompareSwapInt(ints, 0, seen, seen + 1, target)) != seen)
            {
                seen = witnessed;
            }
        }
        final CompletableFuture<Void> second = CompletableFuture.runAsync(() ->
        {
            for (int i = 0; i < ADDS; i++)
            {
                shmem.atomicIncLong(words, 0, 0);
                shmem.signalAdd(words, 0, 2, 0);
            }
        });
        for (int i = 0; i < ADDS; i++)
        {
            shmem.atomicAddLong(words, 0, 3, 0);
            shmem.atomicFetchIncLong(words, 1, 0);
        }
        second.get();
        shmem.barrierAll();
        assertEquals(ADDS, ints.local().get(ValueLayout.JAVA_INT, 0), "compare-swap increments by PE " +
            (shmem.myPe() + n - 1) % n);
        if (shmem.myPe() == 0)
        {
            assertEquals((long)n * ADDS * (1 + 2 + 3), words.local().getAtIndex(ValueLayout.JAVA_LONG, 0));
            assertEquals((long)n * ADDS, words.local().getAtIndex(ValueLayout.JAVA_LONG, 1));
        }
        shmem.barrierAll();
    }

    /** Each operation on each type against the next PE's word, one PE at a time: exact old and new values. */
    @MultiPeTest(pes = {2, 4, 8})
    void shouldGiveEveryOperationItsExactResultOnEveryType(final Ishmem shmem)
    {
        final int n = shmem.nPes();
        final int me = shmem.myPe();
        final int next = (me + 1) % n;
        final SymmetricSegment longs = shmem.calloc(2, ValueLayout.JAVA_LONG);
        final SymmetricSegment ints = shmem.calloc(2, ValueLayout.JAVA_INT);
        final SymmetricSegment doubles = shmem.calloc(1, ValueLayout.JAVA_DOUBLE);
        final SymmetricSegment floats = shmem.calloc(1, ValueLayout.JAVA_FLOAT);
        final long base = 0x0F0F_0000_0000_00F0L + me;

        shmem.atomicSetLong(longs, 1, base, next);
        assertEquals(base, shmem.atomicFetchLong(longs, 1, next));
        assertEquals(base, shmem.atomicSwapLong(longs, 1, -1L, next));
        assertEquals(-1L, shmem.atomicCompareSwapLong(longs, 1, 5, 7, next), "a failed compare-swap");
        assertEquals(-1L, shmem.atomicCompareSwapLong(longs, 1, -1L, 7, next), "a compare-swap that succeeds");
        assertEquals(7, shmem.atomicFetchIncLong(longs, 1, next));
        assertEquals(8, shmem.atomicFetchAddLong(longs, 1, Long.MAX_VALUE, next));
        assertEquals(8 + Long.MAX_VALUE, shmem.atomicFetchAndLong(longs, 1, 0xFFL, next), "the add wraps");
        assertEquals(0x07, shmem.atomicFetchOrLong(longs, 1, 0x30, next));
        assertEquals(0x37, shmem.atomicFetchXorLong(longs, 1, 0x11, next));
        shmem.atomicAndLong(longs, 1, 0x0F, next);
        shmem.atomicOrLong(longs, 1, 0x100, next);
        shmem.atomicXorLong(longs, 1, 0x1, next);
        shmem.atomicIncLong(longs, 1, next);
        shmem.atomicAddLong(longs, 1, 10, next);
        // 0x26 & 0x0F = 0x06, | 0x100 = 0x106, ^ 0x1 = 0x107, + 1 = 0x108, + 10 = 0x112
        assertEquals(0x112, shmem.atomicFetchLong(longs, 1, next));

        shmem.atomicSetInt(ints, 1, Integer.MAX_VALUE, next);
        assertEquals(Integer.MAX_VALUE, shmem.atomicFetchAddInt(ints, 1, 1, next));
        assertEquals(Integer.MIN_VALUE, shmem.atomicFetchInt(ints, 1, next), "an int add wraps at 32 bits");
        assertEquals(Integer.MIN_VALUE, shmem.atomicCompareSwapInt(ints, 1, Integer.MIN_VALUE, -2, next));
        assertEquals(-2, shmem.atomicFetchXorInt(ints, 1, -1, next));
        assertEquals(1, shmem.atomicFetchInt(ints, 1, next));
        assertEquals(0, ints.local().get(ValueLayout.JAVA_INT, 0), "the neighbouring int was not touched");

        shmem.atomicSetDouble(doubles, 0, -0.0, next);
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(shmem.atomicSwapDouble(doubles, 0,
            Double.NaN, next)));
        assertTrue(Double.isNaN(shmem.atomicFetchDouble(doubles, 0, next)));
        shmem.atomicSetFloat(floats, 0, 1.5f, next);
        assertEquals(1.5f, shmem.atomicSwapFloat(floats, 0, -3f, next));
        assertEquals(-3f, shmem.atomicFetchFloat(floats, 0, next));
        shmem.barrierAll();
        // what the previous PE did to this PE's word, seen locally
        assertEquals(0x112, longs.local().getAtIndex(ValueLayout.JAVA_LONG, 1));
        shmem.barrierAll();
    }

    /** The non-blocking fetching forms leave the old value in the fetch segment by quiet, on every type. */
    @MultiPeTest(pes = {2, 4, 8})
    void shouldLeaveTheOldValueInFetchByQuiet(final Ishmem shmem)
    {
        final int n = shmem.nPes();
        final SymmetricSegment counter = shmem.calloc(1, ValueLayout.JAVA_LONG);
        final SymmetricSegment pair = shmem.calloc(2, ValueLayout.JAVA_INT);
        final SymmetricSegment real = shmem.calloc(1, ValueLayout.JAVA_DOUBLE);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment fetched = arena.allocate(8L * ADDS, 8);
            for (int i = 0; i < ADDS; i++)
            {
                shmem.atomicFetchAddLongNbi(fetched.asSlice(8L * i), counter, 0, 1, 0);
            }
            shmem.quiet();
            long last = -1;
            for (int i = 0; i < ADDS; i++)
            {
                final long ticket = fetched.getAtIndex(ValueLayout.JAVA_LONG, i);
                assertTrue(ticket > last && ticket < (long)n * ADDS, "ticket " + ticket + " after " + last);
                last = ticket;
            }
            final int next = (shmem.myPe() + 1) % n;
            final MemorySegment one = arena.allocate(8, 8);
            shmem.atomicSetInt(pair, 1, 41, next);
            shmem.atomicCompareSwapIntNbi(one, pair, 1, 41, 42, next);
            shmem.quiet();
            assertEquals(41, one.get(ValueLayout.JAVA_INT, 0));
            shmem.atomicFetchIntNbi(one, pair, 1, next);
            shmem.atomicSwapDoubleNbi(one, real, 0, 2.5, next);
            shmem.quiet();
            assertEquals(0.0, one.get(ValueLayout.JAVA_DOUBLE, 0), "the double's old value");
            assertEquals(2.5, shmem.atomicFetchDouble(real, 0, next));
        }
        shmem.barrierAll();
        assertEquals(42, pair.local().getAtIndex(ValueLayout.JAVA_INT, 1));
        if (shmem.myPe() == 0)
        {
            assertEquals((long)n * ADDS, counter.local().get(ValueLayout.JAVA_LONG, 0));
        }
        shmem.barrierAll();
    }

    @MultiPeTest(pes = 2)
    void shouldRefuseBadArgumentsNamingThem(final Ishmem shmem)
    {
        final SymmetricSegment word = shmem.calloc(1, ValueLayout.JAVA_LONG);
        assertEquals("atomic(FETCH_ADD): type=f4 is not an integer type: FETCH_ADD is defined for JAVA_INT and " +
            "JAVA_LONG (the standard and bitwise AMO types)", assertThrows(IllegalArgumentException.class,
            () -> shmem.atomic(AmoOp.FETCH_ADD, ValueLayout.JAVA_FLOAT, word, 0, 1, 0, 0)).getMessage());
        final ValueLayout foreign = ValueLayout.JAVA_LONG.withOrder(ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN ?
            ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> shmem.atomic(AmoOp.SET, foreign, word, 0, 1, 0,
            0)).getMessage().startsWith("atomic(SET): type=" + foreign + " is not an AMO type"));
        assertThrows(IllegalArgumentException.class,
            () -> shmem.atomic(AmoOp.ADD, ValueLayout.JAVA_SHORT, word, 0, 1, 0, 0));
        assertEquals("atomic: op is null", assertThrows(NullPointerException.class,
            () -> shmem.atomic(null, ValueLayout.JAVA_LONG, word, 0, 1, 0, 0)).getMessage());
        assertEquals("atomic(ADD): type is null", assertThrows(NullPointerException.class,
            () -> shmem.atomic(AmoOp.ADD, null, word, 0, 1, 0, 0)).getMessage());
        assertTrue(assertThrows(IndexOutOfBoundsException.class, () -> shmem.atomicFetchAddLong(word, 1, 1, 0))
            .getMessage().startsWith("atomicFetchAddLong: dest"));
        assertTrue(assertThrows(IndexOutOfBoundsException.class, () -> shmem.atomicIncInt(word, 0, 2))
            .getMessage().startsWith("atomicIncInt: pe=2"));
        assertTrue(assertThrows(NullPointerException.class, () -> shmem.atomicFetchLong(null, 0, 0))
            .getMessage().startsWith("atomicFetchLong: src"));
        // a non-blocking form refused for its fetch segment leaves the word alone
        assertEquals("atomicNbi(FETCH_ADD): fetch is null", assertThrows(NullPointerException.class,
            () -> shmem.atomicFetchAddLongNbi(null, word, 0, 5, 0)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> shmem.atomicFetchAddLongNbi(
            MemorySegment.ofArray(new long[1]).asReadOnly(), word, 0, 5, 0)).getMessage()
            .startsWith("atomicNbi(FETCH_ADD): fetch is a read-only segment"));
        assertTrue(assertThrows(IndexOutOfBoundsException.class, () -> shmem.atomicFetchAddLongNbi(
            MemorySegment.ofArray(new int[1]), word, 0, 5, 0)).getMessage().startsWith("atomicNbi(FETCH_ADD): fetch"));
        assertEquals("atomicNbi: op=ADD fetches nothing, so it has no non-blocking form: call atomic, which completes " +
            "it", assertThrows(IllegalArgumentException.class, () -> shmem.atomicNbi(AmoOp.ADD, ValueLayout.JAVA_LONG,
            MemorySegment.ofArray(new long[1]), word, 0, 5, 0, 0)).getMessage());
        assertEquals(0, word.local().get(ValueLayout.JAVA_LONG, 0), "a refused call changed the word");
        shmem.barrierAll();
    }
}
