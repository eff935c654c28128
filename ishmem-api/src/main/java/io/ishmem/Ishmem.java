package io.ishmem;

import io.ishmem.spi.IshmemProvider;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.util.Iterator;
import java.util.ServiceLoader;

/**
 * One PE of a SHMEM job: the Java face of {@code ishmem_init} ... {@code ishmem_finalize}.
 *
 * <p>A job is N JVM processes started together (by {@code ishmemrun}, {@code mpirun} or {@code srun});
 * a program started alone is a job of one PE. Each PE has a symmetric heap of the same size; memory
 * allocated collectively has the same offset on every PE, so a {@link SymmetricSegment} names the
 * same object everywhere, and one-sided calls move data into or out of any PE's copy.
 *
 * <p>Routines marked <em>collective</em> must be called by every PE of the job, in the same order and
 * with the same arguments; a mismatch the library can see raises {@link CollectiveMismatchException}.
 * Every blocking wait also watches the other PEs: if one dies or the job is aborted, the wait ends with
 * {@link PeFailureException} naming that PE instead of hanging.
 *
 * <p>Methods are thread-safe unless stated otherwise; collectives on one team must not be called
 * from two threads at once. After {@link #close()} every method throws {@link IllegalStateException}.
 */
public interface Ishmem extends AutoCloseable
{
    /**
     * Starts this PE: {@code ishmem_init}. Collective over the job: returns once every PE has mapped
     * every other PE's symmetric heap.
     *
     * @return the runtime of this process.
     * @throws IllegalStateException  if this process already initialised the library.
     * @throws IshmemConfigException  if a configuration variable or the job environment is invalid.
     * @throws PeFailureException     if a PE of the job failed during start-up.
     * @throws IshmemException        if no implementation is on the class or module path.
     */
    static Ishmem init()
    {
        final Iterator<IshmemProvider> providers = ServiceLoader.load(IshmemProvider.class).iterator();
        if (!providers.hasNext())
        {
            throw new IshmemException("no io.ishmem.spi.IshmemProvider found: put ishmem-core on the class or module path");
        }
        return providers.next().init();
    }

    /**
     * @return the number of this PE in the job, in {@code [0, nPes)}: {@code ishmem_my_pe}.
     */
    int myPe();

    /**
     * @return the number of PEs in the job: {@code ishmem_n_pes}.
     */
    int nPes();

    /**
     * @return the size of each PE's symmetric heap in bytes ({@code ISHMEM_SYMMETRIC_SIZE}).
     */
    long symmetricHeapSize();

    /**
     * Ends this PE: {@code ishmem_finalize}. Collective: completes outstanding operations, waits for
     * every PE, then unmaps every heap. Segments are unusable afterwards. A second call does nothing.
     */
    @Override
    void close();

    // ---------------------------------------------------------------- symmetric memory

    /**
     * Allocates {@code bytes} of symmetric memory: {@code ishmem_malloc}. Collective; every PE gets
     * the same offset. Ends with a barrier, as OpenSHMEM requires. The memory is not cleared.
     *
     * @param bytes size in bytes, {@code >= 0}; 0 gives an empty segment.
     * @return the new segment, aligned to 64 bytes.
     * @throws IllegalArgumentException           if {@code bytes} is negative.
     * @throws CollectiveMismatchException        if PEs asked for different sizes.
     * @throws SymmetricHeapExhaustedException    if the heap has no free range that large.
     */
    SymmetricSegment malloc(long bytes);

    /**
     * Allocates zeroed symmetric memory for {@code count} elements: {@code ishmem_calloc}. Collective.
     *
     * @param count         number of elements, {@code >= 0}.
     * @param elementLayout layout of one element; its size and alignment are used.
     * @return the new segment, zero-filled on every PE when this returns.
     * @throws IllegalArgumentException        if {@code count} is negative or the size overflows.
     * @throws SymmetricHeapExhaustedException if the heap has no free range that large.
     */
    SymmetricSegment calloc(long count, MemoryLayout elementLayout);

    /**
     * Allocates symmetric memory aligned to {@code alignment}: {@code ishmem_align}. Collective.
     *
     * @param alignment a power of two, {@code >= 1}.
     * @param bytes     size in bytes, {@code >= 0}.
     * @return the new segment.
     * @throws IllegalArgumentException        if {@code alignment} is not a power of two.
     * @throws SymmetricHeapExhaustedException if the heap has no free range that large.
     */
    SymmetricSegment align(long alignment, long bytes);

    /**
     * Frees a segment from {@link #malloc}, {@link #calloc} or {@link #align}: {@code ishmem_free}.
     * Collective; starts with a barrier so no PE still writes into it.
     *
     * @param segment an allocation of this runtime (not a slice of one).
     * @throws IllegalArgumentException if the segment is a slice, foreign, or already freed.
     */
    void free(SymmetricSegment segment);

    // ---------------------------------------------------------------- RMA

    /**
     * Copies {@code bytes} from local memory into PE {@code pe}'s copy of {@code dest}:
     * {@code ishmem_putmem}. Returns when {@code src} may be reused; the data is delivered (visible to
     * {@code pe}) at the latest after {@link #quiet()}.
     *
     * @param dest       symmetric destination.
     * @param destOffset byte offset into {@code dest}.
     * @param src        any readable memory segment (heap, native, or mapped).
     * @param srcOffset  byte offset into {@code src}.
     * @param bytes      number of bytes, {@code >= 0}.
     * @param pe         target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe} or either range is out of bounds.
     * @throws IllegalArgumentException  if {@code dest} is not a live segment of this runtime.
     */
    void put(SymmetricSegment dest, long destOffset, MemorySegment src, long srcOffset, long bytes, int pe);

    /**
     * Non-blocking {@link #put(SymmetricSegment, long, MemorySegment, long, long, int)}:
     * {@code ishmem_putmem_nbi}. Complete after {@link #quiet()}; ordered by {@link #fence()}.
     *
     * @param dest       symmetric destination.
     * @param destOffset byte offset into {@code dest}.
     * @param src        source memory; not to be changed until {@link #quiet()}.
     * @param srcOffset  byte offset into {@code src}.
     * @param bytes      number of bytes.
     * @param pe         target world PE.
     */
    void putNbi(SymmetricSegment dest, long destOffset, MemorySegment src, long srcOffset, long bytes, int pe);

    /**
     * Copies {@code bytes} from PE {@code pe}'s copy of {@code src} into local memory:
     * {@code ishmem_getmem}. Returns when the data has arrived.
     *
     * @param dest       any writable memory segment.
     * @param destOffset byte offset into {@code dest}.
     * @param src        symmetric source.
     * @param srcOffset  byte offset into {@code src}.
     * @param bytes      number of bytes, {@code >= 0}.
     * @param pe         source world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe} or either range is out of bounds.
     * @throws IllegalArgumentException  if {@code src} is not a live segment of this runtime.
     */
    void get(MemorySegment dest, long destOffset, SymmetricSegment src, long srcOffset, long bytes, int pe);

    /**
     * Non-blocking {@link #get(MemorySegment, long, SymmetricSegment, long, long, int)}:
     * {@code ishmem_getmem_nbi}. {@code dest} holds the data after {@link #quiet()}.
     *
     * @param dest       local destination.
     * @param destOffset byte offset into {@code dest}.
     * @param src        symmetric source.
     * @param srcOffset  byte offset into {@code src}.
     * @param bytes      number of bytes.
     * @param pe         source world PE.
     */
    void getNbi(MemorySegment dest, long destOffset, SymmetricSegment src, long srcOffset, long bytes, int pe);

    /**
     * Puts all of {@code src} at the start of {@code dest}.
     *
     * @param dest symmetric destination, at least {@code src.byteSize()} long.
     * @param src  source memory.
     * @param pe   target world PE.
     */
    default void put(final SymmetricSegment dest, final MemorySegment src, final int pe)
    {
        put(dest, 0, src, 0, src.byteSize(), pe);
    }

    /**
     * Non-blocking form of {@link #put(SymmetricSegment, MemorySegment, int)}.
     *
     * @param dest symmetric destination.
     * @param src  source memory.
     * @param pe   target world PE.
     */
    default void putNbi(final SymmetricSegment dest, final MemorySegment src, final int pe)
    {
        putNbi(dest, 0, src, 0, src.byteSize(), pe);
    }

    /**
     * Gets {@code dest.byteSize()} bytes from the start of {@code src}.
     *
     * @param dest local destination.
     * @param src  symmetric source.
     * @param pe   source world PE.
     */
    default void get(final MemorySegment dest, final SymmetricSegment src, final int pe)
    {
        get(dest, 0, src, 0, dest.byteSize(), pe);
    }

    /**
     * Non-blocking form of {@link #get(MemorySegment, SymmetricSegment, int)}.
     *
     * @param dest local destination.
     * @param src  symmetric source.
     * @param pe   source world PE.
     */
    default void getNbi(final MemorySegment dest, final SymmetricSegment src, final int pe)
    {
        getNbi(dest, 0, src, 0, dest.byteSize(), pe);
    }

    /**
     * The typed TYPENAME and SIZE families ({@code ishmem_long_put}, {@code ishmem_put64},
     * {@code ishmem_put128}, ...): puts {@code nelems} elements of {@code type} from the start of
     * {@code src} to the start of {@code dest}. {@code type} may be any layout, e.g.
     * {@code JAVA_LONG} for {@code long}/{@code put64}, or a 16-byte sequence layout for {@code put128}.
     *
     * @param type   element layout; only its size is used.
     * @param dest   symmetric destination.
     * @param src    source memory.
     * @param nelems number of elements, {@code >= 0}.
     * @param pe     target world PE.
     * @throws IllegalArgumentException if {@code nelems} is negative or the byte count overflows.
     */
    default void put(final MemoryLayout type, final SymmetricSegment dest, final MemorySegment src, final long nelems,
        final int pe)
    {
        put(dest, 0, src, 0, ArrayRanges.typedBytes("put", type, nelems), pe);
    }

    /**
     * Non-blocking typed put: {@code ishmem_long_put_nbi} and siblings.
     *
     * @param type   element layout.
     * @param dest   symmetric destination.
     * @param src    source memory.
     * @param nelems number of elements.
     * @param pe     target world PE.
     */
    default void putNbi(final MemoryLayout type, final SymmetricSegment dest, final MemorySegment src,
        final long nelems, final int pe)
    {
        putNbi(dest, 0, src, 0, ArrayRanges.typedBytes("putNbi", type, nelems), pe);
    }

    /**
     * Typed get: {@code ishmem_long_get}, {@code ishmem_get64} and siblings.
     *
     * @param type   element layout.
     * @param dest   local destination.
     * @param src    symmetric source.
     * @param nelems number of elements.
     * @param pe     source world PE.
     */
    default void get(final MemoryLayout type, final MemorySegment dest, final SymmetricSegment src, final long nelems,
        final int pe)
    {
        get(dest, 0, src, 0, ArrayRanges.typedBytes("get", type, nelems), pe);
    }

    /**
     * Non-blocking typed get: {@code ishmem_long_get_nbi} and siblings.
     *
     * @param type   element layout.
     * @param dest   local destination.
     * @param src    symmetric source.
     * @param nelems number of elements.
     * @param pe     source world PE.
     */
    default void getNbi(final MemoryLayout type, final MemorySegment dest, final SymmetricSegment src,
        final long nelems, final int pe)
    {
        getNbi(dest, 0, src, 0, ArrayRanges.typedBytes("getNbi", type, nelems), pe);
    }

    // ---------------------------------------------------------------- single elements

    /**
     * Writes one byte to PE {@code pe}'s copy of {@code dest}, the {@code ishmem_byte_p} analogue.
     *
     * @param dest  symmetric destination.
     * @param index element index, in bytes.
     * @param value the value to write.
     * @param pe    target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if the element is outside {@code dest} or {@code pe} out of range.
     */
    void pByte(SymmetricSegment dest, long index, byte value, int pe);

    /**
     * Reads one byte from PE {@code pe}'s copy of {@code src}, the {@code ishmem_byte_g} analogue.
     *
     * @param src   symmetric source.
     * @param index element index, in bytes.
     * @param pe    source world PE in {@code [0, nPes)}.
     * @return the value read.
     * @throws IndexOutOfBoundsException if the element is outside {@code src} or {@code pe} out of range.
     */
    byte gByte(SymmetricSegment src, long index, int pe);

    /**
     * Writes one short to PE {@code pe}'s copy of {@code dest}, the {@code ishmem_short_p} analogue.
     *
     * @param dest  symmetric destination.
     * @param index element index, in shorts.
     * @param value the value to write.
     * @param pe    target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if the element is outside {@code dest} or {@code pe} out of range.
     */
    void pShort(SymmetricSegment dest, long index, short value, int pe);

    /**
     * Reads one short from PE {@code pe}'s copy of {@code src}, the {@code ishmem_short_g} analogue.
     *
     * @param src   symmetric source.
     * @param index element index, in shorts.
     * @param pe    source world PE in {@code [0, nPes)}.
     * @return the value read.
     * @throws IndexOutOfBoundsException if the element is outside {@code src} or {@code pe} out of range.
     */
    short gShort(SymmetricSegment src, long index, int pe);

    /**
     * Writes one char to PE {@code pe}'s copy of {@code dest}, the {@code ishmem_char_p} analogue.
     *
     * @param dest  symmetric destination.
     * @param index element index, in chars.
     * @param value the value to write.
     * @param pe    target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if the element is outside {@code dest} or {@code pe} out of range.
     */
    void pChar(SymmetricSegment dest, long index, char value, int pe);

    /**
     * Reads one char from PE {@code pe}'s copy of {@code src}, the {@code ishmem_char_g} analogue.
     *
     * @param src   symmetric source.
     * @param index element index, in chars.
     * @param pe    source world PE in {@code [0, nPes)}.
     * @return the value read.
     * @throws IndexOutOfBoundsException if the element is outside {@code src} or {@code pe} out of range.
     */
    char gChar(SymmetricSegment src, long index, int pe);

    /**
     * Writes one int to PE {@code pe}'s copy of {@code dest}, the {@code ishmem_int_p} analogue.
     *
     * @param dest  symmetric destination.
     * @param index element index, in ints.
     * @param value the value to write.
     * @param pe    target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if the element is outside {@code dest} or {@code pe} out of range.
     */
    void pInt(SymmetricSegment dest, long index, int value, int pe);

    /**
     * Reads one int from PE {@code pe}'s copy of {@code src}, the {@code ishmem_int_g} analogue.
     *
     * @param src   symmetric source.
     * @param index element index, in ints.
     * @param pe    source world PE in {@code [0, nPes)}.
     * @return the value read.
     * @throws IndexOutOfBoundsException if the element is outside {@code src} or {@code pe} out of range.
     */
    int gInt(SymmetricSegment src, long index, int pe);

    /**
     * Writes one long to PE {@code pe}'s copy of {@code dest}, the {@code ishmem_long_p} analogue.
     *
     * @param dest  symmetric destination.
     * @param index element index, in longs.
     * @param value the value to write.
     * @param pe    target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if the element is outside {@code dest} or {@code pe} out of range.
     */
    void pLong(SymmetricSegment dest, long index, long value, int pe);

    /**
     * Reads one long from PE {@code pe}'s copy of {@code src}, the {@code ishmem_long_g} analogue.
     *
     * @param src   symmetric source.
     * @param index element index, in longs.
     * @param pe    source world PE in {@code [0, nPes)}.
     * @return the value read.
     * @throws IndexOutOfBoundsException if the element is outside {@code src} or {@code pe} out of range.
     */
    long gLong(SymmetricSegment src, long index, int pe);

    /**
     * Writes one float to PE {@code pe}'s copy of {@code dest}, the {@code ishmem_float_p} analogue.
     *
     * @param dest  symmetric destination.
     * @param index element index, in floats.
     * @param value the value to write.
     * @param pe    target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if the element is outside {@code dest} or {@code pe} out of range.
     */
    void pFloat(SymmetricSegment dest, long index, float value, int pe);

    /**
     * Reads one float from PE {@code pe}'s copy of {@code src}, the {@code ishmem_float_g} analogue.
     *
     * @param src   symmetric source.
     * @param index element index, in floats.
     * @param pe    source world PE in {@code [0, nPes)}.
     * @return the value read.
     * @throws IndexOutOfBoundsException if the element is outside {@code src} or {@code pe} out of range.
     */
    float gFloat(SymmetricSegment src, long index, int pe);

    /**
     * Writes one double to PE {@code pe}'s copy of {@code dest}, the {@code ishmem_double_p} analogue.
     *
     * @param dest  symmetric destination.
     * @param index element index, in doubles.
     * @param value the value to write.
     * @param pe    target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if the element is outside {@code dest} or {@code pe} out of range.
     */
    void pDouble(SymmetricSegment dest, long index, double value, int pe);

    /**
     * Reads one double from PE {@code pe}'s copy of {@code src}, the {@code ishmem_double_g} analogue.
     *
     * @param src   symmetric source.
     * @param index element index, in doubles.
     * @param pe    source world PE in {@code [0, nPes)}.
     * @return the value read.
     * @throws IndexOutOfBoundsException if the element is outside {@code src} or {@code pe} out of range.
     */
    double gDouble(SymmetricSegment src, long index, int pe);

    // ---------------------------------------------------------------- ordering and synchronisation

    /**
     * Completes every put, get and signal this PE issued, to every PE: {@code ishmem_quiet}.
     */
    void quiet();

    /**
     * Orders this PE's puts and signals to each PE: those issued before it are delivered before those
     * issued after it, to the same PE: {@code ishmem_fence}.
     */
    void fence();

    /**
     * Waits until every PE has arrived, after completing this PE's outstanding operations:
     * {@code ishmem_barrier_all}. Collective.
     *
     * @throws PeFailureException if a PE dies or the job is aborted meanwhile.
     */
    void barrierAll();

    /**
     * Waits until every PE has arrived, without completing outstanding operations:
     * {@code ishmem_sync_all}. Collective.
     *
     * @throws PeFailureException if a PE dies or the job is aborted meanwhile.
     */
    void syncAll();

    /**
     * Waits until this PE's copy of the {@code long} at {@code index} of {@code ivar} satisfies
     * {@code cmp value} (signed): {@code ishmem_long_wait_until}.
     *
     * @param ivar  symmetric segment holding the word; the word must be 8-byte aligned.
     * @param index element index, in longs.
     * @param cmp   the comparison.
     * @param value the value compared with.
     * @return the value that satisfied the comparison.
     * @throws IllegalArgumentException  if the word is not 8-byte aligned.
     * @throws PeFailureException        if a PE dies or the job is aborted meanwhile.
     */
    long waitUntilLong(SymmetricSegment ivar, long index, Cmp cmp, long value);

    /**
     * {@code int} form of {@link #waitUntilLong}: {@code ishmem_int_wait_until}.
     *
     * @param ivar  symmetric segment holding the word; the word must be 4-byte aligned.
     * @param index element index, in ints.
     * @param cmp   the comparison.
     * @param value the value compared with.
     * @return the value that satisfied the comparison.
     */
    int waitUntilInt(SymmetricSegment ivar, long index, Cmp cmp, int value);

    /**
     * Tests once whether this PE's copy of the {@code long} at {@code index} satisfies {@code cmp value}:
     * {@code ishmem_long_test}.
     *
     * @param ivar  symmetric segment holding the word (8-byte aligned).
     * @param index element index, in longs.
     * @param cmp   the comparison.
     * @param value the value compared with.
     * @return whether it holds now.
     */
    boolean testLong(SymmetricSegment ivar, long index, Cmp cmp, long value);

    /**
     * {@code int} form of {@link #testLong}: {@code ishmem_int_test}.
     *
     * @param ivar  symmetric segment holding the word (4-byte aligned).
     * @param index element index, in ints.
     * @param cmp   the comparison.
     * @param value the value compared with.
     * @return whether it holds now.
     */
    boolean testInt(SymmetricSegment ivar, long index, Cmp cmp, int value);

    // ---------------------------------------------------------------- Java arrays

    /**
     * Blocking put of byte elements from a Java array, the {@code ishmem_byte_put} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in bytes.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void put(final SymmetricSegment dest, final long destIndex, final byte[] src, final int srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("put", src.length, srcIndex, count, destIndex, 1);
        put(dest, destIndex, MemorySegment.ofArray(src), (long)srcIndex, (long)count, pe);
    }

    /**
     * Non-blocking put of byte elements from a Java array, the {@code ishmem_byte_put_nbi} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in bytes.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void putNbi(final SymmetricSegment dest, final long destIndex, final byte[] src, final int srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("putNbi", src.length, srcIndex, count, destIndex, 1);
        putNbi(dest, destIndex, MemorySegment.ofArray(src), (long)srcIndex, (long)count, pe);
    }

    /**
     * Blocking get of byte elements into a Java array, the {@code ishmem_byte_get} analogue.
     *
     * @param dest      destination array.
     * @param destIndex first element of {@code dest} to write.
     * @param src       symmetric source.
     * @param srcIndex  first element of {@code src} to read, in bytes.
     * @param count     number of elements.
     * @param pe        source world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void get(final byte[] dest, final int destIndex, final SymmetricSegment src, final long srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("get", dest.length, destIndex, count, srcIndex, 1);
        get(MemorySegment.ofArray(dest), (long)destIndex, src, srcIndex, (long)count, pe);
    }

    /**
     * Non-blocking get of byte elements into a Java array, the {@code ishmem_byte_get_nbi} analogue.
     *
     * @param dest      destination array.
     * @param destIndex first element of {@code dest} to write.
     * @param src       symmetric source.
     * @param srcIndex  first element of {@code src} to read, in bytes.
     * @param count     number of elements.
     * @param pe        source world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void getNbi(final byte[] dest, final int destIndex, final SymmetricSegment src, final long srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("getNbi", dest.length, destIndex, count, srcIndex, 1);
        getNbi(MemorySegment.ofArray(dest), (long)destIndex, src, srcIndex, (long)count, pe);
    }

    /**
     * Blocking put of short elements from a Java array, the {@code ishmem_short_put} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in shorts.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void put(final SymmetricSegment dest, final long destIndex, final short[] src, final int srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("put", src.length, srcIndex, count, destIndex, 2);
        put(dest, destIndex << 1, MemorySegment.ofArray(src), (long)srcIndex << 1, (long)count << 1, pe);
    }

    /**
     * Non-blocking put of short elements from a Java array, the {@code ishmem_short_put_nbi} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in shorts.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void putNbi(final SymmetricSegment dest, final long destIndex, final short[] src, final int srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("putNbi", src.length, srcIndex, count, destIndex, 2);
        putNbi(dest, destIndex << 1, MemorySegment.ofArray(src), (long)srcIndex << 1, (long)count << 1, pe);
    }

    /**
     * Blocking get of short elements into a Java array, the {@code ishmem_short_get} analogue.
     *
     * @param dest      destination array.
     * @param destIndex first element of {@code dest} to write.
     * @param src       symmetric source.
     * @param srcIndex  first element of {@code src} to read, in shorts.
     * @param count     number of elements.
     * @param pe        source world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void get(final short[] dest, final int destIndex, final SymmetricSegment src, final long srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("get", dest.length, destIndex, count, srcIndex, 2);
        get(MemorySegment.ofArray(dest), (long)destIndex << 1, src, srcIndex << 1, (long)count << 1, pe);
    }

    /**
     * Non-blocking get of short elements into a Java array, the {@code ishmem_short_get_nbi} analogue.
     *
     * @param dest      destination array.
     * @param destIndex first element of {@code dest} to write.
     * @param src       symmetric source.
     * @param srcIndex  first element of {@code src} to read, in shorts.
     * @param count     number of elements.
     * @param pe        source world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void getNbi(final short[] dest, final int destIndex, final SymmetricSegment src, final long srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("getNbi", dest.length, destIndex, count, srcIndex, 2);
        getNbi(MemorySegment.ofArray(dest), (long)destIndex << 1, src, srcIndex << 1, (long)count << 1, pe);
    }

    /**
     * Blocking put of char elements from a Java array, the {@code ishmem_char_put} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in chars.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void put(final SymmetricSegment dest, final long destIndex, final char[] src, final int srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("put", src.length, srcIndex, count, destIndex, 2);
        put(dest, destIndex << 1, MemorySegment.ofArray(src), (long)srcIndex << 1, (long)count << 1, pe);
    }

    /**
     * Non-blocking put of char elements from a Java array, the {@code ishmem_char_put_nbi} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in chars.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void putNbi(final SymmetricSegment dest, final long destIndex, final char[] src, final int srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("putNbi", src.length, srcIndex, count, destIndex, 2);
        putNbi(dest, destIndex << 1, MemorySegment.ofArray(src), (long)srcIndex << 1, (long)count << 1, pe);
    }

    /**
     * Blocking get of char elements into a Java array, the {@code ishmem_char_get} analogue.
     *
     * @param dest      destination array.
     * @param destIndex first element of {@code dest} to write.
     * @param src       symmetric source.
     * @param srcIndex  first element of {@code src} to read, in chars.
     * @param count     number of elements.
     * @param pe        source world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void get(final char[] dest, final int destIndex, final SymmetricSegment src, final long srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("get", dest.length, destIndex, count, srcIndex, 2);
        get(MemorySegment.ofArray(dest), (long)destIndex << 1, src, srcIndex << 1, (long)count << 1, pe);
    }

    /**
     * Non-blocking get of char elements into a Java array, the {@code ishmem_char_get_nbi} analogue.
     *
     * @param dest      destination array.
     * @param destIndex first element of {@code dest} to write.
     * @param src       symmetric source.
     * @param srcIndex  first element of {@code src} to read, in chars.
     * @param count     number of elements.
     * @param pe        source world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void getNbi(final char[] dest, final int destIndex, final SymmetricSegment src, final long srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("getNbi", dest.length, destIndex, count, srcIndex, 2);
        getNbi(MemorySegment.ofArray(dest), (long)destIndex << 1, src, srcIndex << 1, (long)count << 1, pe);
    }

    /**
     * Blocking put of int elements from a Java array, the {@code ishmem_int_put} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in ints.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void put(final SymmetricSegment dest, final long destIndex, final int[] src, final int srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("put", src.length, srcIndex, count, destIndex, 4);
        put(dest, destIndex << 2, MemorySegment.ofArray(src), (long)srcIndex << 2, (long)count << 2, pe);
    }

    /**
     * Non-blocking put of int elements from a Java array, the {@code ishmem_int_put_nbi} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in ints.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void putNbi(final SymmetricSegment dest, final long destIndex, final int[] src, final int srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("putNbi", src.length, srcIndex, count, destIndex, 4);
        putNbi(dest, destIndex << 2, MemorySegment.ofArray(src), (long)srcIndex << 2, (long)count << 2, pe);
    }

    /**
     * Blocking get of int elements into a Java array, the {@code ishmem_int_get} analogue.
     *
     * @param dest      destination array.
     * @param destIndex first element of {@code dest} to write.
     * @param src       symmetric source.
     * @param srcIndex  first element of {@code src} to read, in ints.
     * @param count     number of elements.
     * @param pe        source world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void get(final int[] dest, final int destIndex, final SymmetricSegment src, final long srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("get", dest.length, destIndex, count, srcIndex, 4);
        get(MemorySegment.ofArray(dest), (long)destIndex << 2, src, srcIndex << 2, (long)count << 2, pe);
    }

    /**
     * Non-blocking get of int elements into a Java array, the {@code ishmem_int_get_nbi} analogue.
     *
     * @param dest      destination array.
     * @param destIndex first element of {@code dest} to write.
     * @param src       symmetric source.
     * @param srcIndex  first element of {@code src} to read, in ints.
     * @param count     number of elements.
     * @param pe        source world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void getNbi(final int[] dest, final int destIndex, final SymmetricSegment src, final long srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("getNbi", dest.length, destIndex, count, srcIndex, 4);
        getNbi(MemorySegment.ofArray(dest), (long)destIndex << 2, src, srcIndex << 2, (long)count << 2, pe);
    }

    /**
     * Blocking put of long elements from a Java array, the {@code ishmem_long_put} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in longs.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void put(final SymmetricSegment dest, final long destIndex, final long[] src, final int srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("put", src.length, srcIndex, count, destIndex, 8);
        put(dest, destIndex << 3, MemorySegment.ofArray(src), (long)srcIndex << 3, (long)count << 3, pe);
    }

    /**
     * Non-blocking put of long elements from a Java array, the {@code ishmem_long_put_nbi} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in longs.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void putNbi(final SymmetricSegment dest, final long destIndex, final long[] src, final int srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("putNbi", src.length, srcIndex, count, destIndex, 8);
        putNbi(dest, destIndex << 3, MemorySegment.ofArray(src), (long)srcIndex << 3, (long)count << 3, pe);
    }

    /**
     * Blocking get of long elements into a Java array, the {@code ishmem_long_get} analogue.
     *
     * @param dest      destination array.
     * @param destIndex first element of {@code dest} to write.
     * @param src       symmetric source.
     * @param srcIndex  first element of {@code src} to read, in longs.
     * @param count     number of elements.
     * @param pe        source world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void get(final long[] dest, final int destIndex, final SymmetricSegment src, final long srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("get", dest.length, destIndex, count, srcIndex, 8);
        get(MemorySegment.ofArray(dest), (long)destIndex << 3, src, srcIndex << 3, (long)count << 3, pe);
    }

    /**
     * Non-blocking get of long elements into a Java array, the {@code ishmem_long_get_nbi} analogue.
     *
     * @param dest      destination array.
     * @param destIndex first element of {@code dest} to write.
     * @param src       symmetric source.
     * @param srcIndex  first element of {@code src} to read, in longs.
     * @param count     number of elements.
     * @param pe        source world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void getNbi(final long[] dest, final int destIndex, final SymmetricSegment src, final long srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("getNbi", dest.length, destIndex, count, srcIndex, 8);
        getNbi(MemorySegment.ofArray(dest), (long)destIndex << 3, src, srcIndex << 3, (long)count << 3, pe);
    }

    /**
     * Blocking put of float elements from a Java array, the {@code ishmem_float_put} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in floats.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void put(final SymmetricSegment dest, final long destIndex, final float[] src, final int srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("put", src.length, srcIndex, count, destIndex, 4);
        put(dest, destIndex << 2, MemorySegment.ofArray(src), (long)srcIndex << 2, (long)count << 2, pe);
    }

    /**
     * Non-blocking put of float elements from a Java array, the {@code ishmem_float_put_nbi} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in floats.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void putNbi(final SymmetricSegment dest, final long destIndex, final float[] src, final int srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("putNbi", src.length, srcIndex, count, destIndex, 4);
        putNbi(dest, destIndex << 2, MemorySegment.ofArray(src), (long)srcIndex << 2, (long)count << 2, pe);
    }

    /**
     * Blocking get of float elements into a Java array, the {@code ishmem_float_get} analogue.
     *
     * @param dest      destination array.
     * @param destIndex first element of {@code dest} to write.
     * @param src       symmetric source.
     * @param srcIndex  first element of {@code src} to read, in floats.
     * @param count     number of elements.
     * @param pe        source world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void get(final float[] dest, final int destIndex, final SymmetricSegment src, final long srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("get", dest.length, destIndex, count, srcIndex, 4);
        get(MemorySegment.ofArray(dest), (long)destIndex << 2, src, srcIndex << 2, (long)count << 2, pe);
    }

    /**
     * Non-blocking get of float elements into a Java array, the {@code ishmem_float_get_nbi} analogue.
     *
     * @param dest      destination array.
     * @param destIndex first element of {@code dest} to write.
     * @param src       symmetric source.
     * @param srcIndex  first element of {@code src} to read, in floats.
     * @param count     number of elements.
     * @param pe        source world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void getNbi(final float[] dest, final int destIndex, final SymmetricSegment src, final long srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("getNbi", dest.length, destIndex, count, srcIndex, 4);
        getNbi(MemorySegment.ofArray(dest), (long)destIndex << 2, src, srcIndex << 2, (long)count << 2, pe);
    }

    /**
     * Blocking put of double elements from a Java array, the {@code ishmem_double_put} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in doubles.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void put(final SymmetricSegment dest, final long destIndex, final double[] src, final int srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("put", src.length, srcIndex, count, destIndex, 8);
        put(dest, destIndex << 3, MemorySegment.ofArray(src), (long)srcIndex << 3, (long)count << 3, pe);
    }

    /**
     * Non-blocking put of double elements from a Java array, the {@code ishmem_double_put_nbi} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in doubles.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void putNbi(final SymmetricSegment dest, final long destIndex, final double[] src, final int srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("putNbi", src.length, srcIndex, count, destIndex, 8);
        putNbi(dest, destIndex << 3, MemorySegment.ofArray(src), (long)srcIndex << 3, (long)count << 3, pe);
    }

    /**
     * Blocking get of double elements into a Java array, the {@code ishmem_double_get} analogue.
     *
     * @param dest      destination array.
     * @param destIndex first element of {@code dest} to write.
     * @param src       symmetric source.
     * @param srcIndex  first element of {@code src} to read, in doubles.
     * @param count     number of elements.
     * @param pe        source world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void get(final double[] dest, final int destIndex, final SymmetricSegment src, final long srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("get", dest.length, destIndex, count, srcIndex, 8);
        get(MemorySegment.ofArray(dest), (long)destIndex << 3, src, srcIndex << 3, (long)count << 3, pe);
    }

    /**
     * Non-blocking get of double elements into a Java array, the {@code ishmem_double_get_nbi} analogue.
     *
     * @param dest      destination array.
     * @param destIndex first element of {@code dest} to write.
     * @param src       symmetric source.
     * @param srcIndex  first element of {@code src} to read, in doubles.
     * @param count     number of elements.
     * @param pe        source world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if a range is outside its array or segment.
     */
    default void getNbi(final double[] dest, final int destIndex, final SymmetricSegment src, final long srcIndex,
        final int count, final int pe)
    {
        ArrayRanges.check("getNbi", dest.length, destIndex, count, srcIndex, 8);
        getNbi(MemorySegment.ofArray(dest), (long)destIndex << 3, src, srcIndex << 3, (long)count << 3, pe);
    }
}
