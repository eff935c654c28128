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
    /**
     * The calls C2 would not inline into the caller's loop without being told: put, get and put-with-signal
     * compile to 2.3-4.7 KB (the JDK's checks of each memory access, the copy of a size only known at run
     * time), and C2 refuses any callee already compiled to more than InlineSmallCode (2,500 bytes) before it
     * weighs anything else. Inlined, a put-with-signal costs 8.0 ns in JMH instead of 12 and the 2-PE
     * ping-pong of the library's putSignal and signalWaitUntil 1.3x the raw one instead of 1.6x. Each pattern
     * names the method in every class of the library, so the layers of one call (runtime, family, transport)
     * all go in. Public, so a JMH fork of the library's call paths runs under the options a PE gets.
     */
    public static final String INLINE_PUT = "-XX:CompileCommand=inline,io.ishmem.core.*::put";
    public static final String INLINE_GET = "-XX:CompileCommand=inline,io.ishmem.core.*::get";
    public static final String INLINE_PUT_SIGNAL = "-XX:CompileCommand=inline,io.ishmem.core.*::putSignal";
    /** Without it the JVM prints one line per CompileCommand on startup, into the PE's output. */
    public static final String QUIET_COMPILE_COMMANDS = "-XX:CompileCommand=quiet";

    // the heap in huge pages where the kernel gives them on request (TransparentHugePages)
    private static final List<String> DEFAULTS = TransparentHugePages.after(
        // one GC thread that runs only inside a pause: no concurrent refinement or marking threads, and young
        // pauses of a small heap take well under a millisecond (G1's first ones took 6-10 ms)
        "-XX:+UseSerialGC",
        // no StatSampler: the watcher thread would wake every 50 ms to update /tmp/hsperfdata_<user>/<pid>
        "-XX:-UsePerfData",
        // no safepoint every second for cleanup work when nothing else asks for one: each stops the PE
        "-XX:+UnlockDiagnosticVMOptions",
        "-XX:GuaranteedSafepointInterval=0",
        // a young generation that starts at 32 MB, not a third of the initial heap (126 MB on a 24 GiB machine): a
        // page of it is faulted in at its first use, 10 us a page on a VM with shadow paging (the project's test
        // VM), so until the first collection every few dozen small allocations stall the PE; a smaller one is
        // through that first fill sooner, and collections then reuse its pages (a 2-PE malloc + free: 1.17 ->
        // 0.65 us). A PE's live set is small, so its collections stay short; the young generation still grows
        // with the heap, and a later -Xmn or -XX:NewSize wins
        "-XX:NewSize=32m",
        QUIET_COMPILE_COMMANDS,
        INLINE_PUT,
        INLINE_GET,
        INLINE_PUT_SIGNAL);

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
