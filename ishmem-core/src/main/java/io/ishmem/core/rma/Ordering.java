package io.ishmem.core.rma;

import io.ishmem.core.transport.Transport;

/**
 * quiet and fence over every transport this PE issues through (today the host heap's alone; a device
 * heap or a network adds its own), so one call orders or completes everything the PE has issued.
 */
public final class Ordering
{
    // written at init only (a device heap joins before init returns), read on every quiet and fence
    private Transport[] transports;

    public Ordering(final Transport... transports)
    {
        this.transports = transports.clone();
    }

    /**
     * Adds the transport of a heap made at init, before the runtime is handed to the user.
     */
    public void add(final Transport transport)
    {
        final Transport[] more = java.util.Arrays.copyOf(transports, transports.length + 1);
        more[transports.length] = transport;
        transports = more;
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
        final Transport[] all = transports;
        if (all.length == 1)
        {
            all[0].fence();
            return;
        }
        // heaps with queues of their own: a later update through one transport (a host signal) must not
        // overtake an earlier put through another (a device copy), and no queue orders one against the
        // other, so the fence completes every transport's work
        for (final Transport transport : all)
        {
            transport.quiet();
        }
    }
}
