package io.ishmem.core.device;

/**
 * Opens one backend for one PE. A factory never throws for a missing library, driver or device: it
 * says why in a {@link DeviceUnavailableException}, so {@code ISHMEM_DEVICE=auto} can try the next one
 * and log the reasons.
 */
public interface DeviceBackendFactory
{
    /**
     * @return the value of {@code ISHMEM_DEVICE} that selects this backend: "level-zero" or "cuda".
     */
    String name();

    /**
     * @param localIndex this PE's index among the PEs of its node; picks the device (modulo the count of
     *                   visible devices, so several PEs may share one).
     * @param localCount how many PEs of the job run on this node.
     * @return the backend, ready for {@link DeviceBackend#allocateHeap}.
     * @throws DeviceUnavailableException if the library, a driver or a device is missing; the message
     *                                    says what to install or set.
     */
    DeviceBackend open(int localIndex, int localCount) throws DeviceUnavailableException;
}
