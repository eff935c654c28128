package io.ishmem.core;

import io.ishmem.Cmp;
import io.ishmem.Context;
import io.ishmem.ContextCreationException;
import io.ishmem.Ishmem;
import io.ishmem.SignalOp;
import io.ishmem.Split2D;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import io.ishmem.TeamConfig;
import io.ishmem.TeamSplitException;
import io.ishmem.junit.MultiPeTest;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Communication contexts (OpenSHMEM 1.5 "Communication Management"): RMA, put-with-signal and atomics through
 * contexts of the world team and of split teams (with the team's PE numbers), the numContexts reservation and
 * the ISHMEM_MAX_CONTEXTS budget, PRIVATE contexts and threads, destroy, and bad input; every PE checks what
 * arrived. The device side, where a context's quiet is visibly its own, is in
 * {@code device.LevelZeroContextMultiPeTest}.
 */
class ContextMultiPeTest
{
    private static final TeamConfig ONE = new TeamConfig(1);

    /** Values a PE sends, recognisable by sender and slot. */
    private static long value(final int pe, final int slot)
    {
        return 1_000L * (pe + 1) + slot;
    }

    /**
     * Each PE gets an exchange of the same text on every PE checked: PE 0 compares the hashes every PE put there.
     */
    private static void assertSameOnEveryPe(final Ishmem shmem, final SymmetricSegment hashes, final String text)
    {
        shmem.pLong(hashes, shmem.myPe(), text.hashCode(), 0);
        shmem.barrierAll();
        if (shmem.myPe() == 0)
        {
            for (int pe = 0; pe < shmem.nPes(); pe++)
            {
                assertEquals(text.hashCode(), hashes.local().getAtIndex(ValueLayout.JAVA_LONG, pe),
                    "PE " + pe + " was told something else than PE 0: " + text);
            }
        }
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {2, 4, 8})
    void shouldMoveDataThroughWorldContextsInEveryForm(final Ishmem shmem)
    {
        final int n = shmem.nPes();
        final int me = shmem.myPe();
        final int right = (me + 1) % n;
        final int left = (me + n - 1) % n;
        final Team world = shmem.teamWorld();
        final SymmetricSegment block = shmem.calloc(8L * n, ValueLayout.JAVA_LONG);
        final SymmetricSegment scalars = shmem.calloc(4L * n, ValueLayout.JAVA_LONG);
        final SymmetricSegment payload = shmem.calloc(4, ValueLayout.JAVA_LONG);
        final SymmetricSegment sig = shmem.calloc(n, ValueLayout.JAVA_LONG);
        final SymmetricSegment counter = shmem.calloc(2, ValueLayout.JAVA_LONG);
        try (Context a = shmem.createContext(0);
             Context b = shmem.createContext(Context.SERIALIZED | Context.NOSTORE))
        {
            assertSame(world, a.team());
            assertSame(world, b.team());
            assertEquals(0, a.options());
            assertEquals(Context.SERIALIZED | Context.NOSTORE, b.options());
            assertNotSame(a, b);

            // the array form (a default method of OneSided), non-blocking on one context, blocking on the other
            final long[] mine = new long[8];
            for (int i = 0; i < 8; i++)
            {
                mine[i] = value(me, i);
            }
            a.putNbi(block, 8L * me, mine, 0, 4, right);
            b.put(block, 8L * me + 4, mine, 4, 4, right);
            // the typed p of every width, through the default context's object too
            a.pInt(scalars, 8L * me, (int)value(me, 10), right);
            b.pDouble(scalars, 4L * me + 1, me + 0.5, right);
            shmem.defaultContext().pShort(scalars, 16L * me + 12, (short)value(me, 11), right);
            // the layout form of put-with-signal: the signal follows its own payload, on its own context
            b.putSignal(ValueLayout.JAVA_LONG, payload, MemorySegment.ofArray(new long[] {value(me, 20),
                value(me, 21)}), 2, sig.slice(8L * me, 8), me + 1, SignalOp.SET, right);
            // atomics from every PE on PE 0's words, through two contexts
            a.atomicAddLong(counter, 0, 1, 0);
            assertTrue(b.atomicFetchIncLong(counter, 1, 0) >= 0);
            a.quiet();
            b.quiet();

            assertEquals(left + 1, shmem.signalWaitUntil(sig, left, Cmp.EQ, left + 1));
            // only left signals this PE's word, so its payload is there
            assertArrayEquals(new long[] {value(left, 20), value(left, 21)},
                payload.local().asSlice(0, 16).toArray(ValueLayout.JAVA_LONG));
            shmem.barrierAll();

            final long[] arrived = block.local().asSlice(64L * left, 64).toArray(ValueLayout.JAVA_LONG);
            for (int i = 0; i < 8; i++)
            {
                assertEquals(value(left, i), arrived[i], "element " + i + " from PE " + left);
            }
            assertEquals((int)value(left, 10), scalars.local().getAtIndex(ValueLayout.JAVA_INT, 8L * left));
            assertEquals(left + 0.5, scalars.local().getAtIndex(ValueLayout.JAVA_DOUBLE, 4L * left + 1));
            assertEquals((short)value(left, 11), scalars.local().getAtIndex(ValueLayout.JAVA_SHORT, 16L * left + 12));

            // gets through contexts read the right neighbour's copy: what this PE put there
            final long[] back = new long[8];
            a.get(back, 0, block, 8L * me, 8, right);
            assertArrayEquals(mine, back);
            final MemorySegment late = MemorySegment.ofArray(new long[1]);
            b.getNbi(late, 0, block, 8L * 8 * me + 8 * 3, 8, right);
            b.quiet();
            assertEquals(value(me, 3), late.get(ValueLayout.JAVA_LONG, 0));
            assertEquals(me + 0.5, a.gDouble(scalars, 4L * me + 1, right));
            if (me == 0)
            {
                assertEquals(n, a.atomicFetchLong(counter, 0, 0));
                assertEquals(n, b.atomicFetchLong(counter, 1, 0));
            }
            // the default context is one object, of the world team, which cannot be destroyed
            final Context defaultContext = shmem.defaultContext();
            assertSame(defaultContext, shmem.defaultContext());
            assertSame(world, defaultContext.team());
            assertEquals(0, defaultContext.options());
            assertTrue(assertThrows(IllegalStateException.class, defaultContext::destroy).getMessage()
                .contains("default context"));
            assertThrows(IllegalStateException.class, defaultContext::close);
            defaultContext.quiet();
            defaultContext.fence();
            shmem.barrierAll();
        }
    }

    @MultiPeTest(pes = {4, 8})
    void shouldNumberPesByTheTeamOnContextsOfStridedAndTwoDimensionalTeams(final Ishmem shmem)
    {
        final int n = shmem.nPes();
        final int me = shmem.myPe();
        final Team world = shmem.teamWorld();
        final SymmetricSegment slots = shmem.calloc(2L * n, ValueLayout.JAVA_LONG);
        final SymmetricSegment counter = shmem.calloc(1, ValueLayout.JAVA_LONG);
        final SymmetricSegment rowSignal = shmem.calloc(1, ValueLayout.JAVA_LONG);

        // the even PEs, reserving two contexts each
        final Team even = world.splitStrided(0, 2, n / 2, new TeamConfig(2), TeamConfig.NUM_CONTEXTS);
        Context first = null;
        if (me % 2 == 0)
        {
            final int size = even.nPes();
            final int i = even.myPe();
            first = even.createContext(0);
            try (Context second = even.createContext(Context.PRIVATE))
            {
                assertSame(even, first.team());
                // team PE (i + 1) % size is world PE 2 * ((i + 1) % size)
                first.pLong(slots, i, me, (i + 1) % size);
                second.atomicAddLong(counter, 0, 1, 0);
                final IndexOutOfBoundsException outside = assertThrows(IndexOutOfBoundsException.class,
                    () -> second.pLong(slots, 0, 1, size));
                assertTrue(outside.getMessage().contains("pe=" + size + " not in [0, " + size + ")"),
                    outside.getMessage());
                assertThrows(IndexOutOfBoundsException.class, () -> second.pLong(slots, 0, 1, -1));
                first.quiet();
                second.quiet();
            }
            even.sync();
            final int from = (i + size - 1) % size;
            assertEquals(2L * from, slots.local().getAtIndex(ValueLayout.JAVA_LONG, from), "team PE " + from);
            if (me == 0)
            {
                assertEquals(size, counter.local().get(ValueLayout.JAVA_LONG, 0));
            }
        }
        else
        {
            assertSame(Team.INVALID, even);
        }
        shmem.barrierAll();

        // rows of 2 and columns, one context reserved on each
        final Split2D grid = world.split2d(2, ONE, TeamConfig.NUM_CONTEXTS, ONE, TeamConfig.NUM_CONTEXTS);
        final Team row = grid.xAxis();
        final Team column = grid.yAxis();
        try (Context rowContext = row.createContext(0); Context columnContext = column.createContext(0))
        {
            final int x = row.myPe();
            final int y = column.myPe();
            final int rowLeft = row.translatePe((x + row.nPes() - 1) % row.nPes(), world);
            final int columnUp = column.translatePe((y + column.nPes() - 1) % column.nPes(), world);
            // along the row with a signal (the row's PE numbers), down the column with the array put
            rowContext.putSignal(slots, 2L * me, new long[] {value(me, 1)}, 0, 1, rowSignal, 0, me + 1,
                SignalOp.SET, (x + 1) % row.nPes());
            columnContext.put(slots, 2L * me + 1, new long[] {value(me, 2)}, 0, 1, (y + 1) % column.nPes());
            assertEquals(rowLeft + 1, shmem.signalWaitUntil(rowSignal, 0, Cmp.EQ, rowLeft + 1));
            assertEquals(value(rowLeft, 1), slots.local().getAtIndex(ValueLayout.JAVA_LONG, 2L * rowLeft),
                "the payload of the row signal");
            rowContext.quiet();
            columnContext.quiet();
            shmem.barrierAll();
            assertEquals(value(rowLeft, 1), slots.local().getAtIndex(ValueLayout.JAVA_LONG, 2L * rowLeft),
                "from the row neighbour, world PE " + rowLeft);
            assertEquals(value(columnUp, 2), slots.local().getAtIndex(ValueLayout.JAVA_LONG, 2L * columnUp + 1),
                "from the column neighbour, world PE " + columnUp);
            shmem.barrierAll();
        }
        row.destroy();
        column.destroy();

        // a team's destroy destroys the contexts made from it
        even.destroy();
        if (first != null)
        {
            final Context gone = first;
            final IllegalStateException destroyed = assertThrows(IllegalStateException.class,
                () -> gone.pLong(slots, 0, 1, 0));
            assertTrue(destroyed.getMessage().startsWith("pLong: the context was destroyed with its team"),
                destroyed.getMessage());
            gone.close();
        }
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {2, 4, 8}, env = "ISHMEM_MAX_CONTEXTS=4")
    void shouldReserveContextsForTeamsAndFailExhaustionOnEveryPeAlike(final Ishmem shmem)
    {
        final int n = shmem.nPes();
        final int me = shmem.myPe();
        final Team world = shmem.teamWorld();
        final SymmetricSegment hashes = shmem.calloc(n, ValueLayout.JAVA_LONG);

        final Team team = world.splitStrided(0, 1, n, new TeamConfig(3), TeamConfig.NUM_CONTEXTS);
        assertEquals(3, team.config().orElseThrow().numContexts());
        // one of the four is left for contexts beyond the reservations
        final Context spare = shmem.createContext(0);
        final ContextCreationException worldFull = assertThrows(ContextCreationException.class,
            () -> shmem.createContext(0));
        assertTrue(worldFull.getMessage().startsWith("createContext: no context is left on PE " + me +
            " for team WORLD") && worldFull.getMessage().contains("0 of ISHMEM_MAX_CONTEXTS=4 are free"),
            worldFull.getMessage());
        // the team can still hold what it reserved
        final List<Context> reserved = new ArrayList<>();
        for (int i = 0; i < 3; i++)
        {
            reserved.add(team.createContext(0));
        }
        final ContextCreationException teamFull = assertThrows(ContextCreationException.class,
            () -> team.createContext(0));
        assertTrue(teamFull.getMessage().startsWith("team.createContext: no context is left") &&
            teamFull.getMessage().contains("the 3 it reserved included"), teamFull.getMessage());
        // a context given back to the pool serves the team beyond its reservation
        spare.close();
        final Context beyond = team.createContext(0);

        // nothing is free anywhere: a split asking for one context fails on every PE alike, naming PE 0
        final TeamSplitException noneFree = assertThrows(TeamSplitException.class,
            () -> world.splitStrided(0, 1, n, ONE, TeamConfig.NUM_CONTEXTS));
        assertEquals(TeamSplitException.NO_CONTEXTS, noneFree.code());
        assertTrue(noneFree.getMessage().contains("PE 0 cannot reserve the 1 contexts its config asks for " +
            "(numContexts): 0 of its ISHMEM_MAX_CONTEXTS=4 are free"), noneFree.getMessage());
        assertSameOnEveryPe(shmem, hashes, noneFree.getMessage());

        // one free everywhere but on PE 0: a split that needs PE 0 fails everywhere, one without it succeeds
        beyond.destroy();
        final Context onlyOnPe0 = me == 0 ? shmem.createContext(Context.PRIVATE) : null;
        final TeamSplitException pe0Full = assertThrows(TeamSplitException.class,
            () -> world.splitStrided(0, 1, n, ONE, TeamConfig.NUM_CONTEXTS));
        assertEquals(TeamSplitException.NO_CONTEXTS, pe0Full.code());
        assertTrue(pe0Full.getMessage().contains("PE 0 cannot reserve"), pe0Full.getMessage());
        assertSameOnEveryPe(shmem, hashes, pe0Full.getMessage());
        final Team withoutPe0 = world.splitStrided(1, 1, n - 1, ONE, TeamConfig.NUM_CONTEXTS);
        if (me == 0)
        {
            assertSame(Team.INVALID, withoutPe0);
            onlyOnPe0.destroy();
        }
        else
        {
            try (Context reservedOne = withoutPe0.createContext(0))
            {
                reservedOne.pLong(hashes, me, me, 0);
            }
            withoutPe0.destroy();
        }
        shmem.barrierAll();

        // a 2D split reserves for its row and its column: two asked, one free
        final TeamSplitException both = assertThrows(TeamSplitException.class,
            () -> world.split2d(1, ONE, TeamConfig.NUM_CONTEXTS, ONE, TeamConfig.NUM_CONTEXTS));
        assertEquals(TeamSplitException.NO_CONTEXTS, both.code());
        assertTrue(both.getMessage().contains("cannot reserve the 2 contexts its x- and y-axis configs ask for"),
            both.getMessage());
        assertSameOnEveryPe(shmem, hashes, both.getMessage());

        // destroying the team destroys its contexts and returns all four
        team.destroy();
        for (final Context context : reserved)
        {
            assertTrue(assertThrows(IllegalStateException.class, context::quiet).getMessage()
                .startsWith("quiet: the context was destroyed with its team"));
        }
        final List<Context> all = new ArrayList<>();
        for (int i = 0; i < 4; i++)
        {
            all.add(shmem.createContext(0));
        }
        assertThrows(ContextCreationException.class, () -> shmem.createContext(0));
        for (final Context context : all)
        {
            context.destroy();
        }
        shmem.barrierAll();
    }

    @MultiPeTest(pes = 2, env = "ISHMEM_MAX_CONTEXTS=0")
    void shouldCreateNoContextWithALimitOfZeroButKeepTheDefault(final Ishmem shmem)
    {
        final ContextCreationException none = assertThrows(ContextCreationException.class,
            () -> shmem.createContext(0));
        assertTrue(none.getMessage().contains("0 of ISHMEM_MAX_CONTEXTS=0 are free"), none.getMessage());
        final Team world = shmem.teamWorld();
        assertEquals(TeamSplitException.NO_CONTEXTS, assertThrows(TeamSplitException.class,
            () -> world.splitStrided(0, 1, shmem.nPes(), ONE, TeamConfig.NUM_CONTEXTS)).code());
        // a split that asks for none still works, and so does the default context
        final Team copy = world.splitStrided(0, 1, shmem.nPes());
        assertThrows(ContextCreationException.class, () -> copy.createContext(0));
        copy.destroy();
        final SymmetricSegment word = shmem.calloc(1, ValueLayout.JAVA_LONG);
        shmem.defaultContext().atomicAddLong(word, 0, 1, 0);
        shmem.barrierAll();
        if (shmem.myPe() == 0)
        {
            assertEquals(shmem.nPes(), word.local().get(ValueLayout.JAVA_LONG, 0));
        }
        shmem.barrierAll();
    }

    @MultiPeTest(pes = 2)
    void shouldKeepPrivateContextsToTheirThreadAndShareTheOthers(final Ishmem shmem) throws Exception
    {
        final int me = shmem.myPe();
        final int other = 1 - me;
        final SymmetricSegment words = shmem.calloc(4, ValueLayout.JAVA_LONG);
        final Context mine = shmem.createContext(Context.PRIVATE);
        final String creator = Thread.currentThread().getName();
        final AtomicReference<Throwable> fromThread = new AtomicReference<>();
        final Thread intruder = Thread.ofPlatform().name("intruder").start(() ->
        {
            for (final Runnable use : List.<Runnable>of(() -> mine.pLong(words, 0, 1, other), mine::quiet,
                mine::destroy, mine::close, mine::team))
            {
                try
                {
                    use.run();
                    fromThread.compareAndSet(null, new AssertionError("a PRIVATE context served another thread"));
                }
                catch (final IllegalStateException expected)
                {
                    if (!expected.getMessage().contains("PRIVATE to thread " + creator) ||
                        !expected.getMessage().contains("by thread intruder"))
                    {
                        fromThread.compareAndSet(null, expected);
                    }
                }
            }
        });
        intruder.join();
        if (fromThread.get() != null)
        {
            throw new AssertionError(fromThread.get());
        }
        // its creator still has it
        mine.pLong(words, 0, 7, other);
        mine.quiet();

        // a shareable context serves two threads at once; its quiet completes what both issued
        final Context shared = shmem.createContext(0);
        final CompletableFuture<Void> second = CompletableFuture.runAsync(() ->
        {
            for (int i = 0; i < 500; i++)
            {
                shared.atomicAddLong(words, 1, 1, 0);
            }
        });
        for (int i = 0; i < 500; i++)
        {
            shared.atomicAddLong(words, 1, 1, 0);
        }
        second.get();
        // each thread with a PRIVATE context of its own, made and destroyed in that thread: the usual pattern
        CompletableFuture.runAsync(() ->
        {
            try (Context own = shmem.createContext(Context.PRIVATE))
            {
                own.pLong(words, 2, 42, other);
                own.quiet();
            }
        }).get();
        shared.quiet();
        shmem.barrierAll();
        assertEquals(7, words.local().get(ValueLayout.JAVA_LONG, 0));
        assertEquals(42, words.local().getAtIndex(ValueLayout.JAVA_LONG, 2));
        if (me == 0)
        {
            assertEquals(2 * 1000, words.local().getAtIndex(ValueLayout.JAVA_LONG, 1));
        }
        mine.destroy();
        shared.destroy();
        shmem.barrierAll();
    }

    @MultiPeTest(pes = 2)
    void shouldRefuseEveryCallOnADestroyedContextAndBadInput(final Ishmem shmem) throws Exception
    {
        final SymmetricSegment word = shmem.calloc(1, ValueLayout.JAVA_LONG);
        final List<SymmetricSegment> segments = List.of(shmem.calloc(8, ValueLayout.JAVA_LONG),
            shmem.calloc(8, ValueLayout.JAVA_LONG), shmem.calloc(8, ValueLayout.JAVA_LONG));
        final Context context = shmem.createContext(0);
        context.pLong(word, 0, 5, 1 - shmem.myPe());
        context.destroy();
        assertEquals(List.of(), AfterCloseMultiPeTest.refusals(Context.class, context, segments,
            MemorySegment.ofArray(new long[8]), shmem.teamWorld(), "the context was destroyed", 100),
            "methods of a destroyed context that did not refuse");
        // close after destroy does nothing, as for a team
        context.close();

        assertTrue(assertThrows(IllegalArgumentException.class, () -> shmem.createContext(8)).getMessage()
            .startsWith("createContext: options=0x8 has unknown bits"));
        assertThrows(IllegalArgumentException.class, () -> shmem.createContext(-1));
        assertThrows(IllegalArgumentException.class, () -> shmem.teamWorld().createContext(1L << 40));
        assertInstanceOf(ContextCreationException.class, assertThrows(ContextCreationException.class,
            () -> Team.INVALID.createContext(0)));
        final Team alone = shmem.teamWorld().splitStrided(0, 1, 1);
        if (shmem.myPe() == 1)
        {
            assertThrows(ContextCreationException.class, () -> alone.createContext(0));
        }
        else
        {
            final Context solo = alone.createContext(0);
            assertThrows(IndexOutOfBoundsException.class, () -> solo.pLong(word, 0, 1, 1));
            assertThrows(NullPointerException.class, () -> solo.pLong(null, 0, 1, 0));
            assertThrows(IndexOutOfBoundsException.class, () -> solo.pLong(word, 1, 1, 0));
            alone.destroy();
            assertThrows(IllegalStateException.class, () -> alone.createContext(0));
            assertThrows(IllegalStateException.class, solo::destroy);
        }
        shmem.barrierAll();
        assertEquals(5, word.local().get(ValueLayout.JAVA_LONG, 0));
        shmem.barrierAll();
    }
}
