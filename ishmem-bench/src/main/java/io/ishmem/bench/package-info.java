/**
 * The multi-PE bench tool: each operation measured through the library and, in the same process
 * and on the same mappings, as the raw memory operations it stands for (the floor), round by round.
 */
package io.ishmem.bench;
