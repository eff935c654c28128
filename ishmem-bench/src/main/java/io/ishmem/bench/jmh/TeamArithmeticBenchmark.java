package io.ishmem.bench.jmh;

import io.ishmem.core.team.Triplet;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * The arithmetic behind team.myPe, nPes and translatePe: every team is a (start, stride, size)
 * triplet of world PEs, so these are a multiply or a division, with no communication.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-XX:+UseSerialGC")
public class TeamArithmeticBenchmark
{
    private final Triplet odd = new Triplet(1, 2, 512);
    private final Triplet reversed = new Triplet(1023, -3, 300);
    private int pe;

    /** World PE of a team member (translatePe into WORLD). */
    @Benchmark
    public int worldPe()
    {
        pe = (pe + 1) & 511;
        return odd.worldPe(pe);
    }

    /** Team index of a world PE, -1 for non-members (myPe, translatePe out of WORLD). */
    @Benchmark
    public int indexOf()
    {
        pe = (pe + 7) & 1023;
        return reversed.indexOf(pe);
    }

    /** translatePe between two teams: through the world PE. */
    @Benchmark
    public int translate()
    {
        pe = (pe + 1) & 511;
        return reversed.indexOf(odd.worldPe(pe));
    }

    /** The validity check of a split, run on every PE before agreeing. */
    @Benchmark
    public String checkSplit()
    {
        pe = (pe + 1) & 255;
        return Triplet.checkSplit(1024, pe, 3, 200);
    }
}
