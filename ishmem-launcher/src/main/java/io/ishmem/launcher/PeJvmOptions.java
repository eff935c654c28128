package io.ishmem.launcher;

import java.util.List;

/**
 * JVM options suited to a PE of a SHMEM job, which the short form of {@code ishmemrun} puts before the
 * user's own {@code --jvm-arg}s (a later option wins, so each can be overridden). A bulk-synchronous job
 * runs at the pace of its slowest PE, and on a machine with as many PEs as cores every runnable JVM thread
 * other than the PE's own takes a scheduling slice from a PE that the others wait for; these options take
 * away the periodic ones.
 */
public final class PeJvmOptions
{
    private static final List<String> DEFAULTS = List.of(
        // one GC thread that runs only inside a pause: no concurrent refinement or marking threads, and young
        // pauses of a small heap take well under a millisecond (G1's first ones took 6-10 ms)
        "-XX:+UseSerialGC",
        // no StatSampler: the watcher thread would wake every 50 ms to update /tmp/hsperfdata_<user>/<pid>
        "-XX:-UsePerfData",
        // no safepoint every second for cleanup work when nothing else asks for one: each stops the PE
        "-XX:+UnlockDiagnosticVMOptions",
        "-XX:GuaranteedSafepointInterval=0");

    private PeJvmOptions()
    {
    }

    /**
     * @return the options, in order.
     */
    public static List<String> defaults()
    {
        return DEFAULTS;
    }
}
