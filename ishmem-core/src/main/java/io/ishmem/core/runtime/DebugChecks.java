package io.ishmem.core.runtime;

/**
 * Whether debug mode is on ({@code ISHMEM_DEBUG}). Read once, into a static final, so the JIT drops
 * the debug branches entirely when it is off, as Agrona's {@code SHOULD_BOUNDS_CHECK}.
 */
public final class DebugChecks
{
    /** True when {@code ISHMEM_DEBUG} (or {@code -Dishmem.debug}) is set to true. */
    public static final boolean ENABLED = Config.DEBUG.booleanValue(System.getenv());

    private DebugChecks()
    {
    }
}
