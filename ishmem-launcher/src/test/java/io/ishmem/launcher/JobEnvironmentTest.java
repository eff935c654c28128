package io.ishmem.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JobEnvironmentTest
{
    @Test
    void shouldReadTheBootTimeoutAsTheLibraryDoes()
    {
        assertEquals(Duration.ofSeconds(90), JobEnvironment.bootTimeout(Map.of("ISHMEM_BOOT_TIMEOUT", "90s")));
        assertEquals(Duration.ofMillis(1500), JobEnvironment.bootTimeout(Map.of("ISHMEM_BOOT_TIMEOUT", " 1500MS ")));
        assertEquals(Duration.ofMillis(2), JobEnvironment.bootTimeout(Map.of("ISHMEM_BOOT_TIMEOUT", "2000us")));
        assertEquals(Duration.ofMillis(1), JobEnvironment.bootTimeout(Map.of("ISHMEM_BOOT_TIMEOUT", "1000000ns")));
    }

    @Test
    void shouldDefaultToTheLibrarysBootTimeout()
    {
        // ishmem-core's Config.BOOT_TIMEOUT default; the test's own environment leaves the variable unset
        if (System.getenv("ISHMEM_BOOT_TIMEOUT") == null)
        {
            assertEquals(Duration.ofSeconds(60), JobEnvironment.bootTimeout(Map.of()));
        }
        assertEquals(JobEnvironment.DEFAULT_BOOT_TIMEOUT, Duration.ofSeconds(60));
    }

    @ParameterizedTest
    @ValueSource(strings = {"soon", "60", "999us", "-5s", "1.5s", "99999999999999999999s"})
    void shouldRefuseWhatTheLibraryWouldRefuse(final String value)
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> JobEnvironment.bootTimeout(Map.of("ISHMEM_BOOT_TIMEOUT", value)));
        assertEquals("ISHMEM_BOOT_TIMEOUT=" + value + " is not a duration of at least 1ms: give a whole number " +
            "with ns, us, ms or s, e.g. 90s", ex.getMessage());
    }
}
