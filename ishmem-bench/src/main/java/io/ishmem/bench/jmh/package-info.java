/** JMH benchmarks of what lives inside one PE: call paths, argument checks, offset translation, the allocator. */
package io.ishmem.bench.jmh;
