/** The Transport SPI: how bytes and signal updates reach one kind of symmetric heap, addressed by (PE, offset). */
package io.ishmem.core.transport;
