package io.ishmem.core.collective;

import io.ishmem.core.heap.AddressSpace;
import io.ishmem.core.heap.ControlBlock;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The words a barrier flag's line carries beside the flag, stored before the flag's release: a dissemination's
 * round and a counter barrier's release write them alike.
 */
final class FlagWords
{
    private FlagWords()
    {
    }

    /**
     * @param line       the flag line, in {@link AddressSpace#ALL}.
     * @param hashes     the lowest and highest argument hash heard of, stored when {@code withHashes}.
     * @param withPair   whether to store the pair after the hashes: a split's fold (AND, tagged OR) or the latest
     *                   arrival heard of (time, PE).
     * @param first      the fold's AND, or the arrival's time.
     * @param second     the fold's OR, or the arrival's PE.
     */
    static void store(final long line, final long parity, final boolean withHashes, final long hashes,
        final boolean withPair, final long first, final long second)
    {
        // plain: the release of the flag publishes them, and they share the flag's line
        final MemorySegment all = AddressSpace.ALL;
        if (withHashes)
        {
            all.set(ValueLayout.JAVA_LONG, line + ControlBlock.FLAG_HASH_OFFSET + parity, hashes);
        }
        if (withPair)
        {
            all.set(ValueLayout.JAVA_LONG, line + ControlBlock.FLAG_ARRIVAL_OFFSET + parity, first);
            all.set(ValueLayout.JAVA_LONG, line + ControlBlock.FLAG_ARRIVAL_PE_OFFSET + parity, second);
        }
    }
}
