package io.ishmem.junit;

import io.ishmem.launcher.JobSpec;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

import java.util.Arrays;

/**
 * The system property {@value #PROPERTY}: a pass of a suite that runs each {@link MultiPeTest} only at its PE
 * counts up to this many, and a method with none that small at its smallest. A second pass of a whole suite over
 * another configuration (our build's over UCX) then keeps every method and drops its largest jobs, which on a
 * machine of few cores cost the most.
 */
final class PeCountLimit
{
    /** The system property. */
    static final String PROPERTY = "ishmem.junit.maxPes";

    private PeCountLimit()
    {
    }

    /**
     * @param pes a method's PE counts.
     * @return those to run under this JVM's {@value #PROPERTY}; all of them when it is not set.
     */
    static int[] select(final int[] pes)
    {
        return select(pes, System.getProperty(PROPERTY));
    }

    /**
     * @param pes   a method's PE counts, at least one.
     * @param limit the property's value, or null.
     * @return the counts up to {@code limit}, in order, or the smallest count when none is that small.
     * @throws ExtensionConfigurationException if {@code limit} is not a number in [1, 4096].
     */
    static int[] select(final int[] pes, final String limit)
    {
        if (limit == null || limit.isBlank())
        {
            return pes;
        }
        final int max;
        try
        {
            max = Integer.parseInt(limit.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw invalid(limit);
        }
        if (max < 1 || max > JobSpec.MAX_NPES)
        {
            throw invalid(limit);
        }
        final int[] within = Arrays.stream(pes).filter(npes -> npes <= max).toArray();
        return within.length > 0 ? within : new int[] {Arrays.stream(pes).min().orElseThrow()};
    }

    private static ExtensionConfigurationException invalid(final String limit)
    {
        return new ExtensionConfigurationException(PROPERTY + "=" + limit + " is not a PE count in [1, " +
            JobSpec.MAX_NPES + "]");
    }
}
