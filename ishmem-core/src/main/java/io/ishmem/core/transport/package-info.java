/** The data paths over host shared memory: how a put-with-signal reaches a peer's mapped heap. */
package io.ishmem.core.transport;
