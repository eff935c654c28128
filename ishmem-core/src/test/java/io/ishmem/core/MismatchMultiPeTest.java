package io.ishmem.core;

import io.ishmem.CollectiveMismatchException;
import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeTest;

import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Issue 17, finding 1: a PE in another collective is reported on every PE, every time: 10,000 back-to-back
 * tries of each mismatched pair, and 10,000 with a matching barrier after each. The odd PE moves round the
 * team, so on 4 PEs most PEs have only partners in the same call as themselves.
 */
class MismatchMultiPeTest
{
    private static final int TRIES = 10_000;

    @MultiPeTest(pes = {2, 4}, timeoutSeconds = 120)
    void shouldReportBarrierAllAgainstSyncAllOnEveryPeEveryTime(final Ishmem shmem)
    {
        everyTry(shmem, "barrierAll", Ishmem::barrierAll, "syncAll", Ishmem::syncAll);
    }

    @MultiPeTest(pes = {2, 4}, timeoutSeconds = 120)
    void shouldReportBarrierAllAgainstMallocOnEveryPeEveryTime(final Ishmem shmem)
    {
        everyTry(shmem, "barrierAll", Ishmem::barrierAll, "malloc", s -> s.malloc(64));
    }

    @MultiPeTest(pes = {2, 4}, timeoutSeconds = 120)
    void shouldReportSyncAllAgainstTeamSyncOnEveryPeEveryTime(final Ishmem shmem)
    {
        everyTry(shmem, "syncAll", Ishmem::syncAll, "team.sync", s -> s.teamWorld().sync());
    }

    @MultiPeTest(pes = {2, 4}, timeoutSeconds = 120)
    void shouldReportMallocAgainstFreeOnEveryPeEveryTime(final Ishmem shmem)
    {
        final SymmetricSegment kept = shmem.malloc(64);
        everyTry(shmem, "malloc", s -> s.malloc(128), "free", s -> s.free(kept));
        // no mismatched call took effect: the segment is still allocated, and freeing it is a matching call
        shmem.free(kept);
        final SymmetricSegment again = shmem.malloc(64);
        assertEquals(kept.heapOffset(), again.heapOffset(), "the heap changed although every call failed");
    }

    private static void everyTry(final Ishmem shmem, final String oddName, final Consumer<Ishmem> odd,
        final String restName, final Consumer<Ishmem> rest)
    {
        final int me = shmem.myPe();
        for (final boolean barrierBetween : new boolean[] {false, true})
        {
            int missed = 0;
            String firstMiss = null;
            for (int i = 0; i < TRIES; i++)
            {
                final boolean amOdd = i % shmem.nPes() == me;
                try
                {
                    (amOdd ? odd : rest).accept(shmem);
                    missed++;
                    if (firstMiss == null)
                    {
                        firstMiss = "try " + i + " returned normally";
                    }
                }
                catch (final CollectiveMismatchException ex)
                {
                    final String message = ex.getMessage();
                    if (!message.contains(oddName) || !message.contains(restName))
                    {
                        fail("try " + i + ": the message does not name both calls: " + message);
                    }
                }
                if (barrierBetween)
                {
                    shmem.barrierAll();
                }
            }
            assertEquals(0, missed, "PE " + me + (barrierBetween ? ", barrier between tries" : ", back to back") +
                ": " + missed + " of " + TRIES + " mismatches " + oddName + "/" + restName + " missed; first: " +
                firstMiss);
        }
        // the job is still in step after 20,000 failed collectives
        shmem.barrierAll();
    }
}
