package io.ishmem.bench;

/** Byte counts as the reports write them: in MiB or KiB where they divide evenly, else in bytes. */
public final class Sizes
{
    private Sizes()
    {
    }

    /**
     * @param bytes a size, {@code >= 0}.
     * @return "1 MiB", "4 KiB", "8 B".
     */
    public static String of(final long bytes)
    {
        if (bytes >= 1 << 20 && bytes % (1 << 20) == 0)
        {
            return (bytes >> 20) + " MiB";
        }
        if (bytes >= 1024 && bytes % 1024 == 0)
        {
            return (bytes >> 10) + " KiB";
        }
        return bytes + " B";
    }
}
