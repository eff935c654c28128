package io.ishmem.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PeCountLimitTest
{
    @Test
    void shouldKeepEveryCountWithoutALimit()
    {
        assertArrayEquals(new int[] {2, 4, 8}, PeCountLimit.select(new int[] {2, 4, 8}, null));
        assertArrayEquals(new int[] {2, 4, 8}, PeCountLimit.select(new int[] {2, 4, 8}, " "));
    }

    @Test
    void shouldDropTheCountsAboveTheLimitButKeepEveryMethod()
    {
        assertArrayEquals(new int[] {2, 4}, PeCountLimit.select(new int[] {2, 4, 8}, "4"));
        assertArrayEquals(new int[] {3, 1}, PeCountLimit.select(new int[] {3, 8, 1}, "4"));
        assertArrayEquals(new int[] {5}, PeCountLimit.select(new int[] {8, 5}, "4"));
        assertArrayEquals(new int[] {8}, PeCountLimit.select(new int[] {8}, "4"));
    }

    @Test
    void shouldRefuseALimitThatIsNoPeCount()
    {
        for (final String limit : new String[] {"0", "-1", "4097", "four", "4.5"})
        {
            final ExtensionConfigurationException ex = assertThrows(ExtensionConfigurationException.class,
                () -> PeCountLimit.select(new int[] {2}, limit));
            assertEquals("ishmem.junit.maxPes=" + limit + " is not a PE count in [1, 4096]", ex.getMessage());
        }
    }
}
