package io.ishmem.core;

import io.ishmem.Cmp;
import io.ishmem.Ishmem;
import io.ishmem.ReduceOp;
import io.ishmem.ReduceType;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeTest;

import java.lang.foreign.ValueLayout;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * One rule for threads in collectives, everywhere: while one thread of a PE is in a collective of a team,
 * another thread's collective on that team is refused at once, naming both calls, rather than taking the
 * first one's place (barrierAll was accepted silently) or ending in a mismatch that blames another PE.
 */
class ThreadRuleMultiPeTest
{
    private static final String RULE = "collectives of one team must not overlap (use one thread per team)";

    /**
     * PE 0 holds a collective open in a second thread; PE 1 joins it only after PE 0's main thread has tried
     * its own, which must be refused.
     */
    private static void refusedWhileAnotherThreadIsIn(final Ishmem shmem, final SymmetricSegment go, final long round,
        final Consumer<Ishmem> held, final Runnable second, final String expected) throws Exception
    {
        if (shmem.myPe() == 0)
        {
            final CompletableFuture<Void> holder = CompletableFuture.runAsync(() -> held.accept(shmem));
            // the other thread is now waiting in its collective for PE 1
            Thread.sleep(300);
            final IllegalStateException ex = assertThrows(IllegalStateException.class, second::run);
            assertEquals(expected, ex.getMessage());
            shmem.pLong(go, 0, round, 1);
            holder.get(30, TimeUnit.SECONDS);
        }
        else
        {
            shmem.waitUntilLong(go, 0, Cmp.EQ, round);
            held.accept(shmem);
        }
        shmem.barrierAll();
    }

    @MultiPeTest(pes = 2)
    void shouldRefuseASecondThreadInAnyCollectiveOfTheWorld(final Ishmem shmem) throws Exception
    {
        final SymmetricSegment go = shmem.calloc(1, ValueLayout.JAVA_LONG);
        refusedWhileAnotherThreadIsIn(shmem, go, 1, Ishmem::barrierAll, shmem::barrierAll,
            "barrierAll on team WORLD while barrierAll runs on it in another thread of this PE: " + RULE);
        refusedWhileAnotherThreadIsIn(shmem, go, 2, Ishmem::barrierAll, () -> shmem.teamWorld().sync(),
            "team.sync on team WORLD while barrierAll runs on it in another thread of this PE: " + RULE);
        refusedWhileAnotherThreadIsIn(shmem, go, 3, ishmem -> ishmem.teamWorld().sync(), () -> shmem.malloc(64),
            "malloc on team WORLD while team.sync runs on it in another thread of this PE: " + RULE);
        refusedWhileAnotherThreadIsIn(shmem, go, 4, Ishmem::syncAll, shmem::syncAll,
            "syncAll on team WORLD while syncAll runs on it in another thread of this PE: " + RULE);
    }

    /**
     * PE 0's owning thread (the world team's maker, which its barriers mark no entry for) waits in a barrier or sync
     * for PE 1, which joins only after another thread of PE 0 has tried a collective of the world: refused, naming
     * the owner's call, from the barrier's sequence number and flags alone.
     */
    private static void refusedWhileTheOwnerIsIn(final Ishmem shmem, final SymmetricSegment go, final long round,
        final Consumer<Ishmem> held, final Runnable second, final String expected) throws Exception
    {
        // the calling thread owns the team again (an earlier round's other thread may have claimed it)
        shmem.barrierAll();
        if (shmem.myPe() == 0)
        {
            final CompletableFuture<String> other = CompletableFuture.supplyAsync(() ->
            {
                try
                {
                    // the owner is now waiting in its barrier for PE 1
                    Thread.sleep(300);
                    second.run();
                    return "accepted";
                }
                catch (final IllegalStateException ex)
                {
                    return ex.getMessage();
                }
                catch (final InterruptedException ex)
                {
                    throw new IllegalStateException(ex);
                }
                finally
                {
                    shmem.pLong(go, 0, round, 1);
                }
            });
            held.accept(shmem);
            assertEquals(expected, other.get(30, TimeUnit.SECONDS));
        }
        else
        {
            shmem.waitUntilLong(go, 0, Cmp.EQ, round);
            held.accept(shmem);
        }
        shmem.barrierAll();
    }

    @MultiPeTest(pes = 2)
    void shouldRefuseASecondThreadWhileTheOwnerIsInABarrier(final Ishmem shmem) throws Exception
    {
        final SymmetricSegment go = shmem.calloc(1, ValueLayout.JAVA_LONG);
        final SymmetricSegment src = shmem.calloc(2, ValueLayout.JAVA_LONG);
        final SymmetricSegment dest = shmem.calloc(2, ValueLayout.JAVA_LONG);
        refusedWhileTheOwnerIsIn(shmem, go, 1, Ishmem::barrierAll, shmem::barrierAll,
            "barrierAll on team WORLD while barrierAll runs on it in another thread of this PE: " + RULE);
        refusedWhileTheOwnerIsIn(shmem, go, 2, Ishmem::syncAll, () -> shmem.teamWorld().sync(),
            "team.sync on team WORLD while syncAll runs on it in another thread of this PE: " + RULE);
        refusedWhileTheOwnerIsIn(shmem, go, 3, Ishmem::barrierAll, () -> shmem.malloc(64),
            "malloc on team WORLD while barrierAll runs on it in another thread of this PE: " + RULE);
        refusedWhileTheOwnerIsIn(shmem, go, 4, Ishmem::syncAll,
            () -> shmem.reduce(shmem.teamWorld(), ReduceOp.SUM, ReduceType.LONG, dest, src, 2),
            "reduce on team WORLD while syncAll runs on it in another thread of this PE: " + RULE);
        refusedWhileTheOwnerIsIn(shmem, go, 5, ishmem -> ishmem.teamWorld().sync(),
            () -> shmem.barrier(shmem.teamWorld()),
            "barrier on team WORLD while team.sync runs on it in another thread of this PE: " + RULE);
        refusedWhileTheOwnerIsIn(shmem, go, 6, ishmem -> ishmem.barrier(ishmem.teamWorld()), shmem::syncAll,
            "syncAll on team WORLD while barrier runs on it in another thread of this PE: " + RULE);
        // once the owner's barrier is over, another thread takes the team over, and the owner takes it back
        CompletableFuture.runAsync(shmem::barrierAll).get(30, TimeUnit.SECONDS);
        shmem.barrierAll();
        shmem.free(dest);
        shmem.free(src);
        shmem.free(go);
    }

    /**
     * A job of one PE, whose barrierAll and syncAll have no flag to exchange and store nothing when their thread
     * owns the world team: the rule holds there too. Another thread's call claims the team and the first thread's
     * next call claims it back, and a call made while another thread is in a reduce of the world (repeated, since
     * nothing can hold a collective of one PE open) is refused, naming both calls.
     */
    @MultiPeTest(pes = 1)
    void shouldKeepTheRuleInAJobOfOnePe(final Ishmem shmem) throws Exception
    {
        for (int i = 0; i < 3; i++)
        {
            CompletableFuture.runAsync(() -> { shmem.barrierAll(); shmem.syncAll(); }).get(30, TimeUnit.SECONDS);
            shmem.barrierAll();
            shmem.syncAll();
        }
        refusedBesideAReduce(shmem, shmem::barrierAll, "barrierAll");
        refusedBesideAReduce(shmem, shmem::syncAll, "syncAll");
        shmem.barrierAll();
    }

    private static void refusedBesideAReduce(final Ishmem shmem, final Runnable call, final String name)
        throws Exception
    {
        final int count = 1 << 20;
        final SymmetricSegment src = shmem.calloc(count, ValueLayout.JAVA_LONG);
        final SymmetricSegment dest = shmem.calloc(count, ValueLayout.JAVA_LONG);
        final AtomicBoolean refused = new AtomicBoolean();
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        final CompletableFuture<Void> reducer = CompletableFuture.runAsync(() ->
        {
            while (!refused.get() && System.nanoTime() < deadline)
            {
                try
                {
                    shmem.reduce(shmem.teamWorld(), ReduceOp.SUM, ReduceType.LONG, dest, src, count);
                }
                catch (final IllegalStateException ex)
                {
                    // the other thread's call held the team for an instant as this reduce entered: the rule's
                    // other side, worded alike
                    assertEquals("reduce on team WORLD while " + name + " runs on it in another thread of this PE: " +
                        RULE, ex.getMessage());
                }
            }
        });
        String message = null;
        while (message == null && !reducer.isDone())
        {
            try
            {
                call.run();
            }
            catch (final IllegalStateException ex)
            {
                message = ex.getMessage();
            }
        }
        refused.set(true);
        reducer.get(60, TimeUnit.SECONDS);
        if (message == null)
        {
            fail(name + " was never refused in 30 s of reduces in another thread");
        }
        assertEquals(name + " on team WORLD while reduce runs on it in another thread of this PE: " + RULE, message);
        call.run();
        shmem.free(dest);
        shmem.free(src);
    }
}
