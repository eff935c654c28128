package io.ishmem.core.wait;

import io.ishmem.IshmemConfigException;
import io.ishmem.PeFailureException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WaitStrategyTest
{
    private static final class CountingLiveness implements Liveness
    {
        int light;
        int thorough;
        boolean alive = true;

        @Override
        public boolean probe(final boolean thoroughCheck)
        {
            if (thoroughCheck)
            {
                thorough++;
            }
            else
            {
                light++;
            }
            return alive;
        }

        @Override
        public PeFailureException failure(final String call)
        {
            return new PeFailureException(1, "PE 1 exited while PE 0 waits in " + call);
        }
    }

    @Test
    void shouldSpinThenYieldThenParkCheckingLivenessAtEachPark()
    {
        final CountingLiveness liveness = new CountingLiveness();
        final WaitStrategy strategy = WaitStrategy.of("backoff", 2048, 32, 1_000, 4_000);
        int idle = 0;
        for (int i = 0; i < 2048; i++)
        {
            idle = strategy.idle(idle, liveness);
        }
        assertEquals(2, liveness.light);
        assertEquals(0, liveness.thorough);
        for (int i = 0; i < 32; i++)
        {
            idle = strategy.idle(idle, liveness);
        }
        assertEquals(2, liveness.thorough);
        for (int i = 0; i < 5; i++)
        {
            idle = strategy.idle(idle, liveness);
        }
        assertEquals(7, liveness.thorough);
    }

    @Test
    void shouldSpinInBatchesThatEndWhereTheNextLivenessCheckIsDue()
    {
        final CountingLiveness liveness = new CountingLiveness();
        final WaitStrategy strategy = WaitStrategy.of("backoff", 2048, 32, 1_000, 4_000);
        assertEquals(WaitStrategy.SPIN_CHECK_MASK, strategy.spinBatch(0));
        assertEquals(WaitStrategy.SPIN_CHECK_MASK - 5, strategy.spinBatch(5));
        // the batch is spent: the next idle is the slow step, a light liveness check
        assertEquals(0, strategy.spinBatch(WaitStrategy.SPIN_CHECK_MASK));
        final int afterCheck = strategy.idle(WaitStrategy.SPIN_CHECK_MASK, liveness);
        assertEquals(1, liveness.light);
        assertEquals(WaitStrategy.SPIN_CHECK_MASK, strategy.spinBatch(afterCheck));
        // a batch stops at the spin limit too; past it, no spinning
        final WaitStrategy shorter = WaitStrategy.of("backoff", 2000, 32, 1_000, 4_000);
        assertEquals(10, shorter.spinBatch(1990));
        assertEquals(0, shorter.spinBatch(2000));
        assertEquals(0, WaitStrategy.of("backoff", 0, 4, 1_000, 1_000).spinBatch(0));
        assertEquals(WaitStrategy.SPIN_CHECK_MASK, WaitStrategy.of("spin", 0, 0, 1, 1).spinBatch(1 << 30));
    }

    @Test
    void shouldPollTheProgressHookEveryFewSpinsAndReadLivenessNoMoreOftenThanWithout()
    {
        final CountingLiveness liveness = new CountingLiveness();
        final int[] polls = {0};
        final WaitStrategy strategy = WaitStrategy.of("backoff", 2048, 32, 1_000, 4_000)
            .withProgress(() -> polls[0]++);
        assertEquals(WaitStrategy.PROGRESS_SPIN_MASK, strategy.spinBatch(0));
        assertEquals(WaitStrategy.PROGRESS_SPIN_MASK - 3, strategy.spinBatch(3));
        // a wait's spin phase as TeamSync and WordWait run it: batches of loads, then the slow step
        int idle = 0;
        while (idle < 2048)
        {
            final int spins = strategy.spinBatch(idle);
            idle = spins > 0 ? idle + spins : strategy.idle(idle, liveness);
        }
        assertEquals(2048 / (WaitStrategy.PROGRESS_SPIN_MASK + 1), polls[0]);
        assertEquals(2048 / (WaitStrategy.SPIN_CHECK_MASK + 1), liveness.light);
        assertEquals(0, liveness.thorough);
        // the yields poll it too
        strategy.idle(idle, liveness);
        assertEquals(2048 / (WaitStrategy.PROGRESS_SPIN_MASK + 1) + 1, polls[0]);
        // without a hook the batches run to the liveness check
        assertEquals(WaitStrategy.SPIN_CHECK_MASK, WaitStrategy.of("backoff", 2048, 32, 1_000, 4_000).spinBatch(0));
    }

    @Test
    void shouldStartACollectivesWaitPastTheSpinsItSkips()
    {
        final CountingLiveness liveness = new CountingLiveness();
        final WaitStrategy strategy = WaitStrategy.of("backoff", 20, 32, 1_000, 4_000);
        assertEquals(0, strategy.collectiveFirstIdle());
        final WaitStrategy collectivesYield = strategy.withCollectiveSpins(0);
        assertEquals(20, collectivesYield.collectiveFirstIdle());
        // from there no spinning: the first idle step is a yield, and the yields and parks follow as for any wait
        assertEquals(0, collectivesYield.spinBatch(collectivesYield.collectiveFirstIdle()));
        assertEquals(21, collectivesYield.idle(collectivesYield.collectiveFirstIdle(), liveness));
        assertEquals(0, liveness.light);
        // point-to-point waits keep their spins, and the progress hook keeps the collectives' setting
        assertEquals(20, collectivesYield.spinBatch(0));
        assertEquals(20, collectivesYield.withProgress(() -> { }).collectiveFirstIdle());
        assertEquals(15, strategy.withCollectiveSpins(5).collectiveFirstIdle());
        assertEquals(0, strategy.withCollectiveSpins(50).collectiveFirstIdle());
        // a spin strategy spins in every wait
        assertEquals(0, WaitStrategy.of("spin", 0, 0, 1, 1).withCollectiveSpins(0).collectiveFirstIdle());
    }

    @Test
    void shouldReportAFailedJobWithMinusOne()
    {
        final CountingLiveness liveness = new CountingLiveness();
        liveness.alive = false;
        final WaitStrategy strategy = WaitStrategy.of("backoff", 0, 0, 1_000, 1_000);
        assertEquals(-1, strategy.idle(0, liveness));
        assertTrue(liveness.failure("barrierAll").getMessage().contains("PE 1"));
    }

    @Test
    void shouldRejectAnUnknownAlias()
    {
        final IshmemConfigException ex = assertThrows(IshmemConfigException.class,
            () -> WaitStrategy.of("nap", 1, 1, 1, 1));
        assertEquals("ISHMEM_WAIT_STRATEGY=nap is not one of backoff, spin, yield", ex.getMessage());
    }
}
