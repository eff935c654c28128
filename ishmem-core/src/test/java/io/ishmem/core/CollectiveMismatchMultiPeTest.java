package io.ishmem.core;

import io.ishmem.CollectiveMismatchException;
import io.ishmem.Ishmem;
import io.ishmem.ReduceOp;
import io.ishmem.ReduceType;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import io.ishmem.junit.MultiPeTest;

import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Collectives called out of order or with other arguments (issue 12): every member throws, naming both calls
 * or both argument lists and both PEs, and the team goes on in step; and bad arguments refused at the call,
 * naming the argument, on every PE alike.
 */
class CollectiveMismatchMultiPeTest
{
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG;

    @MultiPeTest(pes = {2, 4})
    void shouldNameBothCallsAndBothPesWhenOnePeCallsAnotherCollective(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int odd = shmem.nPes() - 1;
        final SymmetricSegment src = shmem.calloc(64, LONG);
        final SymmetricSegment dest = shmem.calloc(64 * shmem.nPes(), LONG);
        for (int round = 0; round < 50; round++)
        {
            final CollectiveMismatchException ex = assertThrows(CollectiveMismatchException.class, () ->
            {
                if (me == odd)
                {
                    shmem.broadcast(LONG, dest, src, 4, 0);
                }
                else
                {
                    shmem.reduce(ReduceOp.SUM, ReduceType.LONG, dest, src, 4);
                }
            });
            final String message = ex.getMessage();
            assertTrue(message.contains("broadcast") && message.contains("reduce"), message);
            assertTrue(message.contains("PE " + me + " called " + (me == odd ? "broadcast" : "reduce")), message);
            assertTrue(message.contains("PE " + (me == odd ? 0 : odd)) || message.contains(" but PE "), message);
            // the team is in step: a correct collective right after works
            src.local().setAtIndex(LONG, 0, me + round);
            shmem.reduce(ReduceOp.SUM, ReduceType.LONG, dest, src, 1);
            final long n = shmem.nPes();
            assertEquals(n * (n - 1) / 2 + n * round, dest.local().getAtIndex(LONG, 0));
            shmem.barrierAll();
        }
    }

    @MultiPeTest(pes = {2, 4})
    void shouldNameBothArgumentListsWhenOnePePassesOthers(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int odd = shmem.nPes() - 1;
        final Team world = shmem.teamWorld();
        final SymmetricSegment src = shmem.calloc(64, LONG);
        final SymmetricSegment dest = shmem.calloc(64 * shmem.nPes(), LONG);
        final String[] cases = {"reduce count", "reduce op", "broadcast root", "fcollect size", "alltoall dest"};
        for (final String what : cases)
        {
            final CollectiveMismatchException ex = assertThrows(CollectiveMismatchException.class, () ->
            {
                final boolean other = me == odd;
                switch (what)
                {
                    case "reduce count" -> shmem.reduce(world, ReduceOp.SUM, ReduceType.LONG, dest, src, other ? 3 : 2);
                    case "reduce op" -> shmem.reduce(world, other ? ReduceOp.MAX : ReduceOp.MIN, ReduceType.INT,
                        dest, src, 2);
                    case "broadcast root" -> shmem.broadcast(world, dest, src, 8, other ? 1 : 0);
                    case "fcollect size" -> shmem.fcollect(world, dest, src, other ? 16 : 8);
                    default -> shmem.alltoall(world, other ? dest.slice(8, 8L * shmem.nPes()) : dest, src, 8);
                }
            }, what);
            final String message = ex.getMessage();
            assertTrue(message.contains("arguments differ between PEs") && message.contains("PE " + me + " passed"),
                what + ": " + message);
            shmem.barrierAll();
        }
        // in step afterwards
        src.local().setAtIndex(LONG, 0, me);
        shmem.fcollect(LONG, dest, src, 1);
        for (int pe = 0; pe < shmem.nPes(); pe++)
        {
            assertEquals(pe, dest.local().getAtIndex(LONG, pe));
        }
    }

    @MultiPeTest(pes = {2})
    void shouldRefuseBadArgumentsAtTheCallNamingThem(final Ishmem shmem)
    {
        final Team world = shmem.teamWorld();
        final SymmetricSegment src = shmem.calloc(16, LONG);
        final SymmetricSegment dest = shmem.calloc(16, LONG);
        refused(NullPointerException.class, "reduce: team is null",
            () -> shmem.reduce(null, ReduceOp.SUM, ReduceType.LONG, dest, src, 1));
        refused(IllegalArgumentException.class, "broadcast: team is Team.INVALID",
            () -> shmem.broadcast(Team.INVALID, dest, src, 8, 0));
        refused(NullPointerException.class, "reduce: op is null",
            () -> shmem.reduce(world, null, ReduceType.LONG, dest, src, 1));
        refused(IllegalArgumentException.class, "reduce: op=AND is not defined for type=DOUBLE",
            () -> shmem.reduce(world, ReduceOp.AND, ReduceType.DOUBLE, dest, src, 1));
        refused(IllegalArgumentException.class, "reduce: nreduce=-1 is negative",
            () -> shmem.reduce(world, ReduceOp.SUM, ReduceType.LONG, dest, src, -1));
        refused(IndexOutOfBoundsException.class, "reduce: dest range [0, 0 + 136) runs past",
            () -> shmem.sumReduceLong(world, dest, src, 17));
        refused(IllegalArgumentException.class, "overlap in the heap",
            () -> shmem.sumReduceLong(world, dest.slice(8, 64), dest.slice(0, 64), 4));
        refused(IllegalArgumentException.class, "fcollect has no in-place form",
            () -> shmem.fcollect(world, dest, dest, 8));
        refused(IndexOutOfBoundsException.class, "broadcast: root=2 not in [0, 2)",
            () -> shmem.broadcast(world, dest, src, 8, 2));
        refused(IndexOutOfBoundsException.class, "fcollect: dest range [0, 0 + 256) runs past",
            () -> shmem.fcollect(world, dest, src, 128));
        refused(IllegalArgumentException.class, "alltoalls: dst=0 is not a stride",
            () -> shmem.alltoalls(world, LONG, dest, src, 0, 1, 1));
        refused(IllegalArgumentException.class, "collect: bytes=-8 is negative",
            () -> shmem.collect(world, dest, src, -8));
        refused(IllegalArgumentException.class, "reduce: src ForeignSegment",
            () -> shmem.sumReduceLong(world, dest, new ForeignSegment(64), 1));
        // nothing above moved a byte or left the team out of step
        src.local().setAtIndex(LONG, 0, 40 + shmem.myPe());
        shmem.sumReduceLong(dest, src, 1);
        assertEquals(81, dest.local().getAtIndex(LONG, 0));
    }

    private static void refused(final Class<? extends RuntimeException> type, final String expected,
        final Runnable call)
    {
        final RuntimeException ex = assertThrows(type, call::run, expected);
        assertTrue(ex.getMessage().contains(expected), "expected '" + expected + "' in: " + ex.getMessage());
    }
}
