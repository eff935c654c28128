package io.ishmem.core.collective;

/** Formats announced collective arguments for a mismatch message ({@link TeamSync#agree}, {@link Mismatches}). */
@FunctionalInterface
public interface ArgumentFormatter
{
    /** @param args the {@link io.ishmem.core.heap.ControlBlock#ANNOUNCE_ARGS} announced arguments. */
    String format(long[] args);
}
