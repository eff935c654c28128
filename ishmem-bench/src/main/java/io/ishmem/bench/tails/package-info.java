/**
 * The tails bench: every call of a few collective and round-trip operations timed on its own, at several
 * PE counts, unbound and bound to CPUs, beside Open MPI's OpenSHMEM running the anchors' {@code oshm_tail}
 * in the same run, since a bulk-synchronous program runs at the pace of its slowest call on its slowest PE.
 */
package io.ishmem.bench.tails;
