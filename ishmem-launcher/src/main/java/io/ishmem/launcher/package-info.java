/**
 * Forks the N processes (PEs) of one SHMEM job, streams their output, and stops them all when one fails.
 */
package io.ishmem.launcher;
