package io.ishmem.core.rma;

import io.ishmem.SymmetricSegment;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.transport.Transport;

/**
 * Where a communication context sends its device-heap operations: a device queue of its own, so that its quiet
 * waits for its own work only. Host-heap operations need no route: they complete as they are issued, so every
 * context shares the host heap's transport. The default context has no route at all.
 */
@FunctionalInterface
public interface DeviceRoute
{
    /**
     * @return the context's transport for the device heap, opened on first use.
     */
    Transport deviceTransport();

    /**
     * The transport that serves a checked segment in the domain of {@code route}.
     *
     * @param route   the context's route, or null for the default context.
     * @param checked a segment the heap's range or element checks accepted.
     * @return the segment heap's own transport for the default context and for host segments, the context's
     *         device transport for device segments.
     */
    static Transport transportOf(final DeviceRoute route, final SymmetricSegment checked)
    {
        // the default context pays one null test, never a second load off the segment
        return route == null || !SymmetricHeap.isDevice(checked) ? SymmetricHeap.transportOf(checked) :
            route.deviceTransport();
    }
}
