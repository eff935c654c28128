package io.ishmem.launcher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a PE's JVM should ask for transparent huge pages for its Java heap. Where the kernel gives them only
 * on request ({@code madvise}, Debian's default), {@code -XX:+UseTransparentHugePages} makes the heap fault in
 * 2 MiB at a time instead of 4 KiB: on a VM whose page faults are expensive (10 us each on the project's test
 * VM, shadow paging) a PE's start took 40% fewer faults and 12% less CPU (a 2-PE job of {@code Hello}: 12,200
 * -> 7,550 faults, 0.72 -> 0.63 s of CPU a PE). Where the kernel gives them always, the option is not needed;
 * where never, the JVM would print a warning into the PE's output for it.
 */
public final class TransparentHugePages
{
    /** The option, when {@link #option(Path)} says to use it. */
    public static final String USE = "-XX:+UseTransparentHugePages";

    private static final Path MODE = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
    private static final List<String> OPTION = option(MODE);

    private TransparentHugePages()
    {
    }

    /**
     * @return {@link #USE} alone where this machine's kernel gives huge pages on request only, else nothing.
     */
    public static List<String> option()
    {
        return OPTION;
    }

    /**
     * @param options JVM options.
     * @return {@code options}, then {@link #option()}: a PE's options with the heap in huge pages where the kernel
     *         gives them on request.
     */
    public static List<String> after(final String... options)
    {
        final List<String> all = new ArrayList<>(List.of(options));
        all.addAll(OPTION);
        return List.copyOf(all);
    }

    /**
     * @param mode the kernel's {@code transparent_hugepage/enabled} file: {@code always [madvise] never}, the
     *             mode in force in brackets.
     * @return {@link #USE} alone when the mode in force is {@code madvise}; nothing when it is another, or the
     *         file cannot be read (no such kernel feature).
     */
    static List<String> option(final Path mode)
    {
        try
        {
            return Files.readString(mode, StandardCharsets.US_ASCII).contains("[madvise]") ? List.of(USE) : List.of();
        }
        catch (final IOException | SecurityException ex)
        {
            return List.of();
        }
    }
}
