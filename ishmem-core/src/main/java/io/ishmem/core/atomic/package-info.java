/** Atomic memory operations on symmetric words, over every transport. */
package io.ishmem.core.atomic;
