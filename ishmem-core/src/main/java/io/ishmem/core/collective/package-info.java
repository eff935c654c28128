/** Collective sequencing and synchronisation: per-team sequence numbers, barriers and argument agreement. */
package io.ishmem.core.collective;
