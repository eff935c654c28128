/** Collective symmetric allocation: malloc, calloc, align and free, agreed by every PE before the heap allocates. */
package io.ishmem.core.alloc;
