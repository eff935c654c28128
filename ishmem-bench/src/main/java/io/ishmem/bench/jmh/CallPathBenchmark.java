package io.ishmem.bench.jmh;

import io.ishmem.Cmp;
import io.ishmem.SignalOp;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

/**
 * The call path of put, p, putSignal, signalAdd, the waits and barrierAll into this PE's own heap (a job of one
 * PE), beside the raw FFM operation each ends in: what the library adds per call (argument checks, offset
 * translation, dispatch). A wait here finds its condition true at once, so it measures the call, not a peer.
 */
@State(Scope.Benchmark)
// three forks (the PE's options still from AsLaunchedPe): C2 compiles some of these paths differently from fork to
// fork, and one fork does not settle a 2-ns budget (putSignal SET 5.84 ns in the one fork of the 2026-11-28 run,
// 3.96 +- 0.05 over five forks right after)
@Fork(3)
public class CallPathBenchmark extends OnePeCallPaths
{
    @Benchmark
    public void put8()
    {
        shmem.put(dest, 0, src, 0, 8, 0);
    }

    @Benchmark
    public void rawCopy8()
    {
        MemorySegment.copy(src, 0, rawDest, 0, 8);
    }

    @Benchmark
    public void put8Quiet()
    {
        shmem.put(dest, 0, src, 0, 8, 0);
        shmem.quiet();
    }

    @Benchmark
    public void rawCopy8FullFence()
    {
        MemorySegment.copy(src, 0, rawDest, 0, 8);
        VarHandle.fullFence();
    }

    @Benchmark
    public void pLong()
    {
        shmem.pLong(dest, 1, ++value, 0);
    }

    @Benchmark
    public void rawOpaqueStore()
    {
        LONG.setOpaque(rawDest, 8L, ++value);
    }

    @Benchmark
    public void putSignal8Set()
    {
        shmem.putSignal(dest, 0, src, 0, 8, sig, 0, ++value, SignalOp.SET, 0);
    }

    @Benchmark
    public void rawCopy8ReleaseStore()
    {
        MemorySegment.copy(src, 0, rawDest, 0, 8);
        LONG.setRelease(rawSig, 0L, ++value);
    }

    @Benchmark
    public void signalAdd()
    {
        shmem.signalAdd(sig, 0, 1, 0);
    }

    @Benchmark
    public long rawGetAndAdd()
    {
        return (long)LONG.getAndAdd(rawSig, 0L, 1L);
    }

    @Benchmark
    public boolean testLongSatisfied()
    {
        return shmem.testLong(sig, 0, Cmp.GE, 0);
    }

    @Benchmark
    public long waitUntilSatisfied()
    {
        return shmem.waitUntilLong(sig, 0, Cmp.GE, 0);
    }

    @Benchmark
    public long signalWaitUntilSatisfied()
    {
        return shmem.signalWaitUntil(sig, 0, Cmp.GE, 0);
    }

    @Benchmark
    public long rawGetAcquire()
    {
        return (long)LONG.getAcquire(rawSig, 0L);
    }

    /** A barrier of one PE: what the call costs around the flags it has no peer to exchange. */
    @Benchmark
    public void barrierAll()
    {
        shmem.barrierAll();
    }

    @Benchmark
    public void rawReleaseFence()
    {
        VarHandle.releaseFence();
    }
}
