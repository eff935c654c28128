package io.ishmem.core.transport;

/**
 * Where a communication context sends its device-heap operations: a device queue of its own, so that its quiet
 * waits for its own work only. Host-heap operations need no route: they complete as they are issued, so every
 * context shares the host heap's transport. The default context has no route: its calls take the transport
 * each segment carries, exactly as before contexts existed.
 */
@FunctionalInterface
public interface DeviceRoute
{
    /**
     * @return the context's transport for the device heap, opened on first use.
     */
    Transport deviceTransport();
}
