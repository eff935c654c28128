package io.ishmem;

import java.io.Serial;

/**
 * The symmetric heap has no free range for a collective allocation. Raise {@code ISHMEM_SYMMETRIC_SIZE}
 * (the message says by how much) or free symmetric memory. Every PE of the allocation sees it alike.
 */
public class SymmetricHeapExhaustedException extends IshmemException
{
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * @param message names the request, the heap size, what is free and the variable to raise.
     */
    public SymmetricHeapExhaustedException(final String message)
    {
        super(message);
    }
}
