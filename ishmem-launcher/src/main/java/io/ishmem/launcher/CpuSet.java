package io.ishmem.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The CPUs this process may run on, from the kernel's {@code Cpus_allowed_list} (what {@code taskset}, a
 * cgroup cpuset or a batch system's binding left it), so a bound job stays inside the launcher's own share
 * of the machine.
 */
final class CpuSet
{
    private static final Path STATUS = Path.of("/proc/self/status");
    private static final String FIELD = "Cpus_allowed_list:";

    private CpuSet()
    {
    }

    /**
     * @return the allowed CPU numbers in increasing order; never empty.
     * @throws LaunchException if the kernel does not say (no {@code /proc}).
     */
    static int[] allowed()
    {
        try
        {
            for (final String line : Files.readAllLines(STATUS))
            {
                if (line.startsWith(FIELD))
                {
                    return parse(line.substring(FIELD.length()).trim());
                }
            }
        }
        catch (final IOException | IllegalArgumentException ex)
        {
            throw new LaunchException("taskset", "cannot read the CPUs this process may use from " + STATUS + ": " +
                ex.getMessage(), ex);
        }
        throw new LaunchException("taskset", STATUS + " has no " + FIELD + " line", null);
    }

    /**
     * @return the allowed CPUs, or {@code null} where the kernel does not say.
     */
    static int[] allowedOrNull()
    {
        try
        {
            return allowed();
        }
        catch (final LaunchException ex)
        {
            return null;
        }
    }

    /**
     * @param list a kernel CPU list such as {@code 0-3,8,10-11}.
     * @return its CPUs in the order given.
     * @throws IllegalArgumentException if it is not such a list.
     */
    static int[] parse(final String list)
    {
        final List<Integer> cpus = new ArrayList<>();
        for (final String part : list.split(","))
        {
            final String range = part.trim();
            if (range.isEmpty())
            {
                continue;
            }
            final int dash = range.indexOf('-');
            final int first = Integer.parseInt(dash < 0 ? range : range.substring(0, dash));
            final int last = dash < 0 ? first : Integer.parseInt(range.substring(dash + 1));
            if (first < 0 || last < first)
            {
                throw new IllegalArgumentException("'" + range + "' is not a CPU range");
            }
            for (int cpu = first; cpu <= last; cpu++)
            {
                cpus.add(cpu);
            }
        }
        if (cpus.isEmpty())
        {
            throw new IllegalArgumentException("'" + list + "' names no CPU");
        }
        return cpus.stream().mapToInt(Integer::intValue).toArray();
    }
}
