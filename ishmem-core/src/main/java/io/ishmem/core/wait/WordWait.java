package io.ishmem.core.wait;

import io.ishmem.Cmp;
import io.ishmem.core.observe.Observe;
import io.ishmem.core.observe.WaitEvent;
import io.ishmem.core.transport.Transport;

/**
 * The waiting part of waitUntil and signalWaitUntil, entered once the condition has been seen not to hold, most
 * often after the first batch of spins, which the caller makes where it was called (see {@link Waits}):
 * batches of tight spins through the transport ({@link Transport#spinWhileUnchanged}), the condition evaluated
 * once per change of the word, and between batches the slow steps of the {@link WaitStrategy} (liveness check,
 * yield, park). A signed comparison is made unsigned by flipping the sign bit of both sides, so one loop serves
 * {@code long} and {@code int} words and the unsigned signal words alike.
 */
public final class WordWait
{
    /** Flip of a signed 64-bit comparison. */
    public static final long SIGNED_LONG = Long.MIN_VALUE;
    /** Flip of a signed 32-bit comparison of zero-extended words. */
    public static final long SIGNED_INT = 0x8000_0000L;
    /** Flip of an unsigned comparison. */
    public static final long UNSIGNED = 0;

    private WordWait()
    {
    }

    /**
     * @param call      the API call, for the failure message and the wait event.
     * @param transport the transport of the word's heap.
     * @param at        the word's heap offset.
     * @param size      4 or 8.
     * @param cmp       the comparison.
     * @param value     the value compared with, zero-extended when {@code size} is 4.
     * @param flip      {@link #SIGNED_LONG}, {@link #SIGNED_INT} or {@link #UNSIGNED}.
     * @param seen      the word as last read, for which the condition did not hold.
     * @param spun      the loads the caller spun through ({@link WaitStrategy#callerSpins}) before it read
     *                  {@code seen}, 0 if none.
     * @param first     the word as read before those spins (the same as {@code seen} when they saw no change).
     * @return the word's value that satisfied the condition (zero-extended when {@code size} is 4).
     */
    public static long await(final String call, final Transport transport, final long at, final int size,
        final Cmp cmp, final long value, final long flip, final long seen, final int spun, final long first,
        final WaitStrategy strategy, final Liveness liveness)
    {
        final WaitEvent event = Observe.waitBegin();
        final long target = value ^ flip;
        long now = seen;
        // the caller's batch counted as the loop below counts its own: a batch that saw no change is spent
        int idle = spun == 0 ? 0 : seen == first ? spun : 1;
        while (true)
        {
            final int spins = strategy.spinBatch(idle);
            if (spins > 0)
            {
                final long before = now;
                now = transport.spinWhileUnchanged(at, size, before, spins);
                if (cmp.holdsUnsigned(now ^ flip, target))
                {
                    break;
                }
                // a word that moves without meeting the condition counts one spin per change
                idle += now == before ? spins : 1;
                if (now != before)
                {
                    continue;
                }
            }
            // backs off to yields and parks, so 8 PEs waiting on 2 cores leave the core to the PE that signals
            idle = strategy.idle(idle, liveness);
            now = transport.loadAcquire(at, size);
            if (cmp.holdsUnsigned(now ^ flip, target))
            {
                break;
            }
            if (idle < 0)
            {
                throw liveness.failure(call + "(" + cmp + " " + format(value, flip) + ", last seen " +
                    format(now, flip) + ")");
            }
        }
        Observe.waitEnd(event, call, at, 1, cmp, flip == UNSIGNED ? value : signed(value, flip), flip == UNSIGNED);
        return now;
    }

    private static String format(final long word, final long flip)
    {
        return flip == UNSIGNED ? Long.toUnsignedString(word) : Long.toString(signed(word, flip));
    }

    private static long signed(final long word, final long flip)
    {
        return flip == SIGNED_INT ? (int)word : word;
    }
}
