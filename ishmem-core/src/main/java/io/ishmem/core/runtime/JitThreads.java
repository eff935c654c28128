package io.ishmem.core.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What the JIT compiler threads of this JVM are doing, read from {@code /proc/self/task}: a C2 compilation
 * takes milliseconds of CPU, and where a PE has one core (bound, or as many PEs as cores) the kernel shares
 * that core between the PE and the compiler thread, so the peers that wait for the PE at the next barrier
 * wait out the compiler's time slice (up to a scheduler tick, 4 ms here). The warm-up waits for them to go
 * quiet before init returns.
 */
final class JitThreads
{
    private static final Path TASKS = Path.of("/proc/self/task");
    // the kernel keeps the first 15 bytes of a thread name: "C2 CompilerThread0" reads "C2 CompilerThre"
    private static final List<String> COMPILER_PREFIXES = List.of("C1 CompilerThre", "C2 CompilerThre");

    private JitThreads()
    {
    }

    /**
     * Waits until the compiler threads have used no CPU for {@code quietSamples} samples in a row.
     *
     * @return whether they went quiet before {@code limitNs}.
     */
    static boolean awaitQuiet(final long sampleMs, final int quietSamples, final long limitNs)
    {
        final long deadline = System.nanoTime() + limitNs;
        long last = compilerTicks();
        int quiet = 0;
        while (quiet < quietSamples)
        {
            if (System.nanoTime() - deadline > 0 || last < 0)
            {
                return false;
            }
            try
            {
                Thread.sleep(sampleMs);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                return false;
            }
            final long now = compilerTicks();
            quiet = now == last ? quiet + 1 : 0;
            last = now;
        }
        return true;
    }

    /**
     * @return the CPU time of every compiler thread, in clock ticks, or -1 where /proc cannot tell.
     */
    static long compilerTicks()
    {
        long ticks = 0;
        try (Stream<Path> tasks = Files.list(TASKS))
        {
            for (final Path task : (Iterable<Path>)tasks::iterator)
            {
                if (isCompiler(task))
                {
                    ticks += cpuTicks(task);
                }
            }
            return ticks;
        }
        catch (final IOException | RuntimeException ex)
        {
            return -1;
        }
    }

    private static long cpuTicks(final Path task) throws IOException
    {
        // "tid (comm) state ...": utime and stime are fields 14 and 15, the 12th and 13th after the ')'
        final String stat = Files.readString(task.resolve("stat"));
        final String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    private static boolean isCompiler(final Path task)
    {
        try
        {
            final String name = Files.readString(task.resolve("comm")).strip();
            for (final String prefix : COMPILER_PREFIXES)
            {
                if (name.startsWith(prefix))
                {
                    return true;
                }
            }
            return false;
        }
        catch (final IOException ex)
        {
            return false;
        }
    }
}
