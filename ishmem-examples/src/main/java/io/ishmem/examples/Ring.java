package io.ishmem.examples;

import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;

import java.lang.foreign.ValueLayout;

/**
 * Each PE puts its number into the next PE's copy of a symmetric long, then reads what its previous PE put:
 * {@code ishmemrun -n 4 --class io.ishmem.examples.Ring}.
 */
public final class Ring
{
    private Ring()
    {
    }

    /**
     * Prints {@code PE <me> received <value> from PE <prev>}; exits with status 1 if the value is not
     * {@code prev}.
     *
     * @param args ignored.
     */
    public static void main(final String[] args)
    {
        final boolean receivedPrev;
        try (Ishmem shmem = Ishmem.init())
        {
            final int me = shmem.myPe();
            final int n = shmem.nPes();
            final int next = (me + 1) % n;
            final int prev = (me + n - 1) % n;

            final SymmetricSegment dest = shmem.calloc(1, ValueLayout.JAVA_LONG);
            shmem.pLong(dest, 0, me, next);
            // completes every put, so each PE's copy holds its previous PE's number
            shmem.barrierAll();

            final long value = dest.local().get(ValueLayout.JAVA_LONG, 0);
            System.out.println("PE " + me + " received " + value + " from PE " + prev);
            receivedPrev = value == prev;
            shmem.free(dest);
        }
        if (!receivedPrev)
        {
            System.exit(1);
        }
    }
}
