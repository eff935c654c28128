package io.ishmem.bench.jmh;

import io.ishmem.launcher.PeJvmOptions;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * The JMH settings of the call-path benchmarks, which JMH finds on their superclass: the average time of a call
 * in one fork that runs as a PE launched by ishmemrun does, with its options that inline put, get and putSignal.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-XX:+UseSerialGC",
    PeJvmOptions.QUIET_COMPILE_COMMANDS, PeJvmOptions.INLINE_PUT, PeJvmOptions.INLINE_GET,
    PeJvmOptions.INLINE_PUT_SIGNAL})
public abstract class AsLaunchedPe
{
}
