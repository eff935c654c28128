/**
 * The OpenSHMEM / Intel SHMEM programming model for Java: PEs, a symmetric heap, one-sided RMA,
 * point-to-point synchronisation, signals and teams. Start with {@link io.ishmem.Ishmem#init()}.
 */
package io.ishmem;
