package consumer;

import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;

import java.lang.foreign.ValueLayout;

/**
 * Each PE puts its rank into the next PE's memory, then checks that the previous PE's rank arrived.
 */
public final class RankRing
{
    private RankRing()
    {
    }

    public static void main(final String[] args)
    {
        try (Ishmem shmem = Ishmem.init())
        {
            final int me = shmem.myPe();
            final int n = shmem.nPes();
            final SymmetricSegment slot = shmem.calloc(1, ValueLayout.JAVA_LONG);
            shmem.pLong(slot, 0, me, (me + 1) % n);
            shmem.barrierAll();
            final long received = slot.local().get(ValueLayout.JAVA_LONG, 0);
            final long expected = (me + n - 1) % n;
            if (received != expected)
            {
                throw new AssertionError("PE " + me + " of " + n + " received " + received + ", expected " + expected);
            }
            System.out.println("consumer RankRing: PE " + me + " of " + n + " received " + received);
        }
    }
}
