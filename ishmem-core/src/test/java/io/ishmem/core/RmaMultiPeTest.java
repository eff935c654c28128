package io.ishmem.core;

import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeTest;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Put and get in every form, with data that crosses processes. */
class RmaMultiPeTest
{
    private static long stamp(final int pe, final long i)
    {
        return (long)pe << 40 | i * 2654435761L & 0xFF_FFFF_FFFFL;
    }

    @MultiPeTest(pes = {2, 4, 8})
    void shouldPutSegmentsToTheNextPe(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int longs = 100_000;
        final SymmetricSegment dest = shmem.malloc(longs * 8L);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment src = arena.allocate(longs * 8L, 8);
            for (int i = 0; i < longs; i++)
            {
                src.setAtIndex(ValueLayout.JAVA_LONG, i, stamp(me, i));
            }
            shmem.put(dest, src, (me + 1) % n);
            shmem.barrierAll();
            final int prev = (me + n - 1) % n;
            for (int i = 0; i < longs; i++)
            {
                assertEquals(stamp(prev, i), dest.local().getAtIndex(ValueLayout.JAVA_LONG, i), "long " + i);
            }
        }
        shmem.free(dest);
    }

    @MultiPeTest(pes = {2, 4})
    void shouldPutAndGetWithOffsetsAndNbi(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final SymmetricSegment data = shmem.calloc(4096, ValueLayout.JAVA_BYTE);
        data.local().fill((byte)(me + 1));
        shmem.barrierAll();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment got = arena.allocate(4096);
            final int other = (me + 1) % n;
            shmem.get(got, 100, data, 200, 1000, other);
            for (int i = 100; i < 1100; i++)
            {
                assertEquals((byte)(other + 1), got.get(ValueLayout.JAVA_BYTE, i), "byte " + i);
            }
            assertEquals(0, got.get(ValueLayout.JAVA_BYTE, 99));
            assertEquals(0, got.get(ValueLayout.JAVA_BYTE, 1100));
            final MemorySegment viaNbi = arena.allocate(64);
            shmem.getNbi(viaNbi, data, other);
            shmem.quiet();
            assertEquals((byte)(other + 1), viaNbi.get(ValueLayout.JAVA_BYTE, 63));

            shmem.barrierAll();
            final MemorySegment mark = arena.allocate(16);
            mark.fill((byte)(100 + me));
            shmem.putNbi(data, 3000, mark, 0, 16, other);
            shmem.quiet();
            shmem.barrierAll();
            final int prev = (me + n - 1) % n;
            assertEquals((byte)(100 + prev), data.local().get(ValueLayout.JAVA_BYTE, 3000));
            assertEquals((byte)(100 + prev), data.local().get(ValueLayout.JAVA_BYTE, 3015));
            assertEquals((byte)(me + 1), data.local().get(ValueLayout.JAVA_BYTE, 3016));
        }
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {2, 4})
    void shouldPutAndGetJavaArraysOfEveryType(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final int prev = (me + n - 1) % n;
        final SymmetricSegment area = shmem.calloc(64, ValueLayout.JAVA_LONG);

        shmem.put(area, 2, new long[] {-1, me, me * 10L, -2}, 1, 2, next);
        shmem.barrierAll();
        final long[] longs = new long[4];
        shmem.get(longs, 1, area, 2, 2, me);
        assertArrayEquals(new long[] {0, prev, prev * 10L, 0}, longs);
        shmem.barrierAll();

        shmem.put(area, 0, new int[] {me + 7, me + 8}, 0, 2, next);
        shmem.put(area, 8, new short[] {(short)(me + 9)}, 0, 1, next);
        shmem.put(area, 32, new byte[] {(byte)(me + 11)}, 0, 1, next);
        shmem.put(area, 20, new char[] {(char)('a' + me)}, 0, 1, next);
        shmem.put(area, 12, new float[] {me + 0.5f}, 0, 1, next);
        shmem.put(area, 8, new double[] {me + 0.25}, 0, 1, next);
        shmem.barrierAll();
        final int[] ints = new int[2];
        final short[] shorts = new short[1];
        final byte[] bytes = new byte[1];
        final char[] chars = new char[1];
        final float[] floats = new float[1];
        final double[] doubles = new double[1];
        shmem.get(ints, 0, area, 0, 2, me);
        shmem.get(shorts, 0, area, 8, 1, me);
        shmem.get(bytes, 0, area, 32, 1, me);
        shmem.get(chars, 0, area, 20, 1, me);
        shmem.get(floats, 0, area, 12, 1, me);
        shmem.get(doubles, 0, area, 8, 1, me);
        assertArrayEquals(new int[] {prev + 7, prev + 8}, ints);
        assertEquals((short)(prev + 9), shorts[0]);
        assertEquals((byte)(prev + 11), bytes[0]);
        assertEquals((char)('a' + prev), chars[0]);
        assertEquals(prev + 0.5f, floats[0]);
        assertEquals(prev + 0.25, doubles[0]);

        // reading a peer's copy directly, and the nbi array forms
        final double[] remote = new double[1];
        shmem.getNbi(remote, 0, area, 8, 1, next);
        shmem.quiet();
        assertEquals(me + 0.25, remote[0]);
        shmem.barrierAll();
        shmem.putNbi(area, 40, new long[] {42L + me}, 0, 1, next);
        shmem.quiet();
        shmem.barrierAll();
        assertEquals(42L + prev, area.local().getAtIndex(ValueLayout.JAVA_LONG, 40));
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {2, 4})
    void shouldPutTypedAndSizedForms(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final int prev = (me + n - 1) % n;
        final SymmetricSegment area = shmem.calloc(32, ValueLayout.JAVA_LONG);
        final MemoryLayout put128 = MemoryLayout.sequenceLayout(2, ValueLayout.JAVA_LONG);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment src = arena.allocate(32 * 8L, 8);
            for (int i = 0; i < 32; i++)
            {
                src.setAtIndex(ValueLayout.JAVA_LONG, i, me * 1000L + i);
            }
            shmem.put(ValueLayout.JAVA_LONG, area, src, 5, next);
            shmem.put(put128, area.slice(128), src, 3, next);
            shmem.barrierAll();
            for (int i = 0; i < 5; i++)
            {
                assertEquals(prev * 1000L + i, area.local().getAtIndex(ValueLayout.JAVA_LONG, i));
            }
            assertEquals(0, area.local().getAtIndex(ValueLayout.JAVA_LONG, 5));
            for (int i = 0; i < 6; i++)
            {
                assertEquals(prev * 1000L + i, area.local().getAtIndex(ValueLayout.JAVA_LONG, 16 + i));
            }
            final MemorySegment back = arena.allocate(8 * 4L, 8);
            shmem.get(ValueLayout.JAVA_INT, back, area, 4, next);
            assertEquals((int)(me * 1000L), back.getAtIndex(ValueLayout.JAVA_INT, 0));
            shmem.getNbi(ValueLayout.JAVA_LONG, back, area, 2, next);
            shmem.quiet();
            assertEquals(me * 1000L + 1, back.getAtIndex(ValueLayout.JAVA_LONG, 1));
            shmem.barrierAll();
            shmem.putNbi(ValueLayout.JAVA_SHORT, area, src, 1, me);
            shmem.quiet();
            assertEquals((short)(me * 1000), area.local().get(ValueLayout.JAVA_SHORT, 0));
        }
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {2, 8})
    void shouldMoveSingleElementsWithPAndG(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final int prev = (me + n - 1) % n;
        final SymmetricSegment cells = shmem.calloc(8, ValueLayout.JAVA_LONG);
        shmem.pLong(cells, 0, Long.MIN_VALUE + me, next);
        shmem.pInt(cells, 2, -me, next);
        shmem.pShort(cells, 6, (short)(1000 + me), next);
        shmem.pChar(cells, 14, (char)('A' + me), next);
        shmem.pByte(cells, 30, (byte)me, next);
        shmem.pFloat(cells, 8, me * 1.5f, next);
        shmem.pDouble(cells, 5, me * 2.5, next);
        shmem.barrierAll();
        assertEquals(Long.MIN_VALUE + prev, shmem.gLong(cells, 0, me));
        assertEquals(-prev, shmem.gInt(cells, 2, me));
        assertEquals((short)(1000 + prev), shmem.gShort(cells, 6, me));
        assertEquals((char)('A' + prev), shmem.gChar(cells, 14, me));
        assertEquals((byte)prev, shmem.gByte(cells, 30, me));
        assertEquals(prev * 1.5f, shmem.gFloat(cells, 8, me));
        assertEquals(prev * 2.5, shmem.gDouble(cells, 5, me));
        assertEquals(Long.MIN_VALUE + me, shmem.gLong(cells, 0, next));
        shmem.barrierAll();
        // an odd byte offset still works for plain p/g
        final SymmetricSegment odd = cells.slice(1, 16);
        shmem.pLong(odd, 0, 0x1122334455667788L + me, next);
        shmem.barrierAll();
        assertEquals(0x1122334455667788L + prev, shmem.gLong(odd, 0, me));
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {2, 4})
    void shouldExposeEveryPeersCopyAsAPeerView(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final SymmetricSegment word = shmem.calloc(n, ValueLayout.JAVA_LONG);
        for (int pe = 0; pe < n; pe++)
        {
            final MemorySegment view = word.peerView(pe).orElseThrow();
            assertEquals(word.byteSize(), view.byteSize());
            view.setAtIndex(ValueLayout.JAVA_LONG, me, 100L * me + pe);
        }
        shmem.barrierAll();
        for (int pe = 0; pe < n; pe++)
        {
            assertEquals(100L * pe + me, word.local().getAtIndex(ValueLayout.JAVA_LONG, pe), "written by PE " + pe);
        }
        assertTrue(word.peerView(me).orElseThrow().asByteBuffer().capacity() > 0);
        shmem.barrierAll();
    }
}
