package io.ishmem.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JupiterVersionTest
{
    @ParameterizedTest
    @ValueSource(strings = {"5.9.0", "5.9.3", "5.10.0-M1", "5.11.4", "5.13.4", "5.14.1", "6.0.0", "6.1.3"})
    void shouldAcceptTheMinimumAndLater(final String version)
    {
        assertNull(JupiterVersion.whyUnsupported(version));
    }

    @ParameterizedTest
    @ValueSource(strings = {"5.8.2", "5.5.0", "5.0.0-M4", "4.13.2"})
    void shouldRefuseOlderVersionsNamingTheOneNeeded(final String version)
    {
        assertEquals("ishmem-junit needs JUnit Jupiter 5.9 or later, but junit-jupiter-api " + version +
            " is on the test class path: use org.junit.jupiter:junit-jupiter 5.9.0 or later (or import " +
            "org.junit:junit-bom at that version so that every JUnit artifact agrees)",
            JupiterVersion.whyUnsupported(version));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "unknown", "x.y"})
    void shouldLetAnUnparsableVersionPass(final String version)
    {
        assertNull(JupiterVersion.whyUnsupported(version));
        assertNull(JupiterVersion.whyUnsupported(null));
    }

    @Test
    void shouldReadTheVersionOfTheJupiterApiOnTheClassPath()
    {
        // this module builds against junit.version of the parent pom; its jar's manifest names it
        assertEquals(System.getProperty("ishmem.test.junit.version"), JupiterVersion.running());
        JupiterVersion.check();
    }

    @Test
    void shouldThrowTheMessageAsAConfigurationError()
    {
        final ExtensionConfigurationException ex = assertThrows(ExtensionConfigurationException.class,
            () -> JupiterVersion.checkVersion("5.8.2"));
        assertEquals(JupiterVersion.whyUnsupported("5.8.2"), ex.getMessage());
    }
}
