package io.ishmem.junit;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.platform.commons.PreconditionViolationException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RotatedEnvironmentTest
{
    @Test
    void shouldSplitAlternativesAndVariables()
    {
        assertEquals(List.of(Map.of("UCX_TLS", "tcp"), Map.of("UCX_TLS", "sm,self", "A", "b=c")),
            RotatedEnvironment.parse("UCX_TLS=tcp| UCX_TLS=sm,self ; A=b=c"));
        assertEquals(List.of(), RotatedEnvironment.parse("  "));
        assertEquals("A=b=c UCX_TLS=sm,self", RotatedEnvironment.describe(Map.of("UCX_TLS", "sm,self", "A", "b=c")));
    }

    @Test
    void shouldRefuseAnEntryThatIsNotAVariableNamingTheProperty()
    {
        final PreconditionViolationException refused = assertThrows(PreconditionViolationException.class,
            () -> RotatedEnvironment.parse("UCX_TLS=tcp|sm"));
        assertEquals("system property ishmem.junit.rotateEnv: 'sm' in 'sm' is not NAME=VALUE (alternatives are " +
            "separated by '|', variables by ';')", refused.getMessage());
        assertThrows(PreconditionViolationException.class, () -> RotatedEnvironment.parse("=x"));
    }

    @Test
    void shouldHandOutTheAlternativesInTurn()
    {
        final String before = System.getProperty(RotatedEnvironment.PROPERTY);
        try
        {
            System.clearProperty(RotatedEnvironment.PROPERTY);
            assertTrue(RotatedEnvironment.next().isEmpty());
            System.setProperty(RotatedEnvironment.PROPERTY, "X=1|X=2|X=3");
            final Map<String, String> first = RotatedEnvironment.next();
            final Map<String, String> second = RotatedEnvironment.next();
            final Map<String, String> third = RotatedEnvironment.next();
            assertNotEquals(first, second);
            assertNotEquals(second, third);
            assertNotEquals(first, third);
            assertEquals(first, RotatedEnvironment.next());
        }
        finally
        {
            if (before == null)
            {
                System.clearProperty(RotatedEnvironment.PROPERTY);
            }
            else
            {
                System.setProperty(RotatedEnvironment.PROPERTY, before);
            }
        }
    }
}
