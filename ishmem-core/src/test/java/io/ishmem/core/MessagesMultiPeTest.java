package io.ishmem.core;

import io.ishmem.Cmp;
import io.ishmem.Ishmem;
import io.ishmem.IshmemConfigException;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricHeapExhaustedException;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import io.ishmem.TeamConfig;
import io.ishmem.TeamSplitException;
import io.ishmem.junit.MultiPeJob;
import io.ishmem.junit.MultiPeTest;
import io.ishmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Messages that used to mislead: each names the argument, its value and the rule, in the library's words. */
class MessagesMultiPeTest
{
    private static final String INIT_REFUSED = "INIT REFUSED: ";

    private static <T extends Throwable> T refused(final Class<T> type, final String message, final Executable call)
    {
        final T ex = assertThrows(type, call);
        assertEquals(message, ex.getMessage());
        return ex;
    }

    @MultiPeTest(pes = 2)
    void shouldCallAnIndexPastTheEndPastTheEndNotNegative(final Ishmem shmem)
    {
        final SymmetricSegment longs = shmem.calloc(8, ValueLayout.JAVA_LONG);
        final IndexOutOfBoundsException p = assertThrows(IndexOutOfBoundsException.class,
            () -> shmem.pLong(longs, Long.MAX_VALUE, 1, 0));
        assertEquals("pLong: dest index=9223372036854775807 is past the end: the segment holds 8 elements of 8 bytes",
            p.getMessage());
        final IndexOutOfBoundsException g = assertThrows(IndexOutOfBoundsException.class,
            () -> shmem.gFloat(longs, Long.MAX_VALUE, 0));
        assertTrue(g.getMessage().contains("index=9223372036854775807 is past the end"), g.getMessage());
        final IndexOutOfBoundsException negative = assertThrows(IndexOutOfBoundsException.class,
            () -> shmem.pLong(longs, -1, 1, 0));
        assertTrue(negative.getMessage().contains("index=-1 is negative"), negative.getMessage());
        shmem.barrierAll();
    }

    @MultiPeTest(pes = 2, env = "ISHMEM_SYMMETRIC_SIZE=16M")
    void shouldNotSuggestASmallerHeapForAnImpossibleMalloc(final Ishmem shmem)
    {
        final SymmetricHeapExhaustedException ex = assertThrows(SymmetricHeapExhaustedException.class,
            () -> shmem.malloc(Long.MAX_VALUE));
        assertTrue(ex.getMessage().contains("no symmetric heap can hold"), ex.getMessage());
        assertFalse(ex.getMessage().contains("ISHMEM_SYMMETRIC_SIZE=1M"), ex.getMessage());
        // an ordinary shortfall still gets its suggestion, larger than the heap
        final SymmetricHeapExhaustedException shortfall = assertThrows(SymmetricHeapExhaustedException.class,
            () -> shmem.malloc(20L << 20));
        assertTrue(shortfall.getMessage().contains("raise ISHMEM_SYMMETRIC_SIZE (e.g. ISHMEM_SYMMETRIC_SIZE=32M)"),
            shortfall.getMessage());
    }

    static void initAndReport()
    {
        try (Ishmem shmem = Ishmem.init())
        {
            System.out.println("INIT OK on PE " + shmem.myPe());
        }
        catch (final IshmemConfigException ex)
        {
            System.out.println(INIT_REFUSED + ex.getMessage());
        }
    }

    private static String refusal(final JobResult result, final int pe)
    {
        return result.output(pe).stream().filter(line -> line.startsWith(INIT_REFUSED)).findFirst()
            .orElseThrow(() -> new AssertionError("PE " + pe + " was not refused: " + result.output(pe)))
            .substring(INIT_REFUSED.length());
    }

    @Test
    @Timeout(60)
    void shouldNameTheVariableWhenTheHeapCannotBeMapped() throws java.io.IOException
    {
        final JobResult result = MultiPeJob.of(MessagesMultiPeTest.class, "initAndReport").pes(2)
            .env("ISHMEM_SYMMETRIC_SIZE", "64T").run();
        final String message = refusal(result, 0);
        assertTrue(message.startsWith("ISHMEM_SYMMETRIC_SIZE=64 TiB") && message.contains("ENOMEM") &&
            message.contains("2 x 64 TiB (70368744177664 bytes) must fit"), message);
        FailureMultiPeTest.assertNothingLeft(result.jobId());
    }

    @Test
    @Timeout(60)
    void shouldRefuseABootTimeoutOfZero()
    {
        final JobResult result = MultiPeJob.of(MessagesMultiPeTest.class, "initAndReport").pes(2)
            .env("ISHMEM_BOOT_TIMEOUT", "0s").run();
        for (int pe = 0; pe < 2; pe++)
        {
            assertEquals("ISHMEM_BOOT_TIMEOUT=0s must be at least 1ms: it is how long init waits for every PE of " +
                "the job to arrive", refusal(result, pe));
        }
    }

    @Test
    @Timeout(60)
    void shouldSayANegativeSizeIsNegative()
    {
        final JobResult result = MultiPeJob.of(MessagesMultiPeTest.class, "initAndReport").pes(2)
            .env("ISHMEM_SYMMETRIC_SIZE", "-1").run();
        assertEquals("ISHMEM_SYMMETRIC_SIZE=-1 is negative: give a size in bytes with an optional K, M, G or T " +
            "suffix, e.g. 512M", refusal(result, 0));
    }

    @MultiPeTest(pes = 2)
    void shouldNameTheRoutineAndTheArgumentThatIsNull(final Ishmem shmem)
    {
        final SymmetricSegment seg = shmem.calloc(8, ValueLayout.JAVA_LONG);
        final SymmetricSegment none = null;
        final MemorySegment local = MemorySegment.ofArray(new long[8]);
        final MemorySegment noLocal = null;
        final long[] noArray = null;
        final MemoryLayout noType = null;
        refused(NullPointerException.class, "put: dest is null", () -> shmem.put(none, 0, local, 0, 8, 1));
        refused(NullPointerException.class, "put: src is null", () -> shmem.put(seg, 0, noLocal, 0, 8, 1));
        refused(NullPointerException.class, "putNbi: src is null", () -> shmem.putNbi(seg, 0, noLocal, 0, 8, 1));
        refused(NullPointerException.class, "get: dest is null", () -> shmem.get(noLocal, 0, seg, 0, 8, 1));
        refused(NullPointerException.class, "get: src is null", () -> shmem.get(local, 0, none, 0, 8, 1));
        refused(NullPointerException.class, "getNbi: dest is null", () -> shmem.getNbi(noLocal, 0, seg, 0, 8, 1));
        refused(NullPointerException.class, "put: src is null", () -> shmem.put(seg, 0, none, 0, 8, 1));
        refused(NullPointerException.class, "get: dest is null", () -> shmem.get(none, 0, seg, 0, 8, 1));
        refused(NullPointerException.class, "put: src is null", () -> shmem.put(seg, noLocal, 1));
        refused(NullPointerException.class, "getNbi: dest is null", () -> shmem.getNbi(noLocal, seg, 1));
        refused(NullPointerException.class, "put: src is null", () -> shmem.put(seg, 0, noArray, 0, 1, 1));
        refused(NullPointerException.class, "get: dest is null", () -> shmem.get(noArray, 0, seg, 0, 1, 1));
        refused(NullPointerException.class, "put: type is null", () -> shmem.put(noType, seg, local, 1, 1));
        refused(NullPointerException.class, "pLong: dest is null", () -> shmem.pLong(none, 0, 1, 1));
        refused(NullPointerException.class, "gDouble: src is null", () -> shmem.gDouble(none, 0, 1));
        refused(NullPointerException.class, "putSignal: dest is null",
            () -> shmem.putSignal(none, 0, local, 0, 8, seg, 7, 1, SignalOp.SET, 1));
        refused(NullPointerException.class, "putSignal: src is null",
            () -> shmem.putSignal(seg, 0, noLocal, 0, 8, seg, 7, 1, SignalOp.SET, 1));
        refused(NullPointerException.class, "putSignalNbi: sig is null",
            () -> shmem.putSignalNbi(seg, 0, local, 0, 8, none, 0, 1, SignalOp.SET, 1));
        refused(NullPointerException.class, "putSignalNbi: src is null",
            () -> shmem.putSignalNbi(seg, 0, noArray, 0, 1, seg, 7, 1, SignalOp.SET, 1));
        refused(NullPointerException.class, "putSignalOnQueue: src is null",
            () -> shmem.putSignalOnQueue(seg, 0, noLocal, 0, 8, seg, 7, 1, SignalOp.SET, 1));
        refused(NullPointerException.class, "signalFetch: sig is null", () -> shmem.signalFetch(none));
        refused(NullPointerException.class, "signalAdd: sig is null", () -> shmem.signalAdd(none, 1, 1));
        refused(NullPointerException.class, "signalSet: sig is null", () -> shmem.signalSet(none, 0, 1, 1));
        refused(NullPointerException.class, "signalWaitUntil: sig is null",
            () -> shmem.signalWaitUntil(none, Cmp.EQ, 0));
        refused(NullPointerException.class, "waitUntilLong: ivar is null",
            () -> shmem.waitUntilLong(none, 0, Cmp.EQ, 0));
        refused(NullPointerException.class, "testInt: ivar is null", () -> shmem.testInt(none, 0, Cmp.EQ, 0));
        refused(NullPointerException.class, "waitUntilLong: cmp is null (use Cmp.EQ, NE, GT, GE, LT or LE)",
            () -> shmem.waitUntilLong(seg, 0, null, 0));
        refused(NullPointerException.class, "free: segment is null", () -> shmem.free(none));
        // nothing was written, and the job is still in step
        shmem.barrierAll();
        for (int i = 0; i < 8; i++)
        {
            assertEquals(0, seg.local().getAtIndex(ValueLayout.JAVA_LONG, i));
        }
        shmem.barrierAll();
    }

    @MultiPeTest(pes = 2)
    void shouldSayALocalSegmentsArenaIsClosedOrConfinedToAnotherThread(final Ishmem shmem) throws Exception
    {
        final SymmetricSegment seg = shmem.calloc(8, ValueLayout.JAVA_LONG);
        final MemorySegment closed;
        try (Arena arena = Arena.ofConfined())
        {
            closed = arena.allocate(64, 8);
        }
        final IllegalStateException put = refused(IllegalStateException.class,
            "put: src belongs to an arena that is closed", () -> shmem.put(seg, 0, closed, 0, 8, 1));
        assertEquals("Already closed", put.getCause().getMessage());
        refused(IllegalStateException.class, "getNbi: dest belongs to an arena that is closed",
            () -> shmem.getNbi(closed, 0, seg, 0, 8, 1));
        refused(IllegalStateException.class, "putSignal: src belongs to an arena that is closed",
            () -> shmem.putSignal(seg, 0, closed, 0, 8, seg, 7, 1, SignalOp.SET, 1));
        refused(IllegalStateException.class, "putSignalNbiOnQueue: src belongs to an arena that is closed",
            () -> shmem.putSignalNbiOnQueue(seg, 0, closed, 0, 8, seg, 7, 1, SignalOp.SET, 1));
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment mine = arena.allocate(64, 8);
            final AtomicReference<Throwable> seen = new AtomicReference<>();
            final Thread other = Thread.ofPlatform().name("other").start(() ->
                seen.set(assertThrows(WrongThreadException.class, () -> shmem.get(mine, 0, seg, 0, 8, 1))));
            other.join();
            assertInstanceOf(WrongThreadException.class, seen.get());
            assertEquals("get: dest belongs to a confined arena of another thread, which thread other may not " +
                "access: allocate it with Arena.ofShared(), Arena.global() or Arena.ofAuto() to pass it from any " +
                "thread", seen.get().getMessage());
        }
        // the signal word was never touched: a put-with-signal whose src fails sends no signal
        shmem.barrierAll();
        assertEquals(0, shmem.signalFetch(seg, 7));
        shmem.barrierAll();
    }

    @MultiPeTest(pes = 2)
    void shouldSayTheJobIsClosedWhenASegmentOrTeamIsKeptPastClose(final Ishmem shmem)
    {
        final SymmetricSegment kept = shmem.calloc(8, ValueLayout.JAVA_LONG);
        final Team world = shmem.teamWorld();
        final MemorySegment local = MemorySegment.ofArray(new long[8]);
        shmem.close();
        final String closed = ": ishmem is closed (called after close)";
        refused(IllegalStateException.class, "put" + closed, () -> shmem.put(kept, 0, local, 0, 8, 1));
        refused(IllegalStateException.class, "gLong" + closed, () -> shmem.gLong(kept, 0, 1));
        refused(IllegalStateException.class, "signalFetch" + closed, () -> shmem.signalFetch(kept, 0));
        refused(IllegalStateException.class, "putSignalOnQueue" + closed,
            () -> shmem.putSignalOnQueue(kept, 0, local, 0, 8, kept, 7, 1, SignalOp.SET, 1));
        refused(IllegalStateException.class, "local" + closed, kept::local);
        refused(IllegalStateException.class, "peerView" + closed, () -> kept.peerView(1));
        refused(IllegalStateException.class, "slice" + closed, () -> kept.slice(8));
        refused(IllegalStateException.class, "team.sync" + closed, world::sync);
        refused(IllegalStateException.class, "splitStrided" + closed, () -> world.splitStrided(0, 1, 1));
    }

    @MultiPeTest(pes = 2)
    void shouldRefuseAConfinedSegmentForTheQueueAtTheCall(final Ishmem shmem)
    {
        final int next = (shmem.myPe() + 1) % shmem.nPes();
        final SymmetricSegment seg = shmem.calloc(8, ValueLayout.JAVA_LONG);
        try (Arena confined = Arena.ofConfined(); Arena shared = Arena.ofShared())
        {
            final MemorySegment mine = confined.allocate(64, 8);
            final String why = " belongs to a confined arena, whose segments cannot be handed to the queue " +
                "thread ishmem-queue-pe" + shmem.myPe() + " (only the arena's owner thread may access them): " +
                "allocate src with Arena.ofShared(), Arena.global() or Arena.ofAuto(), or pass a heap segment";
            refused(IllegalArgumentException.class, "putSignalOnQueue: src" + why,
                () -> shmem.putSignalOnQueue(seg, 0, mine, 0, 8, seg, 7, 1, SignalOp.SET, next));
            refused(IllegalArgumentException.class, "putSignalNbiOnQueue: src" + why,
                () -> shmem.putSignalNbiOnQueue(ValueLayout.JAVA_LONG, seg, mine, 1, seg.slice(56), 1, SignalOp.ADD,
                    next));
            // a shared arena's segment is accepted, and the operation runs
            final MemorySegment ours = shared.allocate(64, 8);
            ours.set(ValueLayout.JAVA_LONG, 0, 42);
            final CompletableFuture<Void> queued = shmem.putSignalOnQueue(seg, 0, ours, 0, 8, seg, 6, 1,
                SignalOp.SET, next);
            queued.join();
        }
        // an arena closed after the call and before the operation runs fails the future, in the same words
        final Arena later = Arena.ofShared();
        final CompletableFuture<Void> gate = new CompletableFuture<>();
        final CompletableFuture<Void> waiting = shmem.putSignalOnQueue(seg, 8, later.allocate(8, 8), 0, 8, seg, 5,
            1, SignalOp.SET, next, gate);
        later.close();
        gate.complete(null);
        final CompletionException failed = assertThrows(CompletionException.class, waiting::join);
        assertInstanceOf(IllegalStateException.class, failed.getCause());
        assertEquals("putSignalOnQueue: src belongs to an arena that is closed", failed.getCause().getMessage());
        shmem.barrierAll();
        assertEquals(42, seg.local().getAtIndex(ValueLayout.JAVA_LONG, 0));
        assertEquals(1, shmem.signalFetch(seg, 6));
        assertEquals(0, shmem.signalFetch(seg, 7), "a refused operation was queued");
        assertEquals(0, shmem.signalFetch(seg, 5), "an operation whose src failed sent its signal");
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {2, 3})
    void shouldTellEveryPeWhyAPeersSplitConfigWasInvalid(final Ishmem shmem)
    {
        final int n = shmem.nPes();
        final int me = shmem.myPe();
        final Team world = shmem.teamWorld();
        final TeamConfig four = new TeamConfig(4);
        final String strided = "splitStrided(start=0, stride=1, size=" + n + ") on team WORLD failed on every PE " +
            "of the parent: ";
        // only the last PE passes unknown mask bits; every PE hears what they were
        refused(TeamSplitException.class, strided + "PE " + (n - 1) + " passed an invalid config: config mask 0x31 " +
            "has unknown bits (known: NUM_CONTEXTS=0x1) (code 4)",
            () -> world.splitStrided(0, 1, n, four, me == n - 1 ? 0x31 : TeamConfig.NUM_CONTEXTS));
        // two PEs pass bad configs: the first in parent order is named, alike on every PE
        refused(TeamSplitException.class, strided + "PE 0 passed an invalid config: config mask 0x1 names fields " +
            "but config is null (code 4)",
            () -> world.splitStrided(0, 1, n, me == 0 ? null : four, me == 1 ? 0x8 : TeamConfig.NUM_CONTEXTS));
        // split2d: the y-axis config of PE 1
        refused(TeamSplitException.class, "split2d(xrange=1) on team WORLD failed on every PE of the parent: PE 1 " +
            "passed an invalid config: y-axis config mask 0x4 has unknown bits (known: NUM_CONTEXTS=0x1) (code 4)",
            () -> world.split2d(1, four, TeamConfig.NUM_CONTEXTS, TeamConfig.DEFAULT, me == 1 ? 0x4 : 0));
        // an invalid xrange is named before any config
        refused(TeamSplitException.class, "split2d(xrange=0) on team WORLD failed on every PE of the parent: " +
            "xrange=0 is not positive (code 3)", () -> world.split2d(0, null, me == 0 ? 1 : 0, null, 0));
        // the parent stays usable
        final Team all = world.splitStrided(0, 1, n, four, TeamConfig.NUM_CONTEXTS);
        all.sync();
        all.destroy();
        shmem.barrierAll();
    }
}
