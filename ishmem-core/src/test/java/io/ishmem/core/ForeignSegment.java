package io.ishmem.core;

import io.ishmem.SymmetricSegment;

import java.lang.foreign.MemorySegment;
import java.util.Optional;

/** A segment that is not from the heap, as a user could write one: every call must refuse it. */
record ForeignSegment(long byteSize) implements SymmetricSegment
{
    @Override
    public long heapOffset()
    {
        return 0;
    }

    @Override
    public MemorySegment local()
    {
        return MemorySegment.NULL;
    }

    @Override
    public Optional<MemorySegment> peerView(final int pe)
    {
        return Optional.empty();
    }

    @Override
    public SymmetricSegment slice(final long offset, final long bytes)
    {
        return this;
    }
}
