package io.ishmem.core.runtime;

import io.ishmem.IshmemConfigException;

import java.util.Locale;

/** Parses sizes, durations, integers and booleans; every error names the variable and what is accepted. */
public final class ConfigValues
{
    private ConfigValues()
    {
    }

    /**
     * @param name  variable name for the message.
     * @param value e.g. {@code 512M}, {@code 2G}, {@code 64KiB}, {@code 4096}.
     * @return bytes.
     */
    public static long parseSize(final String name, final String value)
    {
        final String text = value.trim().toUpperCase(Locale.ROOT);
        int end = text.length();
        if (text.endsWith("IB"))
        {
            end -= 2;
        }
        else if (text.endsWith("B"))
        {
            end -= 1;
        }
        int shift = 0;
        if (end > 0)
        {
            switch (text.charAt(end - 1))
            {
                case 'K' -> shift = 10;
                case 'M' -> shift = 20;
                case 'G' -> shift = 30;
                case 'T' -> shift = 40;
                default -> shift = 0;
            }
        }
        if (shift != 0)
        {
            end--;
        }
        try
        {
            final long number = Long.parseLong(text.substring(0, end).trim());
            if (number < 0)
            {
                throw new IshmemConfigException(name + "=" + value + " is negative: give a size in bytes with an " +
                    "optional K, M, G or T suffix, e.g. 512M");
            }
            if (number > (Long.MAX_VALUE >> shift))
            {
                throw new IshmemConfigException(name + "=" + value + " is more than 8 EiB, the largest size a " +
                    "long can hold");
            }
            return number << shift;
        }
        catch (final NumberFormatException ex)
        {
            throw new IshmemConfigException(name + "=" + value +
                " is not a size: give bytes with an optional K, M, G or T suffix, e.g. 512M or 2G");
        }
    }

    /**
     * @param name  variable name for the message.
     * @param value e.g. {@code 10s}, {@code 100ms}, {@code 200us}, {@code 500ns}; a bare number is nanoseconds.
     * @return nanoseconds.
     */
    public static long parseDurationNs(final String name, final String value)
    {
        final String text = value.trim().toLowerCase(Locale.ROOT);
        long multiplier = 1;
        int end = text.length();
        if (text.endsWith("ns"))
        {
            end -= 2;
        }
        else if (text.endsWith("us"))
        {
            multiplier = 1_000L;
            end -= 2;
        }
        else if (text.endsWith("ms"))
        {
            multiplier = 1_000_000L;
            end -= 2;
        }
        else if (text.endsWith("s"))
        {
            multiplier = 1_000_000_000L;
            end -= 1;
        }
        try
        {
            final long number = Long.parseLong(text.substring(0, end).trim());
            if (number < 0)
            {
                throw new IshmemConfigException(name + "=" + value + " is negative: give a duration with ns, us, " +
                    "ms or s, e.g. 100ms");
            }
            if (number > Long.MAX_VALUE / multiplier)
            {
                throw new IshmemConfigException(name + "=" + value + " is more than 292 years, the longest " +
                    "duration a long of nanoseconds can hold");
            }
            return number * multiplier;
        }
        catch (final NumberFormatException ex)
        {
            throw new IshmemConfigException(name + "=" + value +
                " is not a duration: give a number with ns, us, ms or s, e.g. 100ms");
        }
    }

    /**
     * @param name  variable name for the message.
     * @param value decimal integer.
     * @return the value.
     */
    public static int parseInt(final String name, final String value)
    {
        try
        {
            return Integer.parseInt(value.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new IshmemConfigException(name + "=" + value + " is not an integer");
        }
    }

    /**
     * @param name  variable name for the message.
     * @param value true/false, 1/0, yes/no, on/off.
     * @return the value.
     */
    public static boolean parseBoolean(final String name, final String value)
    {
        return switch (value.trim().toLowerCase(Locale.ROOT))
        {
            case "true", "1", "yes", "on" -> true;
            case "false", "0", "no", "off", "" -> false;
            default -> throw new IshmemConfigException(name + "=" + value + " is not a boolean: give true or false");
        };
    }
}
