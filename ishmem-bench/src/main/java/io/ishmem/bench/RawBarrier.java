package io.ishmem.bench;

import io.ishmem.SymmetricSegment;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The floor of every barrier: the barrier the library runs, of raw memory operations and no library code. Where
 * every PE has a CPU, a dissemination barrier of release stores into the peers' mapped words and acquire spins on
 * our own: round {@code r}'s word sits on its own 64-byte line from {@code offset}, and only the PE {@code 2^r}
 * before us writes it. Oversubscribed, the library's counter barrier: each PE adds one to PE 0's word at
 * {@code offset}, and the one that makes it {@code nPes x epoch} stores the epoch into every PE's word on the next
 * line, where the others wait, yielding.
 */
public final class RawBarrier
{
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final long LINE = 64;

    private final MemorySegment mine;
    /** Each round's target; oversubscribed, every PE, whose release words the last to arrive stores. */
    private final MemorySegment[] targets;
    /** PE 0's words, where an oversubscribed barrier counts; null otherwise. */
    private final MemorySegment count;
    private final long offset;
    private final boolean oversubscribed;
    private long epoch;

    /**
     * @param words          symmetric words of this barrier only, zero on every PE, with room for
     *                       {@code offset + 64 * max(2, ceil(log2 nPes))} bytes.
     * @param offset         where round 0's word is, a multiple of 64.
     * @param me             this PE.
     * @param nPes           the PE count.
     * @param oversubscribed whether PEs outnumber CPUs: the spin then yields, as the library's waits do.
     */
    public RawBarrier(final SymmetricSegment words, final long offset, final int me, final int nPes,
        final boolean oversubscribed)
    {
        final int rounds = nPes <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(nPes - 1);
        if (offset % LINE != 0 || offset + LINE * Math.max(2, rounds) > words.byteSize())
        {
            throw new IllegalArgumentException("RawBarrier: offset=" + offset + " + 64 x max(2, " + rounds +
                " rounds) is not within words of " + words.byteSize() + " bytes on a 64-byte line");
        }
        this.mine = words.local();
        final boolean counted = oversubscribed && nPes > 1;
        this.count = counted ? words.peerView(0).orElseThrow() : null;
        this.targets = new MemorySegment[counted ? nPes : rounds];
        for (int i = 0; i < targets.length; i++)
        {
            targets[i] = words.peerView(counted ? i : (me + (1 << i)) % nPes).orElseThrow();
        }
        this.offset = offset;
        this.oversubscribed = oversubscribed;
    }

    /** Waits until every PE has arrived. */
    public void arrive()
    {
        final long next = ++epoch;
        if (count != null)
        {
            final long release = offset + LINE;
            if ((long)LONG.getAndAdd(count, offset, 1L) == targets.length * next - 1)
            {
                for (final MemorySegment target : targets)
                {
                    LONG.setRelease(target, release, next);
                }
            }
            spinOrYield(release, next);
            return;
        }
        for (int r = 0; r < targets.length; r++)
        {
            final long at = offset + LINE * r;
            // release: whatever we wrote before the barrier is visible to the PE that sees this epoch
            LONG.setRelease(targets[r], at, next);
            spinOrYield(at, next);
        }
    }

    /** Starts again from epoch 0, once the caller has zeroed the words on every PE and synchronised. */
    public void reset()
    {
        epoch = 0;
    }

    private void spinOrYield(final long at, final long value)
    {
        // an oversubscribed floor must yield too, or it measures the scheduler's time slice
        int spins = 0;
        while ((long)LONG.getAcquire(mine, at) < value)
        {
            if (oversubscribed && ++spins > 20)
            {
                Thread.yield();
            }
            else
            {
                Thread.onSpinWait();
            }
        }
    }
}
