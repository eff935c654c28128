/**
 * Observability: the library's JDK Flight Recorder events (category {@code ishmem}), recorded off the hot paths, and
 * the per-target traffic counters that exist only when profiling was asked for at start ({@code ISHMEM_PROFILE}).
 */
package io.ishmem.core.observe;
