package io.ishmem.core;

import io.ishmem.Cmp;
import io.ishmem.Ishmem;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeTest;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Put-with-signal, signal fetch/set/add and signal waits across processes. */
class SignalMultiPeTest
{
    private static final int[] PAYLOAD_SIZES = {1, 8, 1024, 64 * 1024, 1 << 20};

    private static void fillPattern(final MemorySegment segment, final long bytes, final long stamp, final int sender)
    {
        for (long i = 0; i < bytes; i++)
        {
            segment.set(ValueLayout.JAVA_BYTE, i, (byte)(stamp * 31 + i * 7 + sender * 13));
        }
    }

    private static void assertSameBytes(final MemorySegment expected, final MemorySegment actual, final long bytes,
        final String what)
    {
        final long at = MemorySegment.mismatch(expected, 0, bytes, actual, 0, bytes);
        if (at >= 0)
        {
            fail(what + ": byte " + at + " of " + bytes + " is " + actual.get(ValueLayout.JAVA_BYTE, at) +
                ", expected " + expected.get(ValueLayout.JAVA_BYTE, at));
        }
    }

    @MultiPeTest(pes = {2, 4, 8}, timeoutSeconds = 120)
    void shouldShowTheSignalOnlyAfterTheWholePayload(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final int prev = (me + n - 1) % n;
        final SymmetricSegment dest = shmem.malloc(1 << 20);
        // word 0: the data signal; word 1: the receiver's acknowledgement, so a sender never overwrites unread data
        final SymmetricSegment sig = shmem.calloc(2, ValueLayout.JAVA_LONG);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment src = arena.allocate(1 << 20);
            final MemorySegment expected = arena.allocate(1 << 20);
            long round = 0;
            for (final int size : PAYLOAD_SIZES)
            {
                final int iterations = size >= 1 << 20 ? 20 : size >= 64 * 1024 ? 100 : 300;
                for (int i = 0; i < iterations; i++)
                {
                    round++;
                    fillPattern(src, size, round, me);
                    // both operators bring the word to round: SET writes it, ADD adds 1 to round - 1
                    final boolean set = (round & 1) == 0;
                    shmem.putSignal(dest, 0, src, 0, size, sig, 0, set ? round : 1, set ? SignalOp.SET : SignalOp.ADD,
                        next);

                    assertEquals(round, shmem.signalWaitUntil(sig, 0, Cmp.GE, round), "signal of round " + round);
                    fillPattern(expected, size, round, prev);
                    assertSameBytes(expected, dest.local(), size, "payload of " + size + " bytes in round " + round);
                    shmem.signalSet(sig, 1, round, prev);
                    shmem.signalWaitUntil(sig, 1, Cmp.GE, round);
                }
            }
        }
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {2, 4, 8})
    void shouldCompleteNbiPutSignalsAtQuietAndOrderThemWithFence(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final int prev = (me + n - 1) % n;
        final int slots = 16;
        final int slotLongs = 8;
        final SymmetricSegment dest = shmem.calloc((slots + 2) * slotLongs, ValueLayout.JAVA_LONG);
        // words [0, slots): one per nbi slot; slots: set after quiet; slots + 1: after fence; slots + 2: ack
        final SymmetricSegment sig = shmem.calloc(slots + 3, ValueLayout.JAVA_LONG);
        final long[] data = new long[slotLongs];
        for (long round = 1; round <= 100; round++)
        {
            for (int s = 0; s < slots; s++)
            {
                java.util.Arrays.fill(data, round * 1000 + s * 10 + me);
                shmem.putSignalNbi(dest, (long)s * slotLongs * 8, MemorySegment.ofArray(data.clone()), 0,
                    slotLongs * 8, sig, s, round, SignalOp.SET, next);
            }
            shmem.quiet();
            // after quiet every nbi put-with-signal above is delivered, payload and signal
            shmem.signalSet(sig, slots, round, next);

            java.util.Arrays.fill(data, -round);
            shmem.putNbi(dest, (long)slots * slotLongs * 8, MemorySegment.ofArray(data.clone()), 0, slotLongs * 8,
                next);
            shmem.fence();
            // the fence puts the plain put above before this put-with-signal
            shmem.putSignalNbi(dest, (long)(slots + 1) * slotLongs, new long[] {round, round, round}, 0, 3, sig,
                slots + 1, 1, SignalOp.ADD, next);

            shmem.signalWaitUntil(sig, slots, Cmp.EQ, round);
            final MemorySegment local = dest.local();
            for (int s = 0; s < slots; s++)
            {
                assertEquals(round, shmem.signalFetch(sig, s), "signal of slot " + s);
                for (int i = 0; i < slotLongs; i++)
                {
                    assertEquals(round * 1000 + s * 10 + prev, local.getAtIndex(ValueLayout.JAVA_LONG,
                        (long)s * slotLongs + i), "slot " + s + " long " + i + " in round " + round);
                }
            }
            shmem.signalWaitUntil(sig, slots + 1, Cmp.EQ, round);
            for (int i = 0; i < slotLongs; i++)
            {
                assertEquals(-round, local.getAtIndex(ValueLayout.JAVA_LONG, (long)slots * slotLongs + i),
                    "fenced put, long " + i + " in round " + round);
            }
            for (int i = 0; i < 3; i++)
            {
                assertEquals(round, local.getAtIndex(ValueLayout.JAVA_LONG, (long)(slots + 1) * slotLongs + i));
            }
            shmem.signalSet(sig, slots + 2, round, prev);
            shmem.signalWaitUntil(sig, slots + 2, Cmp.GE, round);
        }
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {2, 4, 8}, timeoutSeconds = 120)
    void shouldLoseNoAddFromConcurrentPesAndThreads(final Ishmem shmem) throws InterruptedException
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int threads = 4;
        final int addsPerThread = 3000;
        // word 0 takes signalAdd, word 1 the ADD of putSignal; the payload goes to a separate segment
        final SymmetricSegment counters = shmem.calloc(2, ValueLayout.JAVA_LONG);
        final SymmetricSegment slots = shmem.calloc((long)n * threads, ValueLayout.JAVA_LONG);
        shmem.barrierAll();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++)
        {
            final int thread = t;
            workers.add(Thread.ofPlatform().start(() ->
            {
                try
                {
                    final long[] payload = new long[1];
                    for (int k = 0; k < addsPerThread; k++)
                    {
                        final int target = k % n;
                        shmem.signalAdd(counters, 0, increment(me, thread, k), target);
                        payload[0] = k;
                        shmem.putSignal(slots, (long)me * threads + thread, payload, 0, 1, counters, 1, 1,
                            SignalOp.ADD, target);
                    }
                }
                catch (final Throwable ex)
                {
                    failure.compareAndSet(null, ex);
                }
            }));
        }
        for (final Thread worker : workers)
        {
            worker.join();
        }
        if (failure.get() != null)
        {
            throw new AssertionError("a worker failed", failure.get());
        }
        shmem.barrierAll();
        long expectedSum = 0;
        long expectedCount = 0;
        for (int pe = 0; pe < n; pe++)
        {
            for (int t = 0; t < threads; t++)
            {
                for (int k = me; k < addsPerThread; k += n)
                {
                    expectedSum += increment(pe, t, k);
                    expectedCount++;
                }
            }
        }
        assertEquals(expectedSum, shmem.signalFetch(counters, 0), "sum of every signalAdd to PE " + me);
        assertEquals(expectedCount, shmem.signalFetch(counters, 1), "count of every putSignal ADD to PE " + me);
        shmem.barrierAll();
    }

    private static long increment(final int pe, final int thread, final int k)
    {
        // large, distinct values: a lost or doubled add changes the sum, and the sum wraps past 2^64
        return (pe * 131L + thread * 17L + k) * 0x0123_4567_89AB_CDEFL;
    }

    @MultiPeTest(pes = {2, 4, 8})
    void shouldNeverShowATornSignalWord(final Ishmem shmem) throws InterruptedException
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final long a = 0x0000_0000_FFFF_FFFFL;
        final long b = 0xFFFF_FFFF_0000_0000L;
        // each add raises both halves by one, so the halves of a whole value are always equal
        final long step = 0x0000_0001_0000_0001L;
        final int writes = 20_000;
        // word 0 alternates between a and b by SET, word 1 climbs by ADD, word 2 counts finished writers
        final SymmetricSegment words = shmem.calloc(3, ValueLayout.JAVA_LONG);
        final SymmetricSegment payload = shmem.calloc(1, ValueLayout.JAVA_LONG);
        shmem.barrierAll();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread writer = Thread.ofPlatform().start(() ->
        {
            try
            {
                final long[] one = {0};
                for (int i = 0; i < writes; i++)
                {
                    final long value = (i & 1) == 0 ? a : b;
                    if ((i & 2) == 0)
                    {
                        shmem.signalSet(words, 0, value, next);
                        shmem.signalAdd(words, 1, step, next);
                    }
                    else
                    {
                        shmem.putSignal(payload, 0, one, 0, 1, words, 0, value, SignalOp.SET, next);
                        shmem.putSignal(payload, 0, one, 0, 1, words, 1, step, SignalOp.ADD, next);
                    }
                }
                shmem.signalAdd(words, 2, 1, next);
            }
            catch (final Throwable ex)
            {
                failure.compareAndSet(null, ex);
            }
        });
        long samples = 0;
        long lastAdd = 0;
        // a deadline, because sampling does not watch the other PEs as a wait does
        final long deadlineNs = System.nanoTime() + 30_000_000_000L;
        while (shmem.signalFetch(words, 2) == 0 && failure.get() == null)
        {
            if (System.nanoTime() - deadlineNs > 0)
            {
                fail("PE " + (me + n - 1) % n + " did not finish its " + writes + " writes within 30 s");
            }
            final long set = shmem.signalFetch(words, 0);
            if (set != 0 && set != a && set != b)
            {
                fail("torn SET: read 0x" + Long.toHexString(set));
            }
            final long add = shmem.signalFetch(words, 1);
            if ((int)(add >>> 32) != (int)add || Long.compareUnsigned(add, lastAdd) < 0)
            {
                fail("torn or lost ADD: read 0x" + Long.toHexString(add) + " after 0x" + Long.toHexString(lastAdd));
            }
            lastAdd = add;
            if ((++samples & 63) == 0)
            {
                Thread.yield();
            }
        }
        writer.join();
        if (failure.get() != null)
        {
            throw new AssertionError("the writer failed", failure.get());
        }
        assertEquals(b, shmem.signalFetch(words, 0));
        assertEquals(step * writes, shmem.signalFetch(words, 1));
        assertTrue(samples > 0);
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {2, 4, 8})
    void shouldCompareAndAddSignalsAsUnsigned64BitValues(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final long big = 1L << 63;
        // each word starts where the wait does not hold and moves to a value where it holds only unsigned
        final Cmp[] cmps = {Cmp.GT, Cmp.GE, Cmp.LT, Cmp.LE, Cmp.EQ, Cmp.NE};
        final long[] start = {0, 0, -1, -1, 0, 5};
        final long[] target = {big + 5, big, 7, 3, big + 1, big};
        final long[] waitFor = {7, 5, big, big, big + 1, 5};
        final SymmetricSegment words = shmem.calloc(cmps.length + 3, ValueLayout.JAVA_LONG);
        for (int i = 0; i < cmps.length; i++)
        {
            words.local().setAtIndex(ValueLayout.JAVA_LONG, i, start[i]);
            assertFalse(cmps[i].holdsUnsigned(start[i], waitFor[i]), "start of " + cmps[i]);
        }
        final int wrap = cmps.length;
        words.local().setAtIndex(ValueLayout.JAVA_LONG, wrap, -1);
        shmem.barrierAll();
        for (int i = 0; i < cmps.length; i++)
        {
            shmem.signalSet(words, i, target[i], next);
        }
        // 2^64 - 1 + 2 wraps to 1; 2^63 + 2^63 wraps to 0
        shmem.signalAdd(words, wrap, 2, next);
        final MemorySegment nothing = MemorySegment.ofArray(new byte[0]);
        shmem.putSignal(words.slice(0, 0), nothing, words.slice((wrap + 1) * 8L), big, SignalOp.ADD, next);
        shmem.putSignalNbi(words.slice(0, 0), nothing, words.slice((wrap + 1) * 8L), big, SignalOp.ADD, next);
        shmem.signalSet(words, wrap + 2, -1, next);
        for (int i = 0; i < cmps.length; i++)
        {
            if (i < 4)
            {
                // signed, the comparison would not hold: only an unsigned wait returns
                assertFalse(cmps[i].holds(target[i], waitFor[i]), "signed " + cmps[i]);
            }
            assertEquals(target[i], shmem.signalWaitUntil(words, i, cmps[i], waitFor[i]), cmps[i].name());
            assertEquals(target[i], shmem.signalFetch(words, i));
        }
        shmem.barrierAll();
        assertEquals(1, shmem.signalFetch(words, wrap));
        assertEquals(0, shmem.signalFetch(words, wrap + 1));
        assertEquals("18446744073709551615", Long.toUnsignedString(shmem.signalFetch(words, wrap + 2)));
        assertEquals(-1L, shmem.signalWaitUntil(words.slice((wrap + 2) * 8L), Cmp.GT, big));
        assertEquals(0L, shmem.signalWaitUntil(words, wrap + 1, Cmp.LT, 1));
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {2, 4, 8})
    void shouldDeliverEverySourceForm(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final int prev = (me + n - 1) % n;
        final List<SourceForm> forms = SourceForm.all();
        final SymmetricSegment dest = shmem.calloc((long)forms.size() * SourceForm.SLOT, ValueLayout.JAVA_BYTE);
        final SymmetricSegment sig = shmem.calloc(forms.size(), ValueLayout.JAVA_LONG);
        shmem.barrierAll();
        for (int f = 0; f < forms.size(); f++)
        {
            final byte[] bytes = SourceForm.pattern(f, me, forms.get(f).bytes());
            // odd forms add, even ones set; either way the word ends at f + 1
            final SignalOp op = (f & 1) == 0 ? SignalOp.SET : SignalOp.ADD;
            forms.get(f).send(shmem, dest, (long)f * SourceForm.SLOT, bytes, sig, f, f + 1, op, next);
        }
        shmem.quiet();
        for (int f = 0; f < forms.size(); f++)
        {
            final SourceForm form = forms.get(f);
            assertEquals(f + 1, shmem.signalWaitUntil(sig, f, Cmp.EQ, f + 1), form.name());
            final byte[] expected = SourceForm.pattern(f, prev, form.bytes());
            assertSameBytes(MemorySegment.ofArray(expected), dest.local().asSlice((long)f * SourceForm.SLOT),
                expected.length, form.name());
            // nothing past the payload was written
            assertEquals(0, dest.local().get(ValueLayout.JAVA_BYTE, (long)f * SourceForm.SLOT + expected.length),
                form.name() + " wrote past its payload");
        }
        shmem.barrierAll();
    }

    /** One source form of put-with-signal, sending the bytes given to slot {@code at} of dest. */
    private record SourceForm(String name, int bytes, Sender sender)
    {
        static final int SLOT = 256;

        interface Sender
        {
            void send(Ishmem shmem, SymmetricSegment dest, long at, byte[] bytes, SymmetricSegment sig, int sigIndex,
                long signal, SignalOp op, int pe);
        }

        void send(final Ishmem shmem, final SymmetricSegment dest, final long at, final byte[] bytes,
            final SymmetricSegment sig, final int sigIndex, final long signal, final SignalOp op, final int pe)
        {
            sender.send(shmem, dest, at, bytes, sig, sigIndex, signal, op, pe);
        }

        static byte[] pattern(final int form, final int sender, final int length)
        {
            final byte[] bytes = new byte[length];
            for (int i = 0; i < length; i++)
            {
                // never 0, so a missing byte shows
                bytes[i] = (byte)(1 + (form * 37 + sender * 11 + i * 3) % 255);
            }
            return bytes;
        }

        /** The bytes in elements [1, 1 + count) of a new array of count + 2 elements, around them junk. */
        static MemorySegment arrayWith(final MemorySegment array, final byte[] bytes, final int elementSize)
        {
            array.fill((byte)0x5A);
            MemorySegment.copy(MemorySegment.ofArray(bytes), 0, array, elementSize, bytes.length);
            return array;
        }

        static List<SourceForm> all()
        {
            final List<SourceForm> forms = new ArrayList<>();
            final MemoryLayout put128 = MemoryLayout.sequenceLayout(2, ValueLayout.JAVA_LONG);
            forms.add(new SourceForm("segment", 40, (s, d, at, b, sig, i, v, op, pe) ->
                s.putSignal(d, at, MemorySegment.ofArray(b), 0, b.length, sig, i, v, op, pe)));
            forms.add(new SourceForm("segment nbi", 40, (s, d, at, b, sig, i, v, op, pe) ->
                s.putSignalNbi(d, at, MemorySegment.ofArray(b), 0, b.length, sig, i, v, op, pe)));
            forms.add(new SourceForm("short", 24, (s, d, at, b, sig, i, v, op, pe) ->
                s.putSignal(d.slice(at), MemorySegment.ofArray(b), sig.slice(i * 8L), v, op, pe)));
            forms.add(new SourceForm("short nbi", 24, (s, d, at, b, sig, i, v, op, pe) ->
                s.putSignalNbi(d.slice(at), MemorySegment.ofArray(b), sig.slice(i * 8L), v, op, pe)));
            forms.add(new SourceForm("typed long (put64)", 5 * 8, (s, d, at, b, sig, i, v, op, pe) ->
                s.putSignal(ValueLayout.JAVA_LONG, d.slice(at), MemorySegment.ofArray(b), 5, sig.slice(i * 8L), v,
                    op, pe)));
            forms.add(new SourceForm("typed put128 nbi", 3 * 16, (s, d, at, b, sig, i, v, op, pe) ->
                s.putSignalNbi(put128, d.slice(at), MemorySegment.ofArray(b), 3, sig.slice(i * 8L), v, op, pe)));
            forms.add(new SourceForm("typed put8", 7, (s, d, at, b, sig, i, v, op, pe) ->
                s.putSignal(ValueLayout.JAVA_BYTE, d.slice(at), MemorySegment.ofArray(b), 7, sig.slice(i * 8L), v,
                    op, pe)));
            forms.add(new SourceForm("typed put32 nbi", 6 * 4, (s, d, at, b, sig, i, v, op, pe) ->
                s.putSignalNbi(ValueLayout.JAVA_INT, d.slice(at), MemorySegment.ofArray(b), 6, sig.slice(i * 8L), v,
                    op, pe)));
            final int count = 6;
            forms.add(new SourceForm("byte[]", count, (s, d, at, b, sig, i, v, op, pe) ->
            {
                final byte[] array = new byte[count + 2];
                arrayWith(MemorySegment.ofArray(array), b, 1);
                s.putSignal(d, at, array, 1, count, sig, i, v, op, pe);
            }));
            forms.add(new SourceForm("byte[] nbi", count, (s, d, at, b, sig, i, v, op, pe) ->
            {
                final byte[] array = new byte[count + 2];
                arrayWith(MemorySegment.ofArray(array), b, 1);
                s.putSignalNbi(d, at, array, 1, count, sig, i, v, op, pe);
            }));
            forms.add(new SourceForm("short[]", count * 2, (s, d, at, b, sig, i, v, op, pe) ->
            {
                final short[] array = new short[count + 2];
                arrayWith(MemorySegment.ofArray(array), b, 2);
                s.putSignal(d, at / 2, array, 1, count, sig, i, v, op, pe);
            }));
            forms.add(new SourceForm("short[] nbi", count * 2, (s, d, at, b, sig, i, v, op, pe) ->
            {
                final short[] array = new short[count + 2];
                arrayWith(MemorySegment.ofArray(array), b, 2);
                s.putSignalNbi(d, at / 2, array, 1, count, sig, i, v, op, pe);
            }));
            forms.add(new SourceForm("char[]", count * 2, (s, d, at, b, sig, i, v, op, pe) ->
            {
                final char[] array = new char[count + 2];
                arrayWith(MemorySegment.ofArray(array), b, 2);
                s.putSignal(d, at / 2, array, 1, count, sig, i, v, op, pe);
            }));
            forms.add(new SourceForm("char[] nbi", count * 2, (s, d, at, b, sig, i, v, op, pe) ->
            {
                final char[] array = new char[count + 2];
                arrayWith(MemorySegment.ofArray(array), b, 2);
                s.putSignalNbi(d, at / 2, array, 1, count, sig, i, v, op, pe);
            }));
            forms.add(new SourceForm("int[]", count * 4, (s, d, at, b, sig, i, v, op, pe) ->
            {
                final int[] array = new int[count + 2];
                arrayWith(MemorySegment.ofArray(array), b, 4);
                s.putSignal(d, at / 4, array, 1, count, sig, i, v, op, pe);
            }));
            forms.add(new SourceForm("int[] nbi", count * 4, (s, d, at, b, sig, i, v, op, pe) ->
            {
                final int[] array = new int[count + 2];
                arrayWith(MemorySegment.ofArray(array), b, 4);
                s.putSignalNbi(d, at / 4, array, 1, count, sig, i, v, op, pe);
            }));
            forms.add(new SourceForm("long[]", count * 8, (s, d, at, b, sig, i, v, op, pe) ->
            {
                final long[] array = new long[count + 2];
                arrayWith(MemorySegment.ofArray(array), b, 8);
                s.putSignal(d, at / 8, array, 1, count, sig, i, v, op, pe);
            }));
            forms.add(new SourceForm("long[] nbi", count * 8, (s, d, at, b, sig, i, v, op, pe) ->
            {
                final long[] array = new long[count + 2];
                arrayWith(MemorySegment.ofArray(array), b, 8);
                s.putSignalNbi(d, at / 8, array, 1, count, sig, i, v, op, pe);
            }));
            forms.add(new SourceForm("float[]", count * 4, (s, d, at, b, sig, i, v, op, pe) ->
            {
                final float[] array = new float[count + 2];
                arrayWith(MemorySegment.ofArray(array), b, 4);
                s.putSignal(d, at / 4, array, 1, count, sig, i, v, op, pe);
            }));
            forms.add(new SourceForm("float[] nbi", count * 4, (s, d, at, b, sig, i, v, op, pe) ->
            {
                final float[] array = new float[count + 2];
                arrayWith(MemorySegment.ofArray(array), b, 4);
                s.putSignalNbi(d, at / 4, array, 1, count, sig, i, v, op, pe);
            }));
            forms.add(new SourceForm("double[]", count * 8, (s, d, at, b, sig, i, v, op, pe) ->
            {
                final double[] array = new double[count + 2];
                arrayWith(MemorySegment.ofArray(array), b, 8);
                s.putSignal(d, at / 8, array, 1, count, sig, i, v, op, pe);
            }));
            forms.add(new SourceForm("double[] nbi", count * 8, (s, d, at, b, sig, i, v, op, pe) ->
            {
                final double[] array = new double[count + 2];
                arrayWith(MemorySegment.ofArray(array), b, 8);
                s.putSignalNbi(d, at / 8, array, 1, count, sig, i, v, op, pe);
            }));
            forms.add(new SourceForm("on queue", 32, (s, d, at, b, sig, i, v, op, pe) ->
                s.putSignalOnQueue(d, at, MemorySegment.ofArray(b), 0, b.length, sig, i, v, op, pe).join()));
            forms.add(new SourceForm("nbi on queue", 32, (s, d, at, b, sig, i, v, op, pe) ->
                s.putSignalNbiOnQueue(d, at, MemorySegment.ofArray(b), 0, b.length, sig, i, v, op, pe).join()));
            forms.add(new SourceForm("typed on queue", 4 * 8, (s, d, at, b, sig, i, v, op, pe) ->
                s.putSignalOnQueue(ValueLayout.JAVA_DOUBLE, d.slice(at), MemorySegment.ofArray(b), 4,
                    sig.slice(i * 8L), v, op, pe).join()));
            forms.add(new SourceForm("typed nbi on queue", 2 * 16, (s, d, at, b, sig, i, v, op, pe) ->
                s.putSignalNbiOnQueue(put128, d.slice(at), MemorySegment.ofArray(b), 2, sig.slice(i * 8L), v, op,
                    pe).join()));
            return forms;
        }
    }

    @MultiPeTest(pes = 1)
    void shouldAllocateNothingOnTheSignalHotPath(final Ishmem shmem) throws Throwable
    {
        final SymmetricSegment dest = shmem.malloc(256);
        final SymmetricSegment sig = shmem.calloc(2, ValueLayout.JAVA_LONG);
        // looked up by name: the tests are compiled into io.ishmem.core, which does not read java.management
        final Object threads = Class.forName("java.lang.management.ManagementFactory")
            .getMethod("getThreadMXBean").invoke(null);
        final MethodHandle allocatedBytes = MethodHandles.publicLookup().findVirtual(
            Class.forName("com.sun.management.ThreadMXBean"), "getCurrentThreadAllocatedBytes",
            MethodType.methodType(long.class));
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment src = arena.allocate(64);
            final int rounds = 50_000;
            long allocated = 0;
            for (int pass = 0; pass < 3; pass++)
            {
                // the first passes warm up (class loading and compilation allocate); the last one counts
                final long before = (long)allocatedBytes.invoke(threads);
                for (int i = 1; i <= rounds; i++)
                {
                    shmem.putSignal(dest, 0, src, 0, 64, sig, 0, i, SignalOp.SET, 0);
                    shmem.putSignalNbi(dest, 64, src, 0, 64, sig, 1, 1, SignalOp.ADD, 0);
                    shmem.signalSet(sig, 0, i, 0);
                    shmem.signalAdd(sig, 1, 1, 0);
                    shmem.signalWaitUntil(sig, 0, Cmp.EQ, i);
                    shmem.signalFetch(sig, 1);
                }
                allocated = (long)allocatedBytes.invoke(threads) - before;
            }
            // a few bytes of slack for the measurement itself; one object per call would be megabytes
            assertTrue(allocated < 1024, "allocated " + allocated + " bytes in " + rounds + " rounds");
        }
    }

    @MultiPeTest(pes = 8, timeoutSeconds = 60)
    void shouldPassASignalAroundTheRingTenThousandTimes(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final int hops = 10_000;
        final int payloadLongs = 8;
        final SymmetricSegment payload = shmem.calloc(payloadLongs, ValueLayout.JAVA_LONG);
        final SymmetricSegment sig = shmem.calloc(1, ValueLayout.JAVA_LONG);
        final long[] out = new long[payloadLongs];
        shmem.barrierAll();
        final long startNs = System.nanoTime();
        // hop h leaves PE h % n; the PE that receives hop h checks its payload, then sends hop h + 1
        for (int h = me; h <= hops; h += n)
        {
            if (h > 0)
            {
                shmem.signalWaitUntil(sig, 0, Cmp.GE, h);
                final MemorySegment local = payload.local();
                for (int i = 0; i < payloadLongs; i++)
                {
                    assertEquals(h * 0x9E37_79B9L + i, local.getAtIndex(ValueLayout.JAVA_LONG, i), "hop " + h);
                }
            }
            if (h < hops)
            {
                for (int i = 0; i < payloadLongs; i++)
                {
                    out[i] = (h + 1) * 0x9E37_79B9L + i;
                }
                shmem.putSignal(payload, 0, out, 0, payloadLongs, sig, 0, h + 1, SignalOp.SET, next);
            }
        }
        shmem.barrierAll();
        if (me == 0)
        {
            System.out.printf("ring of %d PEs: %d hops in %d ms%n", n, hops, (System.nanoTime() - startNs) / 1_000_000);
        }
    }
}
