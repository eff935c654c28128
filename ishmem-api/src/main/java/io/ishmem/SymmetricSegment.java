package io.ishmem;

import java.lang.foreign.MemorySegment;
import java.util.Optional;

/**
 * A range of the symmetric heap: the same offset and size on every PE of the job. It is what C code
 * holds as a pointer returned by {@code ishmem_malloc}; pointer arithmetic becomes {@link #slice}.
 * A segment is valid from the collective allocation that made it until it, or the allocation it was
 * sliced from, is freed, or the runtime is closed.
 */
public interface SymmetricSegment
{
    /**
     * @return the size of this range in bytes.
     */
    long byteSize();

    /**
     * @return the offset of this range from the start of the symmetric heap, in bytes; equal on every PE.
     */
    long heapOffset();

    /**
     * The calling PE's own copy of this range, readable and writable with the {@code MemorySegment} API.
     *
     * @return this PE's copy.
     * @throws UnsupportedOperationException if the heap is not host-accessible (a device heap).
     * @throws IllegalStateException         if the segment was freed or the runtime closed.
     */
    MemorySegment local();

    /**
     * The analogue of {@code ishmem_ptr}: a directly addressable view of PE {@code pe}'s copy of this
     * range, where the peer's memory is mapped into this process (always so for PEs of one host).
     * Loads and stores through it are plain memory accesses: order them with the
     * {@link java.lang.invoke.VarHandle} access modes as needed.
     *
     * @param pe world PE number in {@code [0, nPes)}.
     * @return the view, or empty where the peer's copy is not addressable from here.
     * @throws IndexOutOfBoundsException if {@code pe} is out of range.
     * @throws IllegalStateException     if the segment was freed or the runtime closed.
     */
    Optional<MemorySegment> peerView(int pe);

    /**
     * A sub-range, the analogue of {@code ptr + offset}.
     *
     * @param offset in bytes from the start of this range.
     * @param bytes  size of the sub-range.
     * @return the sub-range; freeing happens through the original allocation only.
     * @throws IndexOutOfBoundsException if {@code [offset, offset + bytes)} is not inside this range.
     */
    SymmetricSegment slice(long offset, long bytes);

    /**
     * @param offset in bytes from the start of this range.
     * @return the sub-range from {@code offset} to the end of this range.
     * @throws IndexOutOfBoundsException if {@code offset} is not in {@code [0, byteSize]}.
     */
    default SymmetricSegment slice(final long offset)
    {
        if (offset < 0 || offset > byteSize())
        {
            throw new IndexOutOfBoundsException("slice: offset=" + offset + " not in [0, " + byteSize() + "]");
        }
        return slice(offset, byteSize() - offset);
    }
}
