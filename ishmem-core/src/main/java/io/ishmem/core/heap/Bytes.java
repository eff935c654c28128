package io.ishmem.core.heap;

/** Human-readable byte counts for messages. */
public final class Bytes
{
    private Bytes()
    {
    }

    /**
     * @return e.g. "600 MiB (629145600 bytes)" or "100 bytes".
     */
    public static String describe(final long bytes)
    {
        if (bytes < 1024)
        {
            return bytes + " bytes";
        }
        final String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double value = bytes;
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1)
        {
            value /= 1024;
            unit++;
        }
        final String number = value == Math.rint(value) ? String.valueOf((long)value) : String.format("%.1f", value);
        return number + " " + units[unit] + " (" + bytes + " bytes)";
    }

    /**
     * @return the next power-of-two size that holds {@code bytes}, as an ISHMEM_SYMMETRIC_SIZE value.
     */
    public static String suggestSize(final long bytes)
    {
        long size = 1L << 20;
        while (size < bytes && size < (1L << 62))
        {
            size <<= 1;
        }
        if (size >= 1L << 30)
        {
            return (size >> 30) + "G";
        }
        return (size >> 20) + "M";
    }
}
