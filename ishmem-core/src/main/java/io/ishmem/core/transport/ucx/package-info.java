/**
 * The host heaps reached through UCX's UCP API (put, get and atomics on each PE's registered heap), for
 * peers that shared memory cannot reach; chosen with {@code ISHMEM_TRANSPORT=ucx}.
 */
package io.ishmem.core.transport.ucx;
