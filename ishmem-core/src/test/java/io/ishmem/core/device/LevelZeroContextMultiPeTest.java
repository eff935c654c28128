package io.ishmem.core.device;

import io.ishmem.Cmp;
import io.ishmem.Context;
import io.ishmem.DeviceMemory;
import io.ishmem.Ishmem;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import io.ishmem.TeamConfig;
import io.ishmem.junit.MultiPeEnv;
import io.ishmem.junit.MultiPeTest;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static io.ishmem.core.device.ZeTestDriver.LEVEL_ZERO;
import static io.ishmem.core.device.ZeTestDriver.PARAMETER_VALIDATION;
import static io.ishmem.core.device.ZeTestDriver.VALIDATION;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Contexts as ordering domains on a device heap, where an operation is not complete when it returns: each
 * context has its own Level Zero command lists, so its quiet completes its own copies and no other context's.
 * The test driver runs with {@value #DEFER}, under which a command list holds its copies back until it is
 * synchronised (a legal schedule for a real GPU), so a copy that no quiet of its own context has completed is
 * visibly not there. On a real driver (-Dze.test.driver=) only what must hold is checked.
 */
@MultiPeEnv({VALIDATION, PARAMETER_VALIDATION, LEVEL_ZERO, LevelZeroContextMultiPeTest.DEFER})
class LevelZeroContextMultiPeTest
{
    static final String DEFER = "ISHMEM_TEST_ZE_DEFER_COPIES=1";
    private static final int WORDS = 8;

    private static long stamp(final int pe, final int word)
    {
        return 100L * (pe + 1) + word;
    }

    /** This PE's device copy of the words, read through the default context's queue. */
    private static long[] read(final DeviceMemory device, final SymmetricSegment data)
    {
        final long[] words = new long[WORDS];
        device.copyToHost(MemorySegment.ofArray(words), 0, data, 0, 8L * WORDS);
        return words;
    }

    @MultiPeTest(pes = {2, 4}, timeoutSeconds = 120)
    void shouldCompleteOnlyItsOwnDeviceOperationsInAContextsQuiet(final Ishmem shmem)
    {
        final DeviceMemory device = shmem.device().orElseThrow(() -> new AssertionError("no device heap"));
        final boolean deferred = ZeTestDriver.onTestDriver();
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final int next = (me + 1) % n;
        final int prev = (me + n - 1) % n;
        final SymmetricSegment data = device.calloc(WORDS, ValueLayout.JAVA_LONG);
        final SymmetricSegment deviceSignal = device.calloc(1, ValueLayout.JAVA_LONG);
        final SymmetricSegment hostSignal = shmem.calloc(1, ValueLayout.JAVA_LONG);
        final Context a = shmem.createContext(0);
        final Context b = shmem.createContext(Context.PRIVATE);

        // word 0 through a, word 1 through b, word 2 through the default context; b and the default are quieted
        a.put(data, 0, new long[] {stamp(me, 0)}, 0, 1, next);
        b.pLong(data, 1, stamp(me, 1), next);
        shmem.put(data, 2, new long[] {stamp(me, 2)}, 0, 1, next);
        b.quiet();
        // barrierAll completes the default context only, as OpenSHMEM 1.5 says
        shmem.barrierAll();
        long[] seen = read(device, data);
        assertEquals(stamp(prev, 1), seen[1], "b's put after b's quiet");
        assertEquals(stamp(prev, 2), seen[2], "the default context's put after barrierAll");
        if (deferred)
        {
            assertEquals(0, seen[0], "a's put is still a's: neither b's quiet nor the default context's completed it");
        }
        shmem.barrierAll();
        a.quiet();
        shmem.barrierAll();
        assertEquals(stamp(prev, 0), read(device, data)[0], "a's put after a's quiet");

        // destroy is an implicit quiet
        final Context c = shmem.createContext(Context.SERIALIZED);
        c.put(data, 3, new long[] {stamp(me, 3)}, 0, 1, next);
        shmem.barrierAll();
        if (deferred)
        {
            assertEquals(0, read(device, data)[3], "c's put before c is destroyed");
        }
        shmem.barrierAll();
        c.destroy();
        shmem.barrierAll();
        assertEquals(stamp(prev, 3), read(device, data)[3], "c's put after its destroy");

        // put-with-signal through a context: device payload under a device signal, on the context's own queue,
        // delivered by the context's quiet
        a.putSignal(data, 8L * 4, MemorySegment.ofArray(new long[] {stamp(me, 4), stamp(me, 5)}), 0, 16,
            deviceSignal, 0, 1, SignalOp.ADD, next);
        a.quiet();
        assertEquals(1, shmem.signalWaitUntil(deviceSignal, 0, Cmp.EQ, 1));
        seen = read(device, data);
        assertArrayEquals(new long[] {stamp(prev, 4), stamp(prev, 5)}, new long[] {seen[4], seen[5]});
        // device payload under a host signal: the context completes its payload (its own queue) before the signal
        b.putSignal(data, 8L * 6, MemorySegment.ofArray(new long[] {stamp(me, 6)}), 0, 8, hostSignal, 0, 7,
            SignalOp.SET, next);
        assertEquals(7, shmem.signalWaitUntil(hostSignal, 0, Cmp.EQ, 7));
        assertEquals(stamp(prev, 6), read(device, data)[6], "the payload before the host signal");
        // and a get through a context reads a peer's device copy: what this PE's payload left in next's, complete
        // before its signal was set
        final MemorySegment back = MemorySegment.ofArray(new long[1]);
        a.get(back, 0, data, 8L * 6, 8, next);
        assertEquals(stamp(me, 6), back.get(ValueLayout.JAVA_LONG, 0));

        shmem.barrierAll();
        a.destroy();
        b.destroy();
        device.free(data);
        device.free(deviceSignal);
        shmem.free(hostSignal);
    }

    @MultiPeTest(pes = 2, timeoutSeconds = 120)
    void shouldCompleteATeamsContextsWhenTheTeamIsDestroyed(final Ishmem shmem)
    {
        final DeviceMemory device = shmem.device().orElseThrow(() -> new AssertionError("no device heap"));
        final int me = shmem.myPe();
        final int other = 1 - me;
        final SymmetricSegment data = device.calloc(WORDS, ValueLayout.JAVA_LONG);
        final Team team = shmem.teamWorld().splitStrided(0, 1, 2, new TeamConfig(1), TeamConfig.NUM_CONTEXTS);
        final Context context = team.createContext(0);
        // the team's PE numbers are the world's here: PE other of the team is world PE other
        context.pLong(data, 0, stamp(me, 0), other);
        shmem.barrierAll();
        if (ZeTestDriver.onTestDriver())
        {
            assertEquals(0, read(device, data)[0], "the context's put before its team is destroyed");
        }
        shmem.barrierAll();
        // collective: each PE quiets the team's contexts before the team's last barrier
        team.destroy();
        assertEquals(stamp(other, 0), read(device, data)[0], "the put of a context destroyed with its team");
        assertThrows(IllegalStateException.class, context::quiet);
        shmem.barrierAll();
        device.free(data);
    }
}
