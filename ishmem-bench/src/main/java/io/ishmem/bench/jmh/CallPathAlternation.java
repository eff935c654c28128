package io.ishmem.bench.jmh;

import io.ishmem.Cmp;
import io.ishmem.SignalOp;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;

/**
 * {@link CallPathBenchmark}'s library paths, each in one benchmark with the raw operation it ends in: the two take
 * turns in one fork, iteration by iteration (short ones, 100 ms), the library's first, so both sides sample the
 * same stretch of time. On the project's VM the speed of the whole machine moves between two levels from one
 * second to the next (a copy and a release store 5 ns at one, 9-10 at the other, within one fork, with the same
 * code and the same inlining in every fork, checked with PrintInlining), and forks of the two measured apart,
 * even back to back, landed on different levels: a path's excess over raw moved from -1.4 to 5.6 ns between
 * rounds. Both sides are compiled into the one loop, behind a test of a field that costs each the same.
 * {@link CallPathPairs} runs it.
 */
@State(Scope.Benchmark)
@Warmup(iterations = CallPathAlternation.WARMUPS, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = CallPathAlternation.MEASURED, time = 100, timeUnit = TimeUnit.MILLISECONDS)
public class CallPathAlternation extends OnePeCallPaths
{
    /** Warm-up iterations: even, so the first measured iteration is the library's, as the first warm-up is. */
    static final int WARMUPS = 10;
    /** Measured iterations: even, half of them the library's. */
    static final int MEASURED = 60;

    private boolean library;

    /**
     * @param measured an iteration's index among the measured ones, from 0.
     * @return whether it ran the library's path (else the raw operation).
     */
    static boolean libraryIteration(final int measured)
    {
        return (WARMUPS + measured) % 2 == 0;
    }

    /** Before every iteration, warm-up ones too: the first is the library's, then the raw one's, in turn. */
    @Setup(Level.Iteration)
    public void takeTurns()
    {
        library = !library;
    }

    @Benchmark
    public void put8()
    {
        if (library)
        {
            shmem.put(dest, 0, src, 0, 8, 0);
        }
        else
        {
            MemorySegment.copy(src, 0, rawDest, 0, 8);
        }
    }

    @Benchmark
    public void put8Quiet()
    {
        if (library)
        {
            shmem.put(dest, 0, src, 0, 8, 0);
            shmem.quiet();
        }
        else
        {
            MemorySegment.copy(src, 0, rawDest, 0, 8);
            VarHandle.fullFence();
        }
    }

    @Benchmark
    public void pLong()
    {
        if (library)
        {
            shmem.pLong(dest, 1, ++value, 0);
        }
        else
        {
            LONG.setOpaque(rawDest, 8L, ++value);
        }
    }

    @Benchmark
    public void putSignal8Set()
    {
        if (library)
        {
            shmem.putSignal(dest, 0, src, 0, 8, sig, 0, ++value, SignalOp.SET, 0);
        }
        else
        {
            MemorySegment.copy(src, 0, rawDest, 0, 8);
            LONG.setRelease(rawSig, 0L, ++value);
        }
    }

    @Benchmark
    public long signalAdd()
    {
        if (library)
        {
            shmem.signalAdd(sig, 0, 1, 0);
            return 0;
        }
        return (long)LONG.getAndAdd(rawSig, 0L, 1L);
    }

    @Benchmark
    public boolean testLongSatisfied()
    {
        return library ? shmem.testLong(sig, 0, Cmp.GE, 0) : (long)LONG.getAcquire(rawSig, 0L) >= 0;
    }

    @Benchmark
    public long waitUntilSatisfied()
    {
        return library ? shmem.waitUntilLong(sig, 0, Cmp.GE, 0) : (long)LONG.getAcquire(rawSig, 0L);
    }

    @Benchmark
    public long signalWaitUntilSatisfied()
    {
        return library ? shmem.signalWaitUntil(sig, 0, Cmp.GE, 0) : (long)LONG.getAcquire(rawSig, 0L);
    }

    /** A barrier of one PE: what the call costs around the flags it has no peer to exchange. */
    @Benchmark
    public void barrierAll()
    {
        if (library)
        {
            shmem.barrierAll();
        }
        else
        {
            VarHandle.releaseFence();
        }
    }
}
