package io.ishmem.launcher;

import java.util.Locale;

/**
 * Where each PE's process may run, as {@code mpirun --bind-to} says it: nowhere in particular, or on one
 * CPU of the launcher's own CPU set each (PE k on the k-th allowed CPU, round robin when there are more PEs
 * than CPUs). Binding keeps the kernel from moving a PE that its peers spin on, and from putting two
 * spinning PEs on one CPU while another CPU idles; every thread of the PE's JVM shares its CPU.
 */
public enum CpuBinding
{
    /** The kernel places every PE (the default). */
    NONE,
    /** One CPU per PE, through {@code taskset -c CPU} before the PE's program. */
    CORE;

    /**
     * @param name {@code none} or {@code core}, in any case.
     * @return the binding.
     * @throws IllegalArgumentException naming the valid values.
     */
    public static CpuBinding parse(final String name)
    {
        return switch (name == null ? "" : name.toLowerCase(Locale.ROOT))
        {
            case "none" -> NONE;
            case "core" -> CORE;
            default -> throw new IllegalArgumentException("bind-to '" + name + "' is not one of core, none");
        };
    }
}
