package io.ishmem.bench.jmh;

import io.ishmem.SymmetricSegment;
import io.ishmem.core.heap.HeapSegment;
import io.ishmem.core.heap.SymmetricAllocator;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.transport.shm.ShmTransport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;

/** The parts of the heap every call goes through: argument checks with offset translation, and the allocator. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-XX:+UseSerialGC")
public class HeapBenchmark
{
    private Arena arena;
    private SymmetricHeap heap;
    private SymmetricSegment segment;
    private SymmetricAllocator allocator;
    private long offset;

    @Setup(Level.Trial)
    public void setUp()
    {
        arena = Arena.ofShared();
        final MemorySegment[] heaps = {arena.allocate(1 << 20, 4096), arena.allocate(1 << 20, 4096)};
        heap = new SymmetricHeap(0, heaps, new ShmTransport(0, heaps));
        final HeapSegment allocated = heap.allocate("malloc", 4096, 64);
        segment = allocated.slice(128, 1024);
        allocator = new SymmetricAllocator(1L << 30);
        for (int i = 0; i < 64; i++)
        {
            allocator.allocate(4096, 64);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown()
    {
        arena.close();
    }

    /** Every put/get pays this: instanceof, owner, liveness, range, then the heap offset. */
    @Benchmark
    public long rangeCheckAndTranslate()
    {
        offset = (offset + 8) & 511;
        return SymmetricHeap.rangeOffset("put", "dest", segment, offset, 8);
    }

    @Benchmark
    public void checkPe()
    {
        heap.checkPe("put", 1);
    }

    /** The local part of malloc + free with 64 live allocations before it. */
    @Benchmark
    public boolean allocateAndFree()
    {
        return allocator.free(allocator.allocate(4096, 64));
    }
}
