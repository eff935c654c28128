package io.ishmem.core.runtime;

import io.ishmem.Ishmem;
import io.ishmem.spi.IshmemProvider;

/** The ServiceLoader entry point of ishmem-core. One runtime per process, initialised once. */
public final class CoreProvider implements IshmemProvider
{
    private static final Object LOCK = new Object();
    private static IshmemRuntime current;
    private static boolean closedBefore;

    @Override
    public Ishmem init()
    {
        synchronized (LOCK)
        {
            if (current != null)
            {
                throw new IllegalStateException("Ishmem.init: already initialised in this process (PE " +
                    current.myPe() + "); use the instance init returned");
            }
            if (closedBefore)
            {
                throw new IllegalStateException("Ishmem.init: ishmem was closed in this process and cannot be " +
                    "initialised again (as ishmem_init after ishmem_finalize)");
            }
            current = IshmemRuntime.start(System.getenv());
            return current;
        }
    }

    static void closed(final IshmemRuntime runtime)
    {
        synchronized (LOCK)
        {
            if (current == runtime)
            {
                current = null;
                closedBefore = true;
            }
        }
    }
}
