package io.ishmem.bench.jmh;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

/**
 * put with a size the JIT cannot fold (a field, as in a loop over sizes or an application's own message
 * lengths), beside {@code MemorySegment.copy} of the same size into the same mapping: what a streamed put of
 * small messages costs over the copy it stands for.
 */
@State(Scope.Benchmark)
public class SizedPutBenchmark extends OnePeCallPaths
{
    private static final int STREAM = 256;

    @Param({"8", "64", "1024"})
    private long size;

    @Benchmark
    public void put()
    {
        shmem.put(dest, 0, src, 0, size, 0);
    }

    @Benchmark
    public void rawCopy()
    {
        MemorySegment.copy(src, 0, rawDest, 0, size);
    }

    /**
     * A stream of puts, as the bench's message rate issues them: the loop around the call is the JIT's to optimise,
     * but for the compiler-only barrier after each put (no instruction on x86) that keeps it from keeping only the
     * last of 256 identical puts, as the bench's loops and the C anchor's {@code CLOBBER()} do.
     */
    @Benchmark
    @OperationsPerInvocation(STREAM)
    public void putStream()
    {
        for (int i = 0; i < STREAM; i++)
        {
            shmem.put(dest, 0, src, 0, size, 0);
            VarHandle.storeStoreFence();
        }
    }

    @Benchmark
    @OperationsPerInvocation(STREAM)
    public void rawCopyStream()
    {
        for (int i = 0; i < STREAM; i++)
        {
            MemorySegment.copy(src, 0, rawDest, 0, size);
            VarHandle.storeStoreFence();
        }
    }
}
