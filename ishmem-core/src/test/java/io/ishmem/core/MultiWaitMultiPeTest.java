package io.ishmem.core;

import io.ishmem.Cmp;
import io.ishmem.Ishmem;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeJob;
import io.ishmem.junit.MultiPeTest;
import io.ishmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Waits and tests on several words (OpenSHMEM 1.5 §9.10): every PE sets a flag of its own on every other PE, in a
 * random order, after random pauses, by put, signal, atomic and put-with-signal; the waits of each PE must see
 * exactly the flags that are set, each once, with the data that came before them.
 */
class MultiWaitMultiPeTest
{
    private static final int ROUNDS = 12;

    /** The word PE {@code from} sends PE {@code to} in a round: distinct for every sender, receiver and round. */
    private static long secret(final long round, final int from, final int to)
    {
        return round << 40 | (long)from << 20 | to;
    }

    /** Every other PE, in a random order. */
    private static List<Integer> others(final Ishmem shmem, final Random random)
    {
        final List<Integer> others = new ArrayList<>();
        for (int pe = 0; pe < shmem.nPes(); pe++)
        {
            if (pe != shmem.myPe())
            {
                others.add(pe);
            }
        }
        Collections.shuffle(others, random);
        return others;
    }

    /** A pause of up to 200 us: it spreads the flags out in time, it orders nothing. */
    private static void pause(final Random random)
    {
        if (random.nextBoolean())
        {
            LockSupport.parkNanos(random.nextInt(200_000));
        }
    }

    /** A status that excludes this PE's own element: no one else sets it. */
    private static int[] excludingMe(final Ishmem shmem)
    {
        final int[] status = new int[shmem.nPes()];
        status[shmem.myPe()] = 1;
        return status;
    }

    @MultiPeTest(pes = {2, 4, 8})
    void shouldReturnEveryPeersFlagExactlyOnceFromWaitUntilAny(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final SymmetricSegment flags = shmem.calloc(n, ValueLayout.JAVA_LONG);
        final SymmetricSegment payload = shmem.calloc(n, ValueLayout.JAVA_LONG);
        final Random random = new Random(17L * me + 1);
        for (long round = 1; round <= ROUNDS; round++)
        {
            for (final int to : others(shmem, random))
            {
                pause(random);
                final long secret = secret(round, me, to);
                // four ways to set a flag after its payload, each with the ordering it promises
                switch ((int)((round + to) % 4))
                {
                    case 0 ->
                    {
                        shmem.pLong(payload, me, secret, to);
                        shmem.fence();
                        shmem.pLong(flags, me, round, to);
                    }
                    case 1 ->
                    {
                        shmem.put(payload, me, new long[] {secret}, 0, 1, to);
                        shmem.fence();
                        shmem.atomicSetLong(flags, me, round, to);
                    }
                    case 2 ->
                    {
                        shmem.pLong(payload, me, secret, to);
                        shmem.fence();
                        shmem.signalSet(flags, me, round, to);
                    }
                    default -> shmem.putSignal(payload, me, new long[] {secret}, 0, 1, flags, me, round,
                        SignalOp.SET, to);
                }
            }
            final int[] status = excludingMe(shmem);
            for (int k = 1; k < n; k++)
            {
                // the typed and the generic form in turn
                final int i = k % 2 == 0 ? shmem.waitUntilAnyLong(flags, 0, n, status, Cmp.GE, round) :
                    shmem.waitUntilAny(ValueLayout.JAVA_LONG, flags, 0, n, status, Cmp.GE, round);
                assertTrue(i >= 0 && i < n && status[i] == 0, "round " + round + ": index " + i + " was excluded");
                assertEquals(round, flags.local().getAtIndex(ValueLayout.JAVA_LONG, i), "flag of PE " + i);
                assertEquals(secret(round, i, me), payload.local().getAtIndex(ValueLayout.JAVA_LONG, i),
                    "the payload of PE " + i + " came before its flag");
                status[i] = 1;
            }
            assertEquals(-1, shmem.waitUntilAnyLong(flags, 0, n, status, Cmp.GE, round), "every element excluded");
            shmem.barrierAll();
        }
    }

    @MultiPeTest(pes = {2, 4, 8})
    void shouldCollectEveryPeersFlagThroughWaitUntilSome(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final SymmetricSegment counts = shmem.calloc(n, ValueLayout.JAVA_INT);
        final Random random = new Random(31L * me + 5);
        final int[] indices = new int[n];
        for (int round = 1; round <= ROUNDS; round++)
        {
            for (final int to : others(shmem, random))
            {
                pause(random);
                // an atomic add and a plain store leave the same count: one more each round
                if (random.nextBoolean())
                {
                    shmem.atomicAddInt(counts, me, 1, to);
                }
                else
                {
                    shmem.pInt(counts, me, round, to);
                }
            }
            final int[] status = excludingMe(shmem);
            int seen = 0;
            while (seen < n - 1)
            {
                Arrays.fill(indices, -7);
                final int found = round % 2 == 0 ? shmem.waitUntilSomeInt(counts, 0, n, indices, status, Cmp.GE, round) :
                    shmem.waitUntilSome(ValueLayout.JAVA_INT, counts, 0, n, indices, status, Cmp.GE, round);
                assertTrue(found >= 1 && seen + found <= n - 1, "round " + round + ": " + found + " after " + seen);
                for (int k = 0; k < found; k++)
                {
                    final int i = indices[k];
                    assertTrue(k == 0 || i > indices[k - 1], "indices not increasing: " + Arrays.toString(indices));
                    assertTrue(i >= 0 && i < n && status[i] == 0, "index " + i + " was excluded");
                    assertEquals(round, counts.local().getAtIndex(ValueLayout.JAVA_INT, i), "count of PE " + i);
                    status[i] = 1;
                }
                assertEquals(-7, found < n ? indices[found] : -7, "an index was written past the count");
                seen += found;
            }
            assertEquals(0, shmem.waitUntilSomeInt(counts, 0, n, indices, status, Cmp.GE, round));
            shmem.barrierAll();
        }
    }

    @MultiPeTest(pes = {2, 4, 8})
    void shouldWaitForEveryElementAndEachValueOfAVector(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final SymmetricSegment tags = shmem.calloc(n, ValueLayout.JAVA_LONG);
        final SymmetricSegment rounds = shmem.calloc(n, ValueLayout.JAVA_INT);
        final Random random = new Random(7L * me + 3);
        final int[] status = excludingMe(shmem);
        final int[] indices = new int[n];
        for (int round = 1; round <= ROUNDS; round++)
        {
            for (final int to : others(shmem, random))
            {
                pause(random);
                shmem.atomicSetLong(tags, me, secret(round, me, to), to);
                pause(random);
                shmem.pInt(rounds, me, round, to);
            }
            // the vector holds each sender's own tag: only that one value satisfies its element
            final long[] tagged = new long[n];
            final long[] before = new long[n];
            final int[] expected = new int[n];
            for (int pe = 0; pe < n; pe++)
            {
                tagged[pe] = secret(round, pe, me);
                before[pe] = round == 1 ? 0 : secret(round - 1, pe, me);
                expected[pe] = round;
            }
            shmem.waitUntilAllVectorLong(tags, 0, n, status, Cmp.EQ, tagged);
            if (round % 2 == 0)
            {
                shmem.waitUntilAllInt(rounds, 0, n, status, Cmp.EQ, round);
            }
            else
            {
                shmem.waitUntilAll(ValueLayout.JAVA_INT, rounds, 0, n, status, Cmp.GE, round);
            }
            for (int pe = 0; pe < n; pe++)
            {
                if (pe != me)
                {
                    assertEquals(tagged[pe], tags.local().getAtIndex(ValueLayout.JAVA_LONG, pe), "tag of PE " + pe);
                    assertEquals(round, rounds.local().getAtIndex(ValueLayout.JAVA_INT, pe), "round of PE " + pe);
                }
            }
            // every element holds now: the tests say so, and Some returns them all
            assertTrue(shmem.testAllVectorLong(tags, 0, n, status, Cmp.EQ, tagged));
            assertTrue(shmem.testAllVector(ValueLayout.JAVA_INT, rounds, 0, n, status, Cmp.EQ, expected));
            assertTrue(shmem.testAllInt(rounds, 0, n, status, Cmp.LE, round));
            final int any = shmem.waitUntilAnyVectorLong(tags, 0, n, status, Cmp.NE, before);
            assertTrue(any >= 0 && any != me, "waitUntilAnyVectorLong returned " + any);
            assertEquals(n - 1, shmem.waitUntilSomeVectorLong(tags, 0, n, indices, status, Cmp.NE, before));
            assertArrayEquals(othersInOrder(shmem), Arrays.copyOf(indices, n - 1));
            assertEquals(n - 1, shmem.testSomeVectorInt(rounds, 0, n, indices, status, Cmp.GE, expected));
            assertArrayEquals(othersInOrder(shmem), Arrays.copyOf(indices, n - 1));
            // a vector that one element does not satisfy: that one is the only miss
            final int odd = (me + 1) % n;
            expected[odd] = round + 1;
            assertFalse(shmem.testAllVectorInt(rounds, 0, n, status, Cmp.EQ, expected));
            assertEquals(n - 2, shmem.testSomeVectorInt(rounds, 0, n, indices, status, Cmp.EQ, expected));
            final int hit = shmem.testAnyVectorInt(rounds, 0, n, status, Cmp.EQ, expected);
            assertTrue(n == 2 ? hit == -1 : hit >= 0 && hit != me && hit != odd, "testAnyVectorInt returned " + hit);
            assertEquals(odd, shmem.testAnyVectorInt(rounds, 0, n, status, Cmp.LT, expected));
            shmem.barrierAll();
        }
    }

    private static int[] othersInOrder(final Ishmem shmem)
    {
        final int[] others = new int[shmem.nPes() - 1];
        for (int pe = 0, k = 0; pe < shmem.nPes(); pe++)
        {
            if (pe != shmem.myPe())
            {
                others[k++] = pe;
            }
        }
        return others;
    }

    /**
     * PE 0 tests flags that no PE can have set yet, since the others set them only once told to: a test that
     * blocked would hang the job. Then it polls, as the specification's example does, until every flag is in.
     */
    @MultiPeTest(pes = {2, 4, 8})
    void shouldTestWithoutBlockingThenSeeEveryFlagByPolling(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final SymmetricSegment flags = shmem.calloc(n, ValueLayout.JAVA_LONG);
        final SymmetricSegment go = shmem.calloc(1, ValueLayout.JAVA_LONG);
        if (me != 0)
        {
            shmem.waitUntilLong(go, 0, Cmp.EQ, 1);
            pause(new Random(me));
            shmem.atomicSetLong(flags, me, me + 100L, 0);
        }
        else
        {
            final int[] status = excludingMe(shmem);
            final int[] indices = new int[n];
            final long[] values = new long[n];
            Arrays.fill(values, 1);
            assertFalse(shmem.testAllLong(flags, 0, n, status, Cmp.GE, 100));
            assertEquals(-1, shmem.testAnyLong(flags, 0, n, status, Cmp.GE, 100));
            assertEquals(0, shmem.testSomeLong(flags, 0, n, indices, status, Cmp.GE, 100));
            assertFalse(shmem.testAllVectorLong(flags, 0, n, status, Cmp.GE, values));
            assertEquals(-1, shmem.testAnyVector(ValueLayout.JAVA_LONG, flags, 0, n, status, Cmp.GE, values));
            assertEquals(0, shmem.testSomeVectorLong(flags, 0, n, indices, status, Cmp.GE, values));
            for (int pe = 1; pe < n; pe++)
            {
                shmem.pLong(go, 0, 1, pe);
            }
            final BitSet seen = new BitSet();
            long polls = 0;
            while (seen.cardinality() < n - 1)
            {
                polls++;
                final int i = shmem.testAnyLong(flags, 0, n, status, Cmp.GE, 100);
                if (i >= 0)
                {
                    assertEquals(i + 100L, flags.local().getAtIndex(ValueLayout.JAVA_LONG, i));
                    assertFalse(seen.get(i), "index " + i + " returned though excluded");
                    seen.set(i);
                    status[i] = 1;
                }
                else if (polls % 64 == 0)
                {
                    // the senders may share this core: overlap some "computation" by giving it to them
                    Thread.yield();
                }
            }
            assertTrue(shmem.testAllLong(flags, 0, n, excludingMe(shmem), Cmp.GE, 100));
        }
        shmem.barrierAll();
    }

    /**
     * The specification's fairness rule: if element i keeps satisfying the condition, a series of Any calls
     * returns i sooner or later, although every other element satisfies it too and nothing is excluded.
     */
    @MultiPeTest(pes = 2)
    void shouldReturnEverySatisfiedElementFromASeriesOfAnyCalls(final Ishmem shmem)
    {
        final int elements = 16;
        final SymmetricSegment words = shmem.calloc(elements, ValueLayout.JAVA_INT);
        for (int i = 0; i < elements; i++)
        {
            shmem.pInt(words, i, 5, shmem.myPe());
        }
        for (final boolean blocking : new boolean[] {true, false})
        {
            final BitSet returned = new BitSet();
            for (int call = 0; call < 100_000 && returned.cardinality() < elements; call++)
            {
                returned.set(blocking ? shmem.waitUntilAnyInt(words, 0, elements, null, Cmp.EQ, 5) :
                    shmem.testAnyInt(words, 0, elements, null, Cmp.EQ, 5));
            }
            assertEquals(elements, returned.cardinality(), (blocking ? "waitUntilAnyInt" : "testAnyInt") +
                " returned only " + returned);
        }
        shmem.barrierAll();
    }

    /**
     * The set is what C says: indices count from the start index, any nonzero status excludes, and an empty set
     * (nelems 0, or every element excluded) ends the waits at once with the values the specification gives.
     */
    @MultiPeTest(pes = 2)
    void shouldTreatEmptySetsAndOffsetsAsTheSpecificationSays(final Ishmem shmem)
    {
        final SymmetricSegment longs = shmem.calloc(8, ValueLayout.JAVA_LONG);
        final SymmetricSegment ints = shmem.calloc(8, ValueLayout.JAVA_INT);
        final int[] indices = {-7, -7, -7, -7};
        final int[] excluded = {1, -1, 2, Integer.MIN_VALUE};
        final long[] longValues = {9, 9, 9, 9};
        final int[] intValues = {9, 9, 9, 9};
        // nothing is 9, so only an empty set lets a wait return
        for (final int nelems : new int[] {0, 4})
        {
            final int[] status = nelems == 0 ? null : excluded;
            shmem.waitUntilAllLong(longs, 2, nelems, status, Cmp.EQ, 9);
            shmem.waitUntilAllVectorInt(ints, 4, nelems, status, Cmp.EQ, intValues);
            assertEquals(-1, shmem.waitUntilAnyInt(ints, 1, nelems, status, Cmp.EQ, 9));
            assertEquals(-1, shmem.waitUntilAnyVectorLong(longs, 3, nelems, status, Cmp.EQ, longValues));
            assertEquals(0, shmem.waitUntilSomeLong(longs, 0, nelems, indices, status, Cmp.EQ, 9));
            assertEquals(0, shmem.waitUntilSomeVector(ValueLayout.JAVA_INT, ints, 4, nelems, indices, status, Cmp.EQ,
                intValues));
            assertTrue(shmem.testAllInt(ints, 4, nelems, status, Cmp.EQ, 9), "the errata: an empty set is all true");
            assertTrue(shmem.testAllVectorLong(longs, 4, nelems, status, Cmp.EQ, longValues));
            assertEquals(-1, shmem.testAnyLong(longs, 4, nelems, status, Cmp.EQ, 9));
            assertEquals(-1, shmem.testAnyVectorInt(ints, 0, nelems, status, Cmp.EQ, intValues));
            assertEquals(0, shmem.testSomeInt(ints, 4, nelems, indices, status, Cmp.EQ, 9));
            assertEquals(0, shmem.testSomeVectorLong(longs, 4, nelems, indices, status, Cmp.EQ, longValues));
        }
        assertArrayEquals(new int[] {-7, -7, -7, -7}, indices, "an empty set wrote indices");
        // a set that starts at element 3 of the segment: the indices returned count from there
        longs.local().setAtIndex(ValueLayout.JAVA_LONG, 5, 42);
        longs.local().setAtIndex(ValueLayout.JAVA_LONG, 7, 42);
        final int[] found = new int[8];
        assertEquals(2, shmem.waitUntilSomeLong(longs, 3, 5, found, null, Cmp.EQ, 42));
        assertArrayEquals(new int[] {2, 4}, Arrays.copyOf(found, 2));
        assertEquals(4, shmem.waitUntilAnyLong(longs, 3, 5, new int[] {0, 0, 5, 0, 0}, Cmp.EQ, 42));
        assertTrue(shmem.testAllLong(longs, 3, 5, new int[] {1, 1, 0, 1, 0}, Cmp.EQ, 42));
        // ints compare signed, with the value an int's: the low 32 bits of the generic form's long
        ints.local().setAtIndex(ValueLayout.JAVA_INT, 6, -1);
        assertEquals(6, shmem.testAnyInt(ints, 0, 8, null, Cmp.LT, 0));
        assertEquals(6, shmem.testAny(ValueLayout.JAVA_INT, ints, 0, 8, null, Cmp.EQ, 0xFFFF_FFFFL));
        assertEquals(1, shmem.testSomeInt(ints, 0, 8, found, null, Cmp.LT, 0));
        assertEquals(6, found[0]);
        shmem.barrierAll();
    }

    private static void refused(final Class<? extends Throwable> type, final String expected, final Executable call)
    {
        final Throwable ex = assertThrows(type, call);
        assertTrue(ex.getMessage().startsWith(expected), "message '" + ex.getMessage() + "' is not '" + expected +
            "...'");
    }

    @MultiPeTest(pes = 2)
    void shouldRefuseBadArgumentsNamingThemAndTheirRange(final Ishmem shmem)
    {
        final SymmetricSegment longs = shmem.calloc(8, ValueLayout.JAVA_LONG);
        final SymmetricSegment freed = shmem.calloc(8, ValueLayout.JAVA_LONG);
        final long freedAt = freed.heapOffset();
        shmem.free(freed);
        final int[] four = new int[4];
        refused(IndexOutOfBoundsException.class, "waitUntilAllLong: status has 3 elements, fewer than nelems=4",
            () -> shmem.waitUntilAllLong(longs, 0, 4, new int[3], Cmp.EQ, 0));
        refused(NullPointerException.class, "waitUntilSomeInt: indices is null",
            () -> shmem.waitUntilSomeInt(longs, 0, 4, null, null, Cmp.EQ, 0));
        refused(IndexOutOfBoundsException.class, "testSomeLong: indices has 1 element, fewer than nelems=2",
            () -> shmem.testSomeLong(longs, 0, 2, new int[1], null, Cmp.EQ, 0));
        refused(IndexOutOfBoundsException.class, "testAllVectorLong: values has 2 elements, fewer than nelems=4",
            () -> shmem.testAllVectorLong(longs, 0, 4, null, Cmp.EQ, new long[2]));
        refused(NullPointerException.class, "waitUntilAnyVectorInt: values is null",
            () -> shmem.waitUntilAnyVectorInt(longs, 0, 4, null, Cmp.EQ, null));
        refused(IllegalArgumentException.class, "waitUntilAnyVectorInt: values is a long[], not the int[] that " +
            "int elements are compared with", () -> shmem.waitUntilAnyVector(ValueLayout.JAVA_INT, longs, 0, 4,
            null, Cmp.EQ, new long[4]));
        refused(NullPointerException.class, "waitUntilAll: type is null",
            () -> shmem.waitUntilAll(null, longs, 0, 4, null, Cmp.EQ, 0));
        refused(IllegalArgumentException.class, "testAny: type=" + ValueLayout.JAVA_DOUBLE + " is not JAVA_INT or " +
            "JAVA_LONG", () -> shmem.testAny(ValueLayout.JAVA_DOUBLE, longs, 0, 4, null, Cmp.EQ, 0));
        refused(IllegalArgumentException.class, "testAllLong: nelems=-1 is negative",
            () -> shmem.testAllLong(longs, 0, -1, null, Cmp.EQ, 0));
        refused(IndexOutOfBoundsException.class, "testAnyInt: ivars index=-1 is negative",
            () -> shmem.testAnyInt(longs, -1, 1, null, Cmp.EQ, 0));
        refused(IndexOutOfBoundsException.class, "waitUntilAllLong: ivars index=6 + nelems=4 is past the end: the " +
            "segment holds 8 longs", () -> shmem.waitUntilAllLong(longs, 6, 4, null, Cmp.EQ, 0));
        refused(IndexOutOfBoundsException.class, "waitUntilSomeInt: ivars index=" + Long.MAX_VALUE + " + nelems=1 " +
            "is past the end: the segment holds 16 ints",
            () -> shmem.waitUntilSomeInt(longs, Long.MAX_VALUE, 1, four, null, Cmp.EQ, 0));
        refused(IllegalArgumentException.class, "testSomeLong: ivars element 0 is at heap offset " +
            (longs.heapOffset() + 4) + ", not 8-byte aligned", () -> shmem.testSomeLong(longs.slice(4), 0, 1, four,
            null, Cmp.EQ, 0));
        refused(NullPointerException.class, "waitUntilAllInt: cmp is null",
            () -> shmem.waitUntilAllInt(longs, 0, 4, null, null, 0));
        refused(NullPointerException.class, "waitUntilAllVectorLong: ivars is null",
            () -> shmem.waitUntilAllVectorLong(null, 0, 4, null, Cmp.EQ, new long[4]));
        refused(IllegalArgumentException.class, "testAllLong: ivars ForeignSegment",
            () -> shmem.testAllLong(new ForeignSegment(64), 0, 1, null, Cmp.EQ, 0));
        refused(IllegalStateException.class, "waitUntilAnyLong: ivars (the segment at heap offset " + freedAt +
            ") was freed", () -> shmem.waitUntilAnyLong(freed, 0, 0, null, Cmp.EQ, 0));
        assertArrayEquals(new int[4], four, "a refused call wrote indices");
        shmem.barrierAll();
    }

    /**
     * PE 3 halts once the others wait on a set of words that only it would complete, each with another routine;
     * each wait must end naming PE 3 and the routine. The halting PE goes only once they say they are about to wait.
     */
    static void haltWhileOthersWaitOnASet(final Ishmem shmem)
    {
        final int n = shmem.nPes();
        final int dying = n - 1;
        final SymmetricSegment flags = shmem.calloc(n, ValueLayout.JAVA_LONG);
        final SymmetricSegment waiting = shmem.calloc(n, ValueLayout.JAVA_LONG);
        final int me = shmem.myPe();
        if (me == dying)
        {
            for (int pe = 0; pe < dying; pe++)
            {
                shmem.waitUntilLong(waiting, pe, Cmp.EQ, 1);
            }
            Runtime.getRuntime().halt(3);
        }
        // every survivor's flag is set on every PE before any of them says it waits: only PE 3's is missing
        for (int pe = 0; pe < n; pe++)
        {
            shmem.pLong(flags, me, 1, pe);
        }
        shmem.quiet();
        shmem.pLong(waiting, me, 1, dying);
        final int[] status = new int[n];
        status[me] = 1;
        final int[] indices = new int[n];
        final long[] ones = new long[n];
        Arrays.fill(ones, 1);
        FailureMultiPeTest.expectFailure(switch (me)
        {
            case 0 -> () -> shmem.waitUntilAllLong(flags, 0, n, null, Cmp.EQ, 1);
            // the elements of the survivors are excluded: only PE 3's could end these
            case 1 -> () -> shmem.waitUntilAnyVectorLong(flags, 0, n, excludeAllBut(n, dying), Cmp.EQ, ones);
            default -> () -> shmem.waitUntilSomeInt(flags, 2 * dying, 2, indices, null, Cmp.NE, 0);
        });
    }

    private static int[] excludeAllBut(final int n, final int kept)
    {
        final int[] status = new int[n];
        Arrays.fill(status, 1);
        status[kept] = 0;
        return status;
    }

    @Test
    @Timeout(60)
    void shouldEndEveryKindOfSetWaitWithTheNameOfAPeThatDies()
    {
        final JobResult result = MultiPeJob.of(MultiWaitMultiPeTest.class, "haltWhileOthersWaitOnASet").pes(4)
            .grace(Duration.ofSeconds(15)).run();
        FailureMultiPeTest.assertSurvivorsNamed(result, 3, 3, "waitUntil");
        final String[] waits = {"waitUntilAllLong(EQ 1, element 3 of nelems=4 last seen 0)",
            "waitUntilAnyVectorLong(EQ values[i] on nelems=4 elements, none seen to hold)",
            "waitUntilSomeInt(NE 0 on nelems=2 elements, none seen to hold)"};
        for (int pe = 0; pe < waits.length; pe++)
        {
            final int survivor = pe;
            assertTrue(result.output(pe).stream().anyMatch(line -> line.startsWith(FailureMultiPeTest.SEEN) &&
                line.contains(waits[survivor])), "PE " + pe + " did not name " + waits[pe] + ": " + result.output(pe));
        }
    }
}
