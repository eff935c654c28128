/**
 * The coll bench: the collectives, atomics and symmetric allocation at several PE counts, each beside its
 * raw floor measured in the same JVMs and beside Open MPI's OpenSHMEM running the anchors' {@code oshm_coll}
 * with the same method in the same run, with the goals of issue 12 checked.
 */
package io.ishmem.bench.coll;
