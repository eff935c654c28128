package io.ishmem.core.runtime;

import io.ishmem.IshmemConfigException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigValuesTest
{
    @ParameterizedTest
    @CsvSource({"512M, 536870912", "2G, 2147483648", "4096, 4096", "64KiB, 65536", "1k, 1024", "3MB, 3145728",
        "1T, 1099511627776"})
    void shouldParseSizes(final String text, final long bytes)
    {
        assertEquals(bytes, ConfigValues.parseSize("ISHMEM_SYMMETRIC_SIZE", text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "lots", "-1M", "12Q", "99999999999999999999", "9000000000G"})
    void shouldRejectBadSizesNamingTheVariable(final String text)
    {
        final IshmemConfigException ex = assertThrows(IshmemConfigException.class,
            () -> ConfigValues.parseSize("ISHMEM_SYMMETRIC_SIZE", text));
        assertTrue(ex.getMessage().startsWith("ISHMEM_SYMMETRIC_SIZE=" + text), ex.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"10s, 10000000000", "100ms, 100000000", "200us, 200000", "5ns, 5", "7, 7"})
    void shouldParseDurations(final String text, final long nanos)
    {
        assertEquals(nanos, ConfigValues.parseDurationNs("ISHMEM_BOOT_TIMEOUT", text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"soon", "1h", "-5s"})
    void shouldRejectBadDurations(final String text)
    {
        final IshmemConfigException ex = assertThrows(IshmemConfigException.class,
            () -> ConfigValues.parseDurationNs("ISHMEM_BOOT_TIMEOUT", text));
        assertTrue(ex.getMessage().contains("ISHMEM_BOOT_TIMEOUT"), ex.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"true, true", "1, true", "ON, true", "false, false", "0, false", "no, false"})
    void shouldParseBooleans(final String text, final boolean value)
    {
        assertEquals(value, ConfigValues.parseBoolean("ISHMEM_DEBUG", text));
    }
}
