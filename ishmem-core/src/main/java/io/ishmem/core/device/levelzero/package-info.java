/**
 * The Level Zero device backend: a PE's GPU, heap, IPC export and import, and an ordered queue of
 * copies and signal updates over immediate command lists, through the jextract binding
 * {@code io.ishmem.l0.bindings}.
 */
package io.ishmem.core.device.levelzero;
