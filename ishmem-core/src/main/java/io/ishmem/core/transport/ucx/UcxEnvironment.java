package io.ishmem.core.transport.ucx;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

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
 */
final class UcxEnvironment
{
    /** The variables set when absent, with their values. */
    static final String[][] DEFAULTS = {{"UCX_ERROR_SIGNALS", ""}};

    private UcxEnvironment()
    {
    }

    /**
     * Sets each of {@link #DEFAULTS} that the environment lacks. Call before the first load of UCX; once
     * {@code libucs} is loaded, it changes nothing.
     */
    static void prepare()
    {
        final Linker linker = Linker.nativeLinker();
        // setenv(3), with overwrite 0: the C environment is the one UCX reads (System.getenv is a copy)
        final MethodHandle setenv = linker.downcallHandle(linker.defaultLookup().findOrThrow("setenv"),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
        try (Arena call = Arena.ofConfined())
        {
            for (final String[] variable : DEFAULTS)
            {
                final MemorySegment name = call.allocateFrom(variable[0]);
                final MemorySegment value = call.allocateFrom(variable[1]);
                if ((int)setenv.invokeExact(name, value, 0) != 0)
                {
                    throw new IllegalStateException("setenv(" + variable[0] + ") failed");
                }
            }
        }
        catch (final IllegalStateException ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw new AssertionError("setenv", ex);
        }
    }
}
