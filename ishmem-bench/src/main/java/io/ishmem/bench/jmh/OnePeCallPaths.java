package io.ishmem.bench.jmh;

import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * What the one-PE call-path benchmarks (CallPathBenchmark, CallPathAlternation, SizedPutBenchmark) work on: a job
 * of one PE, a data segment and a signal word in its heap, the same two as raw segments (the PE's own view of its
 * heap), and a local source buffer. Fields of the benchmark itself, so a library path and its raw twin each reach
 * theirs in one load.
 */
public abstract class OnePeCallPaths extends AsLaunchedPe
{
    protected static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    protected Ishmem shmem;
    protected SymmetricSegment dest;
    protected SymmetricSegment sig;
    protected MemorySegment src;
    protected MemorySegment rawDest;
    protected MemorySegment rawSig;
    protected long value;
    private Arena arena;

    @Setup(Level.Trial)
    public void setUp()
    {
        System.setProperty("ishmem.symmetric.size", "16M");
        shmem = Ishmem.init();
        dest = shmem.malloc(1024);
        sig = shmem.calloc(1, ValueLayout.JAVA_LONG);
        arena = Arena.ofShared();
        src = arena.allocate(1024, 64);
        rawDest = dest.peerView(0).orElseThrow();
        rawSig = sig.peerView(0).orElseThrow();
    }

    @TearDown(Level.Trial)
    public void tearDown()
    {
        shmem.close();
        arena.close();
    }
}
