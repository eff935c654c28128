/**
 * Device symmetric heaps: the {@link io.ishmem.core.device.DeviceBackend} SPI that each GPU API
 * implements in a package of its own, the IPC exchange of heaps between the PEs of a node, and the
 * {@link io.ishmem.core.transport.Transport} that moves data and signals through a backend.
 */
package io.ishmem.core.device;
