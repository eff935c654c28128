package io.ishmem.core.transport;

/**
 * The control blocks of the PEs on other nodes, which this process cannot map: their words are written and read
 * over the network. Barriers stay push-based across nodes (a PE writes its arrival into the block of the PE that
 * waits for it, which polls its own memory), so a barrier costs puts and a fence, never a remote poll; gets are
 * for what a collective reads once (a peer's announced arguments, a split's verdict).
 *
 * <p>Offsets are those of {@link io.ishmem.core.heap.ControlBlock}, in the target's block.
 */
public interface RemoteControl
{
    /** Writes one word into PE {@code pe}'s control block; complete at the target after {@link #fence} and the next put. */
    void putLong(int pe, long offset, long value);

    /** Reads one word of PE {@code pe}'s control block, waiting for it. */
    long getLong(int pe, long offset);

    /** Copies {@code bytes} of this PE's heap at {@code heapAt} into PE {@code pe}'s control block at {@code offset}. */
    void putFromHeap(int pe, long offset, long heapAt, long bytes);

    /** Orders the writes to one PE issued before it ahead of those to the same PE issued after it. */
    void fence();

    /**
     * Waits until every write this PE issued, to any PE, is complete at its target: what a fence cannot give when a
     * PE learns of another's arrival through a third (the dissemination barrier's rounds), since UCX orders writes per
     * endpoint only.
     */
    void complete();
}
