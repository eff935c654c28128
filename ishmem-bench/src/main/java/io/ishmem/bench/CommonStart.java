package io.ishmem.bench;

import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;

import java.lang.foreign.ValueLayout;

/**
 * Starts a collective's sample at one instant on every PE (window-based synchronisation, as ReproMPI times MPI
 * collectives): PE 0 publishes an instant a little ahead, a barrier passes it on, and each PE waits for it by its
 * own clock ({@code System.nanoTime}, CLOCK_MONOTONIC, one clock for every process of a host).
 *
 * <p>A sample started by a barrier alone starts each PE when it leaves that barrier, and the last PE to arrive
 * leaves it first, a cross-core transfer before the others. Who arrives last is set by what the loop did before: in
 * a loop of 2-PE splits, the member of the new team destroys it outside the sample and arrives last, so
 * its split was timed from a head start of a whole transfer (260 ns of 650 on the project's AMD VM) while two
 * barriers, whose loop leaves both PEs together, were timed without one. From a common instant both are timed from
 * the same start.
 *
 * <p>Where the PEs outnumber the CPUs, a PE spinning until the instant would hold a CPU that a PE still on its way
 * needs: there a sample starts when this PE leaves the barrier, as before.
 */
final class CommonStart
{
    /**
     * How far ahead of its barrier PE 0 sets the instant: past the barrier's skew and the read of the instant (a
     * cross-core transfer each, 50 to 300 ns on the VMs the bench ran on), with room for a late PE.
     */
    static final long AHEAD_NS = 2_000;

    private final Ishmem shmem;
    private final SymmetricSegment words;
    private final boolean atOneInstant;
    private final boolean pe0;
    /** How many starts this PE has made: the parity picks the word of the next. */
    private long starts;

    /**
     * @param shmem the runtime.
     * @param words two longs on every PE, PE 0's of which carry the instants; nothing else may use them meanwhile.
     */
    CommonStart(final Ishmem shmem, final SymmetricSegment words)
    {
        this.shmem = shmem;
        this.words = words;
        this.pe0 = shmem.myPe() == 0;
        this.atOneInstant = !JobCpus.oversubscribed(shmem.nPes());
    }

    /**
     * A barrier, then the wait for the common instant; collective.
     *
     * @return the instant this PE's sample is timed from: the common one, or where PEs outnumber the CPUs, this PE's
     *         exit from the barrier. A PE that gets past the barrier after the instant is timed from the instant all
     *         the same, so its lateness counts, as it would in a sample started at its barrier.
     */
    long await()
    {
        if (!atOneInstant)
        {
            shmem.barrierAll();
            return System.nanoTime();
        }
        // the instants take turns in two words: PE 0 writes one only after the barrier of the start before, which
        // every PE reached after its read of the start before that, from this word
        final long index = starts++ & 1;
        final long set = pe0 ? System.nanoTime() + AHEAD_NS : 0;
        if (pe0)
        {
            words.local().setAtIndex(ValueLayout.JAVA_LONG, index, set);
        }
        shmem.barrierAll();
        final long at = pe0 ? set : shmem.gLong(words, index, 0);
        while (System.nanoTime() < at)
        {
            Thread.onSpinWait();
        }
        return at;
    }

    /** @return whether samples start at one instant (the PEs fit the CPUs), else at each PE's barrier exit. */
    boolean atOneInstant()
    {
        return atOneInstant;
    }
}
