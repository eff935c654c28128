package io.ishmem.core;

import io.ishmem.CollectiveMismatchException;
import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import io.ishmem.junit.MultiPeJob;
import io.ishmem.junit.MultiPeTest;
import io.ishmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.time.Duration;

import static io.ishmem.core.FailureMultiPeTest.SEEN;
import static io.ishmem.core.FailureMultiPeTest.assertNothingLeft;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The counter barrier (ISHMEM_BARRIER=counter, the default of an oversubscribed job): each member counts itself in on
 * one word and the last releases all. Forced here at sizes where the job is not oversubscribed too, so that it is
 * tested whatever the machine's CPUs; what the rounds of a dissemination carry (ops, argument hashes, a split's
 * verdicts) must travel through the count alike.
 */
class CounterBarrierMultiPeTest
{
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG;
    private static final int ROUNDS = 400;

    @MultiPeTest(pes = {2, 3, 5}, env = "ISHMEM_BARRIER=counter", timeoutSeconds = 120)
    void shouldKeepEveryPeInStepThroughEveryKindOfBarrier(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final int previous = (me + n - 1) % n;
        final SymmetricSegment box = shmem.calloc(n, LONG);
        final SymmetricSegment sum = shmem.calloc(1, LONG);
        final SymmetricSegment mine = shmem.calloc(1, LONG);
        for (int round = 1; round <= ROUNDS; round++)
        {
            // a value put before a barrier is there after it on the target (a sync completes no put: the quiet
            // does, which over UCX is not at once)
            shmem.pLong(box, me, round, next);
            switch (round % 4)
            {
                case 0 -> shmem.barrierAll();
                case 1 ->
                {
                    shmem.quiet();
                    shmem.syncAll();
                }
                case 2 ->
                {
                    shmem.quiet();
                    shmem.teamWorld().sync();
                }
                default -> shmem.barrier(shmem.teamWorld());
            }
            assertEquals(round, box.local().getAtIndex(LONG, previous), "round " + round);
            // a barrier carrying arguments (malloc's and free's hashes), and a reduction that reads every member
            final SymmetricSegment scratch = shmem.malloc(64L * (1 + round % 3));
            mine.local().set(LONG, 0, me + (long)round);
            shmem.sumReduceLong(shmem.teamWorld(), sum, mine, 1);
            assertEquals((long)n * (n - 1) / 2 + (long)n * round, sum.local().get(LONG, 0), "round " + round);
            shmem.free(scratch);
            if (round % 50 == 0)
            {
                // a split's barrier folds every member's verdict; the new team synchronises by the count too
                final Team odd = shmem.teamWorld().splitStrided(1, 2, n / 2);
                if (me % 2 == 1)
                {
                    assertNotSame(Team.INVALID, odd);
                    assertEquals(me / 2, odd.myPe());
                    odd.sync();
                    odd.destroy();
                }
                else
                {
                    assertEquals(Team.INVALID, odd);
                }
            }
        }
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {3}, env = "ISHMEM_BARRIER=counter")
    void shouldNameTheOtherCallAndTheOtherArgumentsThroughTheCount(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int odd = shmem.nPes() - 1;
        for (int round = 0; round < 20; round++)
        {
            final CollectiveMismatchException order = assertThrows(CollectiveMismatchException.class, () ->
            {
                if (me == odd)
                {
                    shmem.syncAll();
                }
                else
                {
                    shmem.barrierAll();
                }
            });
            assertTrue(order.getMessage().contains("PE " + me + " called " + (me == odd ? "syncAll" : "barrierAll")),
                order.getMessage());
            final CollectiveMismatchException args = assertThrows(CollectiveMismatchException.class,
                () -> shmem.malloc(me == odd ? 128 : 64));
            assertTrue(args.getMessage().contains("arguments differ") &&
                args.getMessage().contains("PE " + (me == odd ? 0 : odd) + " passed " + (me == odd ? 64 : 128)),
                args.getMessage());
            // in step: the next collective matches
            shmem.barrierAll();
        }
    }

    /** PEs 1 and 2 halt; PE 0 waits in barrierAll for both. */
    static void othersHaltBeforeTheBarrier(final Ishmem shmem)
    {
        if (shmem.myPe() != 0)
        {
            Runtime.getRuntime().halt(3);
        }
        FailureMultiPeTest.expectFailure(shmem::barrierAll);
    }

    @Test
    @Timeout(60)
    void shouldNameEveryMemberTheCountStillLacks() throws IOException
    {
        // a dissemination's first round waits for PE 2 alone; the count lacks both
        assertWaitedFor("counter", "waiting for PE 1, PE 2)");
        assertWaitedFor("dissemination", "waiting for PE 2)");
    }

    private static void assertWaitedFor(final String barrier, final String waited) throws IOException
    {
        final JobResult result = MultiPeJob.of(CounterBarrierMultiPeTest.class, "othersHaltBeforeTheBarrier").pes(3)
            .env("ISHMEM_BARRIER", barrier).grace(Duration.ofSeconds(15)).run();
        final String seen = result.output(0).stream().filter(line -> line.startsWith(SEEN)).findFirst()
            .orElseThrow(() -> new AssertionError("PE 0 saw no failure: " + result.output(0)));
        assertTrue(seen.contains("barrierAll") && seen.contains(waited), barrier + ": " + seen);
        assertNothingLeft(result.jobId());
    }
}
