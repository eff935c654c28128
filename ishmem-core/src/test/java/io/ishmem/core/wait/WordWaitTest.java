package io.ishmem.core.wait;

import io.ishmem.Cmp;
import io.ishmem.PeFailureException;
import io.ishmem.core.transport.shm.ShmTransport;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The waiting loop of waitUntil and signalWaitUntil on a real shared-memory transport over one heap: signed
 * and unsigned comparisons through the sign-bit flip, a word that moves without meeting the condition, and
 * the failure of a job noticed between spin batches. A wrong comparison does not hang: the liveness below
 * reports a failure after a few seconds of slow steps.
 */
class WordWaitTest
{
    /** Alive for {@code budgetNs} after its creation, then failed. */
    private static final class DeadlineLiveness implements Liveness
    {
        private final long deadline;

        DeadlineLiveness(final long budgetNs)
        {
            this.deadline = System.nanoTime() + budgetNs;
        }

        @Override
        public boolean probe(final boolean thoroughCheck)
        {
            return System.nanoTime() - deadline < 0;
        }

        @Override
        public PeFailureException failure(final String call)
        {
            return new PeFailureException(1, "PE 1 exited while PE 0 waits in " + call);
        }
    }

    private static final WaitStrategy QUICK_BACKOFF = WaitStrategy.of("backoff", 64, 4, 1_000, 100_000);
    private static final long FIVE_SECONDS = TimeUnit.SECONDS.toNanos(5);

    /** Writes {@code values} to the word one after another, a millisecond apart, in another thread. */
    private static Thread writeLater(final MemorySegment heap, final int size, final long... values)
    {
        final Thread writer = new Thread(() ->
        {
            for (final long value : values)
            {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
                if (size == Integer.BYTES)
                {
                    heap.set(ValueLayout.JAVA_INT, 0, (int)value);
                }
                else
                {
                    heap.set(ValueLayout.JAVA_LONG, 0, value);
                }
            }
        });
        writer.start();
        return writer;
    }

    /**
     * Starts with {@code initial} in the word, writes {@code writes} later from another thread, and waits.
     *
     * @return what the wait returned.
     */
    private static long awaitWrites(final String call, final int size, final Cmp cmp, final long value,
        final long flip, final long initial, final long... writes) throws InterruptedException
    {
        try (Arena arena = Arena.ofShared())
        {
            final MemorySegment heap = arena.allocate(64, 64);
            if (size == Integer.BYTES)
            {
                heap.set(ValueLayout.JAVA_INT, 0, (int)initial);
            }
            else
            {
                heap.set(ValueLayout.JAVA_LONG, 0, initial);
            }
            final Thread writer = writeLater(heap, size, writes);
            final long seen = WordWait.await(call, new ShmTransport(0, new MemorySegment[] {heap}), 0, size, cmp,
                value, flip, initial, 0, initial, QUICK_BACKOFF, new DeadlineLiveness(FIVE_SECONDS));
            writer.join();
            return seen;
        }
    }

    @Test
    void shouldCompareIntWordsSigned() throws InterruptedException
    {
        // -3 is 0xFFFFFFFD zero-extended: read unsigned it would never be below 0
        assertEquals(-3, (int)awaitWrites("waitUntilInt", Integer.BYTES, Cmp.LT, 0, WordWait.SIGNED_INT, 5, 9, -3));
    }

    @Test
    void shouldCompareLongWordsSignedAndGoOnWhenTheWordMovesWithoutMeetingTheCondition()
        throws InterruptedException
    {
        assertEquals(-5, awaitWrites("waitUntilLong", Long.BYTES, Cmp.GT, -10, WordWait.SIGNED_LONG, -20, -15, -12,
            -11, -5));
    }

    @Test
    void shouldCompareSignalWordsUnsigned() throws InterruptedException
    {
        // Long.MIN_VALUE + 1 is 2^63 + 1 unsigned, at or above 2^63; signed it would be far below
        assertEquals(Long.MIN_VALUE + 1, awaitWrites("signalWaitUntil", Long.BYTES, Cmp.GE, Long.MIN_VALUE,
            WordWait.UNSIGNED, 5, Long.MIN_VALUE + 1));
    }

    @Test
    void shouldNameTheCallTheConditionAndTheLastValueWhenTheJobFails()
    {
        try (Arena arena = Arena.ofShared())
        {
            final MemorySegment heap = arena.allocate(64, 64);
            heap.set(ValueLayout.JAVA_INT, 0, 7);
            final ShmTransport transport = new ShmTransport(0, new MemorySegment[] {heap});
            final PeFailureException ex = assertThrows(PeFailureException.class, () -> WordWait.await("waitUntilInt",
                transport, 0, Integer.BYTES, Cmp.LT, Integer.toUnsignedLong(-1), WordWait.SIGNED_INT, 7, 0, 7,
                QUICK_BACKOFF, new DeadlineLiveness(0)));
            assertTrue(ex.getMessage().endsWith("waits in waitUntilInt(LT -1, last seen 7)"), ex.getMessage());
            heap.set(ValueLayout.JAVA_LONG, 8, -1);
            final PeFailureException unsigned = assertThrows(PeFailureException.class, () -> WordWait.await(
                "signalWaitUntil", transport, 8, Long.BYTES, Cmp.EQ, 3, WordWait.UNSIGNED, -1, 0, -1, QUICK_BACKOFF,
                new DeadlineLiveness(0)));
            assertTrue(unsigned.getMessage().endsWith("(EQ 3, last seen 18446744073709551615)"),
                unsigned.getMessage());
        }
    }
}
