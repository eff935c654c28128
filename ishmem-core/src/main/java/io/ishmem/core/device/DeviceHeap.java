package io.ishmem.core.device;

/**
 * This PE's device heap once set up: the backend, the transport over every PE's mapped heap, and the
 * size. Closing unmaps the peers' heaps and frees this PE's; the runtime does it after the closing
 * barrier, so no peer still copies into this heap.
 */
public final class DeviceHeap implements AutoCloseable
{
    private final String api;
    private final DeviceBackend backend;
    private final DeviceTransport transport;
    private final long heapSize;
    private boolean closed;

    DeviceHeap(final String api, final DeviceBackend backend, final DeviceTransport transport, final long heapSize)
    {
        this.api = api;
        this.backend = backend;
        this.transport = transport;
        this.heapSize = heapSize;
    }

    public String api()
    {
        return api;
    }

    public DeviceBackend backend()
    {
        return backend;
    }

    public DeviceTransport transport()
    {
        return transport;
    }

    public long heapSize()
    {
        return heapSize;
    }

    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        RuntimeException failure = null;
        try
        {
            backend.quiet();
        }
        catch (final RuntimeException ex)
        {
            failure = ex;
        }
        for (int pe = 0; pe < transport.nPes(); pe++)
        {
            if (pe != transport.myPe())
            {
                try
                {
                    backend.closePeer(transport.base(pe), heapSize);
                }
                catch (final RuntimeException ex)
                {
                    failure = failure == null ? ex : failure;
                }
            }
        }
        backend.close();
        if (failure != null)
        {
            throw failure;
        }
    }
}
