package io.ishmem.core.rma;

import io.ishmem.core.transport.Transport;

/**
 * quiet and fence over every transport this PE issues through (today the host heap's alone; a device
 * heap or a network adds its own), so one call orders or completes everything the PE has issued.
 */
public final class Ordering
{
    private final Transport[] transports;

    public Ordering(final Transport... transports)
    {
        this.transports = transports.clone();
    }

    public void quiet()
    {
        for (final Transport transport : transports)
        {
            transport.quiet();
        }
    }

    public void fence()
    {
        for (final Transport transport : transports)
        {
            transport.fence();
        }
    }
}
