package io.ishmem.core.transport.ucx;

import io.ishmem.core.posix.LibC;

/**
 * UCX settings a JVM needs, put into the process environment before UCX loads: UCX reads its global
 * options in the constructor of {@code libucs}, so they must be there before the first {@code dlopen}, and
 * a variable the user set is left as it is.
 *
 * <p>{@code UCX_ERROR_SIGNALS=""}: by default UCX installs a handler for SIGSEGV, SIGILL, SIGBUS and SIGFPE
 * that prints a backtrace and kills the process. The JVM takes SIGSEGV on purpose (a null dereference in
 * compiled code becomes a {@code NullPointerException}, a safepoint poll traps), so with UCX's handler in
 * place the first such trap killed the PE (UcxTransportMultiPeTest's signal case; seen first in a bench run
 * at 8 PEs). UCX's own Java binding met the same (openucx/ucx#3337) and runs its tests with this setting.
 *
 * <p>{@code UCX_TLS=^self}: every transport but the loopback one. With UCX 1.13.1's default, which includes
 * {@code self}, a peer's get read 0 from a word the owner had just compare-and-swapped to 1 through self
 * (UcxTransportMultiPeTest's compare-and-swap); without it the loopback goes through shared memory like every
 * other PE, and agrees. UCX reads this one when the context is made, so the C environment is the place for it too.
 */
final class UcxEnvironment
{
    /** The variables set when absent, with their values. */
    static final String[][] DEFAULTS = {{"UCX_ERROR_SIGNALS", ""}, {"UCX_TLS", UcxTransport.DEFAULT_TLS}};

    private UcxEnvironment()
    {
    }

    /**
     * Sets each of {@link #DEFAULTS} that the environment lacks. Call before the first load of UCX; once
     * {@code libucs} is loaded, it changes nothing.
     */
    static void prepare()
    {
        for (final String[] variable : DEFAULTS)
        {
            LibC.setenvIfAbsent(variable[0], variable[1]);
        }
    }
}
