package io.ishmem.spi;

import io.ishmem.Ishmem;

/**
 * Creates the runtime; implementations register themselves with
 * {@code provides io.ishmem.spi.IshmemProvider with ...} and {@code META-INF/services}.
 */
public interface IshmemProvider
{
    /**
     * Starts the runtime of this process as one PE of its job.
     *
     * @return the initialised runtime.
     */
    Ishmem init();
}
