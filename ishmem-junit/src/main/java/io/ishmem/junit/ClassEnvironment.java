package io.ishmem.junit;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * Collects the {@link MultiPeEnv} pairs of a test class and its superclasses into one map.
 */
final class ClassEnvironment
{
    private ClassEnvironment()
    {
    }

    /**
     * @param testClass the class whose {@link MultiPeTest} methods run.
     * @return every variable named by a {@link MultiPeEnv} on the class or a superclass, with the value of
     * the nearest class that names it; empty when none does.
     * @throws ExtensionConfigurationException if a pair is not {@code NAME=VALUE}.
     */
    static Map<String, String> of(final Class<?> testClass)
    {
        // the farthest superclass first, so that a nearer class's put replaces its value
        final Deque<Class<?>> hierarchy = new ArrayDeque<>();
        for (Class<?> type = testClass; type != null && type != Object.class; type = type.getSuperclass())
        {
            hierarchy.push(type);
        }
        final Map<String, String> env = new LinkedHashMap<>();
        for (final Class<?> type : hierarchy)
        {
            final MultiPeEnv annotation = type.getDeclaredAnnotation(MultiPeEnv.class);
            if (annotation == null)
            {
                continue;
            }
            for (final String pair : annotation.value())
            {
                final int equals = pair.indexOf('=');
                if (equals <= 0)
                {
                    throw new ExtensionConfigurationException("@MultiPeEnv on " + type.getName() + ": '" + pair +
                        "' is not NAME=VALUE");
                }
                env.put(pair.substring(0, equals), pair.substring(equals + 1));
            }
        }
        return Collections.unmodifiableMap(env);
    }
}
