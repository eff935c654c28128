package io.ishmem.core.context;

import io.ishmem.core.device.DeviceBackend;
import io.ishmem.core.device.DeviceTransport;
import io.ishmem.core.rma.Ordering;
import io.ishmem.core.transport.DeviceRoute;
import io.ishmem.core.transport.Transport;

import java.util.function.Supplier;

/**
 * The ordering domain of one created context: the transports its operations go through, and the
 * {@link Ordering} that quiets and fences exactly those. The host heap's transport is shared by every context,
 * because a host operation is complete when it returns and leaves nothing pending behind it; the device heap
 * gets a queue of the context's own at its first device operation (a second pair of command lists on Level
 * Zero), so the context's quiet waits for its device work only. A backend with one queue (CUDA, for now) is
 * shared, and then a context's quiet completes every context's device work, which is correct but not
 * independent.
 */
final class ContextDomain implements DeviceRoute
{
    private final Transport host;
    private final Supplier<DeviceTransport> sharedDevice;
    // the host transport alone until the device queue opens, then both; replaced whole, so a quiet in another
    // thread sees one or the other, never half of one
    private volatile Ordering ordering;
    private volatile DeviceTransport device;
    private DeviceBackend ownQueue;
    private boolean closed;

    /**
     * @param host         the host heap's transport.
     * @param sharedDevice the default context's device transport; read only once a device segment is used, which
     *                     exists only when the job has a device heap.
     */
    ContextDomain(final Transport host, final Supplier<DeviceTransport> sharedDevice)
    {
        this.host = host;
        this.sharedDevice = sharedDevice;
        this.ordering = new Ordering(host);
    }

    Ordering ordering()
    {
        return ordering;
    }

    @Override
    public Transport deviceTransport()
    {
        final DeviceTransport opened = device;
        return opened != null ? opened : open();
    }

    private synchronized DeviceTransport open()
    {
        if (device == null)
        {
            if (closed)
            {
                // a call that passed the context's check just before it was destroyed in another thread
                throw new IllegalStateException("the context was destroyed while the call was being made");
            }
            final DeviceTransport shared = sharedDevice.get();
            ownQueue = shared.backend().openQueue();
            final DeviceTransport mine = ownQueue == null ? shared : shared.onQueue(ownQueue);
            ordering = new Ordering(host, mine);
            device = mine;
        }
        return device;
    }

    /**
     * Frees the context's device queue, if it has one; the caller has quieted the domain.
     */
    synchronized void close()
    {
        closed = true;
        if (ownQueue != null)
        {
            final DeviceBackend queue = ownQueue;
            ownQueue = null;
            queue.close();
        }
    }
}
