package io.ishmem.core.runtime;

import io.ishmem.Cmp;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;

/**
 * Runs the calls a bulk-synchronous loop makes (barrierAll, malloc + free, put-with-signal and p with
 * their waits) enough times at init for the JIT to compile them, then waits for the compiler threads to go
 * quiet. Compiled later, in the application's first rounds, each C2 compilation takes the PE's core for a
 * time slice that its peers wait out at the next barrier (stalls of 4-8 ms were measured). Only where it is
 * cheap: with a core per PE a barrier takes a fraction of a microsecond; oversubscribed, tens, and the
 * warm-up would cost a noticeable part of a second.
 */
final class Warmup
{
    private static final Logger LOG = LoggerFactory.getLogger(Warmup.class);
    // above C2's invocation threshold (5,000) with room for the profile to settle
    static final int CALLS = 12_000;
    private static final long SETTLE_SAMPLE_MS = 10;
    private static final int SETTLE_QUIET_SAMPLES = 3;
    private static final long SETTLE_LIMIT_NS = TimeUnit.SECONDS.toNanos(2);

    private Warmup()
    {
    }

    /**
     * Collective: every PE of the job calls it at init with the same count.
     */
    static void run(final IshmemRuntime runtime, final int calls)
    {
        if (calls <= 0)
        {
            return;
        }
        final long startNs = System.nanoTime();
        final int me = runtime.myPe();
        final SymmetricSegment words = runtime.calloc(2, ValueLayout.JAVA_LONG);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment payload = arena.allocate(8, 8);
            for (int i = 1; i <= calls; i++)
            {
                runtime.barrierAll();
                runtime.free(runtime.malloc(64));
                // to this PE itself: the same checked paths, with no peer to wait for
                runtime.putSignal(words, 0, payload, 0, 8, words, 1, i, SignalOp.SET, me);
                runtime.signalWaitUntil(words, 1, Cmp.GE, i);
                runtime.pLong(words, 0, i, me);
                runtime.waitUntilLong(words, 0, Cmp.EQ, i);
            }
        }
        runtime.free(words);
        final long ranNs = System.nanoTime() - startNs;
        final boolean settled = JitThreads.awaitQuiet(SETTLE_SAMPLE_MS, SETTLE_QUIET_SAMPLES, SETTLE_LIMIT_NS);
        // every PE leaves together, whatever its compiler took
        runtime.barrierAll();
        LOG.debug("warm-up: {} rounds in {} ms, compilers {} after {} ms", calls,
            TimeUnit.NANOSECONDS.toMillis(ranNs), settled ? "quiet" : "still busy",
            TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs - ranNs));
    }
}
