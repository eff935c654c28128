/** The symmetric heap: each PE's memory file, its control block, the peers' mappings and the allocator. */
package io.ishmem.core.heap;
