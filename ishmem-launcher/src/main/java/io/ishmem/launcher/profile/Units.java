package io.ishmem.launcher.profile;

import java.util.Locale;

/** Durations and byte counts as the report writes them. */
final class Units
{
    private Units()
    {
    }

    static String millis(final long ns)
    {
        return String.format(Locale.ROOT, "%.1f ms", ns / 1e6);
    }

    static String bytes(final long bytes)
    {
        if (bytes < 1024)
        {
            return bytes + " B";
        }
        final String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double value = bytes / 1024.0;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1)
        {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }
}
