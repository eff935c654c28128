package io.ishmem.junit;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import org.junit.platform.commons.PreconditionViolationException;

/**
 * Environments that successive {@link MultiPeTest} runs take in turn, from the system property
 * {@value #PROPERTY} of the test JVM: so one pass of a suite covers several configurations, each run under
 * one of them, instead of one pass per configuration. Alternatives are separated by {@code |}, the variables
 * of one alternative by {@code ;}, each {@code NAME=VALUE}: {@code UCX_TLS=tcp|UCX_TLS=sm} runs the first
 * {@code @MultiPeTest} run with {@code UCX_TLS=tcp}, the second with {@code UCX_TLS=sm}, the third with tcp
 * again, and so on in the order the runs are created (a method's PE counts are consecutive, so a method run
 * at two or more PE counts meets every alternative of two). The test class's {@link MultiPeEnv} and the
 * method's {@link MultiPeTest#env()} override a rotated variable of the same name; the alternative a run took
 * is in its display name.
 */
final class RotatedEnvironment
{
    /** The system property that lists the alternatives. */
    static final String PROPERTY = "ishmem.junit.rotateEnv";

    private static final AtomicInteger TURN = new AtomicInteger();

    private RotatedEnvironment()
    {
    }

    /**
     * @return the next alternative's variables; empty when the property is unset or blank.
     * @throws PreconditionViolationException naming the property when an entry is not {@code NAME=VALUE}.
     */
    static Map<String, String> next()
    {
        final List<Map<String, String>> alternatives = parse(System.getProperty(PROPERTY, ""));
        if (alternatives.isEmpty())
        {
            return Map.of();
        }
        return alternatives.get(Math.floorMod(TURN.getAndIncrement(), alternatives.size()));
    }

    static List<Map<String, String>> parse(final String value)
    {
        if (value.isBlank())
        {
            return List.of();
        }
        return java.util.Arrays.stream(value.split("\\|"))
            .map(RotatedEnvironment::alternative)
            .toList();
    }

    private static Map<String, String> alternative(final String text)
    {
        final Map<String, String> variables = new LinkedHashMap<>();
        for (final String pair : text.split(";"))
        {
            final int equals = pair.indexOf('=');
            if (equals <= 0)
            {
                throw new PreconditionViolationException("system property " + PROPERTY + ": '" + pair.strip() +
                    "' in '" + text + "' is not NAME=VALUE (alternatives are separated by '|', variables by ';')");
            }
            variables.put(pair.substring(0, equals).strip(), pair.substring(equals + 1).strip());
        }
        return Map.copyOf(variables);
    }

    static String describe(final Map<String, String> variables)
    {
        return variables.entrySet().stream()
            .map(e -> e.getKey() + "=" + e.getValue())
            .sorted()
            .collect(Collectors.joining(" "));
    }
}
