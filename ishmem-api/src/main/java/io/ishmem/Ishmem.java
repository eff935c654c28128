package io.ishmem;

import io.ishmem.spi.IshmemProvider;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.util.Iterator;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;

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
 * from two threads at once: while a thread of this PE is in a collective of a team (barrierAll, syncAll,
 * malloc, calloc, align and free are collectives of the world team), a collective of another thread on that
 * team throws {@link IllegalStateException} naming both calls. After {@link #close()} every method throws
 * {@link IllegalStateException}.
 *
 * <p>Every argument is checked at the call, and the exception names the call and the argument, e.g.
 * {@code "put: src is null"}: a null segment, array or layout throws {@link NullPointerException}; a local
 * segment ({@code MemorySegment}) whose arena is closed throws {@link IllegalStateException}
 * ({@code "put: src belongs to an arena that is closed"}), and one of a confined arena of another thread
 * {@link WrongThreadException}.
 */
public interface Ishmem extends Atomics, WaitSets, Collectives, Reductions, AutoCloseable
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

    // ---------------------------------------------------------------- teams

    /**
     * This PE's symmetric device heap, beside the host heap: see {@link DeviceMemory}. Every PE of the job
     * has one, or none does ({@code ISHMEM_DEVICE}: with {@code auto}, a device heap when a GPU serves every
     * PE; {@code none}; or a named API, which init refuses with the reason when it cannot serve).
     *
     * @return the device heap, or empty when the job runs on the host heap alone.
     */
    java.util.Optional<DeviceMemory> device();

    /**
     * @return the team of every PE of the job: {@code ISHMEM_TEAM_WORLD}. Its {@code myPe()} and
     *         {@code nPes()} equal {@link #myPe()} and {@link #nPes()}; it cannot be destroyed.
     */
    Team teamWorld();

    /**
     * @return the team of the PEs whose symmetric heaps this PE can access directly with load/store:
     *         {@code ISHMEM_TEAM_SHARED}. On the host shared-memory heap that is every PE of the job, in
     *         world order; it cannot be destroyed.
     */
    Team teamShared();

    /**
     * @return the team of the PEs on this PE's node: {@code ISHMEMX_TEAM_NODE} (an Intel SHMEM extension).
     *         With the host shared-memory heap a job runs on one node, so this is the same team as
     *         {@link #teamShared()} (the same object); it cannot be destroyed.
     */
    Team teamNode();

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
     * A put whose source is this PE's copy of symmetric memory, host or device ({@code ishmem_put} with a
     * symmetric source): device to a peer's device is one copy between GPU mappings, without the host.
     * Returns once {@code src} may be reused; {@link #quiet()} completes it.
     *
     * @param dest       symmetric destination, on PE {@code pe}.
     * @param destOffset byte offset into {@code dest}.
     * @param src        symmetric source: this PE's copy.
     * @param srcOffset  byte offset into {@code src}.
     * @param bytes      number of bytes.
     * @param pe         target PE in {@code [0, nPes)}.
     */
    void put(SymmetricSegment dest, long destOffset, SymmetricSegment src, long srcOffset, long bytes, int pe);

    /**
     * {@link #put(SymmetricSegment, long, SymmetricSegment, long, long, int)}, non-blocking: complete at {@link #quiet()}.
     */
    void putNbi(SymmetricSegment dest, long destOffset, SymmetricSegment src, long srcOffset, long bytes, int pe);

    /**
     * A get into this PE's copy of symmetric memory (host or device) from PE {@code pe}'s copy of {@code src};
     * complete on return.
     */
    void get(SymmetricSegment dest, long destOffset, SymmetricSegment src, long srcOffset, long bytes, int pe);

    /**
     * {@link #get(SymmetricSegment, long, SymmetricSegment, long, long, int)}; complete at the latest at {@link #quiet()}.
     */
    void getNbi(SymmetricSegment dest, long destOffset, SymmetricSegment src, long srcOffset, long bytes, int pe);

    /**
     * Puts all of {@code src} at the start of {@code dest}.
     *
     * @param dest symmetric destination, at least {@code src.byteSize()} long.
     * @param src  source memory.
     * @param pe   target world PE.
     */
    default void put(final SymmetricSegment dest, final MemorySegment src, final int pe)
    {
        Objects.requireNonNull(src, "put: src is null");
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
        Objects.requireNonNull(src, "putNbi: src is null");
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
        Objects.requireNonNull(dest, "get: dest is null");
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
        Objects.requireNonNull(dest, "getNbi: dest is null");
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

    // ---------------------------------------------------------------- distributed locks

    /**
     * Takes a distributed lock, waiting until it is free: {@code shmem_set_lock}. PEs that ask while it is held
     * are served in the order they asked. The lock is a symmetric long, zero before its first use and used
     * only through these routines; it is held by this PE, not by the calling thread.
     *
     * @param lock the lock: a symmetric segment of exactly one long, e.g. {@code calloc(1, JAVA_LONG)}.
     * @throws NullPointerException      if {@code lock} is null.
     * @throws IllegalArgumentException  if {@code lock} is not symmetric memory of 8 bytes.
     * @throws IllegalStateException     if this PE already holds it (locks are not reentrant).
     * @throws PeFailureException        if the job fails while this PE waits.
     */
    void setLock(SymmetricSegment lock);

    /**
     * Takes a distributed lock if it is free, without waiting: {@code shmem_test_lock}.
     *
     * @param lock the lock, as for {@link #setLock}.
     * @return true if this PE took it (C returns 0), false if another PE holds it or waits for it (C: 1).
     * @throws IllegalStateException if this PE already holds it.
     */
    boolean testLock(SymmetricSegment lock);

    /**
     * Releases a distributed lock this PE holds, after completing this PE's puts ({@code quiet}), so the next
     * holder sees what was written under the lock: {@code shmem_clear_lock}.
     *
     * @param lock the lock, as for {@link #setLock}.
     * @throws IllegalStateException if this PE does not hold it.
     */
    void clearLock(SymmetricSegment lock);

    // ---------------------------------------------------------------- signaling

    /**
     * Copies {@code bytes} from local memory into PE {@code pe}'s copy of {@code dest}, then updates PE
     * {@code pe}'s copy of the signal word {@code sigIndex} of {@code sig} with {@code op}:
     * {@code ishmem_putmem_signal} (and {@code ishmem_put_signal}, {@code ishmem_TYPENAME_put_signal},
     * {@code ishmem_putSIZE_signal}, which differ only in the element size). Returns when {@code src} may be
     * reused. A PE that sees the signal update (through {@link #signalWaitUntil}, {@link #signalFetch} or
     * {@link #waitUntilLong}) also sees every byte of this payload; the signal says nothing about other puts
     * unless a {@link #fence()} came between them.
     *
     * @param dest       symmetric destination.
     * @param destOffset byte offset into {@code dest}.
     * @param src        any readable memory segment (heap, native, or mapped).
     * @param srcOffset  byte offset into {@code src}.
     * @param bytes      number of bytes, {@code >= 0}.
     * @param sig        symmetric segment holding the signal words ({@code uint64_t}).
     * @param sigIndex   index of the signal word in {@code sig}, in longs; the word must be 8-byte aligned.
     * @param signal     the value to set or add, read as unsigned 64-bit.
     * @param op         {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe         target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe}, either range or the signal word is out of bounds.
     * @throws IllegalArgumentException  if {@code dest} or {@code sig} is not a live segment of this runtime,
     *                                   the signal word is not 8-byte aligned, or it overlaps the destination.
     * @throws NullPointerException      if {@code op} is null.
     */
    void putSignal(SymmetricSegment dest, long destOffset, MemorySegment src, long srcOffset, long bytes,
        SymmetricSegment sig, long sigIndex, long signal, SignalOp op, int pe);

    /**
     * Non-blocking {@link #putSignal(SymmetricSegment, long, MemorySegment, long, long, SymmetricSegment, long,
     * long, SignalOp, int)}: {@code ishmem_putmem_signal_nbi} and its typed siblings. The payload and the signal
     * are delivered, and {@code src} may be reused, after {@link #quiet()}; {@link #fence()} orders it with this
     * PE's other puts and signals to the same PE. The signal still follows its own payload.
     *
     * @param dest       symmetric destination.
     * @param destOffset byte offset into {@code dest}.
     * @param src        source memory; not to be changed until {@link #quiet()}.
     * @param srcOffset  byte offset into {@code src}.
     * @param bytes      number of bytes, {@code >= 0}.
     * @param sig        symmetric segment holding the signal words.
     * @param sigIndex   index of the signal word in {@code sig}, in longs (8-byte aligned).
     * @param signal     the value to set or add, unsigned.
     * @param op         {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe         target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe}, either range or the signal word is out of bounds.
     * @throws IllegalArgumentException  if a segment is not symmetric, the word is misaligned or overlaps
     *                                   the destination.
     * @throws NullPointerException      if {@code op} is null.
     */
    void putSignalNbi(SymmetricSegment dest, long destOffset, MemorySegment src, long srcOffset, long bytes,
        SymmetricSegment sig, long sigIndex, long signal, SignalOp op, int pe);

    /**
     * Puts all of {@code src} at the start of {@code dest}, then updates the first word of {@code sig}:
     * {@code ishmem_putmem_signal}.
     *
     * @param dest   symmetric destination, at least {@code src.byteSize()} long.
     * @param src    source memory.
     * @param sig    symmetric segment whose first long is the signal word.
     * @param signal the value to set or add, unsigned.
     * @param op     {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe     target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe} or a range is out of bounds.
     * @throws IllegalArgumentException  if a segment is not symmetric, the word is misaligned or overlaps
     *                                   the destination.
     */
    default void putSignal(final SymmetricSegment dest, final MemorySegment src, final SymmetricSegment sig,
        final long signal, final SignalOp op, final int pe)
    {
        Objects.requireNonNull(src, "putSignal: src is null");
        putSignal(dest, 0, src, 0, src.byteSize(), sig, 0, signal, op, pe);
    }

    /**
     * Non-blocking form of {@link #putSignal(SymmetricSegment, MemorySegment, SymmetricSegment, long, SignalOp,
     * int)}: {@code ishmem_putmem_signal_nbi}. Complete after {@link #quiet()}.
     *
     * @param dest   symmetric destination.
     * @param src    source memory; not to be changed until {@link #quiet()}.
     * @param sig    symmetric segment whose first long is the signal word.
     * @param signal the value to set or add, unsigned.
     * @param op     {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe     target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe} or a range is out of bounds.
     * @throws IllegalArgumentException  if a segment is not symmetric, the word is misaligned or overlaps
     *                                   the destination.
     */
    default void putSignalNbi(final SymmetricSegment dest, final MemorySegment src, final SymmetricSegment sig,
        final long signal, final SignalOp op, final int pe)
    {
        Objects.requireNonNull(src, "putSignalNbi: src is null");
        putSignalNbi(dest, 0, src, 0, src.byteSize(), sig, 0, signal, op, pe);
    }

    /**
     * The typed TYPENAME and SIZE families ({@code ishmem_long_put_signal}, {@code ishmem_put64_signal},
     * {@code ishmem_put128_signal}, ...): puts {@code nelems} elements of {@code type} from the start of
     * {@code src} to the start of {@code dest}, then updates the first word of {@code sig}.
     *
     * @param type   element layout; only its size is used (e.g. {@code JAVA_LONG} for {@code put64}).
     * @param dest   symmetric destination.
     * @param src    source memory.
     * @param nelems number of elements, {@code >= 0}.
     * @param sig    symmetric segment whose first long is the signal word.
     * @param signal the value to set or add, unsigned.
     * @param op     {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe     target world PE in {@code [0, nPes)}.
     * @throws IllegalArgumentException  if {@code nelems} is negative, the byte count overflows, a segment is
     *                                   not symmetric, or the word is misaligned or overlaps the destination.
     * @throws IndexOutOfBoundsException if {@code pe} or a range is out of bounds.
     */
    default void putSignal(final MemoryLayout type, final SymmetricSegment dest, final MemorySegment src,
        final long nelems, final SymmetricSegment sig, final long signal, final SignalOp op, final int pe)
    {
        putSignal(dest, 0, src, 0, ArrayRanges.typedBytes("putSignal", type, nelems), sig, 0, signal, op, pe);
    }

    /**
     * Non-blocking typed put-with-signal: {@code ishmem_long_put_signal_nbi}, {@code ishmem_put64_signal_nbi}
     * and siblings. Complete after {@link #quiet()}.
     *
     * @param type   element layout; only its size is used.
     * @param dest   symmetric destination.
     * @param src    source memory; not to be changed until {@link #quiet()}.
     * @param nelems number of elements, {@code >= 0}.
     * @param sig    symmetric segment whose first long is the signal word.
     * @param signal the value to set or add, unsigned.
     * @param op     {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe     target world PE in {@code [0, nPes)}.
     * @throws IllegalArgumentException  if {@code nelems} is negative, the byte count overflows, a segment is
     *                                   not symmetric, or the word is misaligned or overlaps the destination.
     * @throws IndexOutOfBoundsException if {@code pe} or a range is out of bounds.
     */
    default void putSignalNbi(final MemoryLayout type, final SymmetricSegment dest, final MemorySegment src,
        final long nelems, final SymmetricSegment sig, final long signal, final SignalOp op, final int pe)
    {
        putSignalNbi(dest, 0, src, 0, ArrayRanges.typedBytes("putSignalNbi", type, nelems), sig, 0, signal, op,
            pe);
    }

    /**
     * Blocking put-with-signal of byte elements from a Java array:
     * the {@code ishmem_int8_put_signal} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in bytes.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param sig       symmetric segment holding the signal words.
     * @param sigIndex  index of the signal word in {@code sig}, in longs (8-byte aligned).
     * @param signal    the value to set or add, unsigned.
     * @param op        {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe}, a range or the signal word is out of bounds.
     * @throws IllegalArgumentException  if a segment is not symmetric, the word is misaligned or overlaps
     *                                   the destination.
     */
    default void putSignal(final SymmetricSegment dest, final long destIndex, final byte[] src, final int srcIndex,
        final int count, final SymmetricSegment sig, final long sigIndex, final long signal, final SignalOp op,
        final int pe)
    {
        Objects.requireNonNull(src, "putSignal: src is null");
        ArrayRanges.check("putSignal", "src", src.length, srcIndex, count, destIndex, 1);
        putSignal(dest, destIndex, MemorySegment.ofArray(src), (long)srcIndex, (long)count,
            sig, sigIndex, signal, op, pe);
    }

    /**
     * Non-blocking put-with-signal of byte elements from a Java array:
     * the {@code ishmem_int8_put_signal_nbi} analogue.
     * Complete after {@link #quiet()}.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in bytes.
     * @param src       source array, not to be changed until {@link #quiet()}.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param sig       symmetric segment holding the signal words.
     * @param sigIndex  index of the signal word in {@code sig}, in longs (8-byte aligned).
     * @param signal    the value to set or add, unsigned.
     * @param op        {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe}, a range or the signal word is out of bounds.
     * @throws IllegalArgumentException  if a segment is not symmetric, the word is misaligned or overlaps
     *                                   the destination.
     */
    default void putSignalNbi(final SymmetricSegment dest, final long destIndex, final byte[] src, final int srcIndex,
        final int count, final SymmetricSegment sig, final long sigIndex, final long signal, final SignalOp op,
        final int pe)
    {
        Objects.requireNonNull(src, "putSignalNbi: src is null");
        ArrayRanges.check("putSignalNbi", "src", src.length, srcIndex, count, destIndex, 1);
        putSignalNbi(dest, destIndex, MemorySegment.ofArray(src), (long)srcIndex, (long)count,
            sig, sigIndex, signal, op, pe);
    }

    /**
     * Blocking put-with-signal of short elements from a Java array:
     * the {@code ishmem_short_put_signal} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in shorts.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param sig       symmetric segment holding the signal words.
     * @param sigIndex  index of the signal word in {@code sig}, in longs (8-byte aligned).
     * @param signal    the value to set or add, unsigned.
     * @param op        {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe}, a range or the signal word is out of bounds.
     * @throws IllegalArgumentException  if a segment is not symmetric, the word is misaligned or overlaps
     *                                   the destination.
     */
    default void putSignal(final SymmetricSegment dest, final long destIndex, final short[] src, final int srcIndex,
        final int count, final SymmetricSegment sig, final long sigIndex, final long signal, final SignalOp op,
        final int pe)
    {
        Objects.requireNonNull(src, "putSignal: src is null");
        ArrayRanges.check("putSignal", "src", src.length, srcIndex, count, destIndex, 2);
        putSignal(dest, destIndex << 1, MemorySegment.ofArray(src), (long)srcIndex << 1, (long)count << 1,
            sig, sigIndex, signal, op, pe);
    }

    /**
     * Non-blocking put-with-signal of short elements from a Java array:
     * the {@code ishmem_short_put_signal_nbi} analogue.
     * Complete after {@link #quiet()}.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in shorts.
     * @param src       source array, not to be changed until {@link #quiet()}.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param sig       symmetric segment holding the signal words.
     * @param sigIndex  index of the signal word in {@code sig}, in longs (8-byte aligned).
     * @param signal    the value to set or add, unsigned.
     * @param op        {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe}, a range or the signal word is out of bounds.
     * @throws IllegalArgumentException  if a segment is not symmetric, the word is misaligned or overlaps
     *                                   the destination.
     */
    default void putSignalNbi(final SymmetricSegment dest, final long destIndex, final short[] src, final int srcIndex,
        final int count, final SymmetricSegment sig, final long sigIndex, final long signal, final SignalOp op,
        final int pe)
    {
        Objects.requireNonNull(src, "putSignalNbi: src is null");
        ArrayRanges.check("putSignalNbi", "src", src.length, srcIndex, count, destIndex, 2);
        putSignalNbi(dest, destIndex << 1, MemorySegment.ofArray(src), (long)srcIndex << 1, (long)count << 1,
            sig, sigIndex, signal, op, pe);
    }

    /**
     * Blocking put-with-signal of char elements from a Java array:
     * the {@code ishmem_uint16_put_signal} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in chars.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param sig       symmetric segment holding the signal words.
     * @param sigIndex  index of the signal word in {@code sig}, in longs (8-byte aligned).
     * @param signal    the value to set or add, unsigned.
     * @param op        {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe}, a range or the signal word is out of bounds.
     * @throws IllegalArgumentException  if a segment is not symmetric, the word is misaligned or overlaps
     *                                   the destination.
     */
    default void putSignal(final SymmetricSegment dest, final long destIndex, final char[] src, final int srcIndex,
        final int count, final SymmetricSegment sig, final long sigIndex, final long signal, final SignalOp op,
        final int pe)
    {
        Objects.requireNonNull(src, "putSignal: src is null");
        ArrayRanges.check("putSignal", "src", src.length, srcIndex, count, destIndex, 2);
        putSignal(dest, destIndex << 1, MemorySegment.ofArray(src), (long)srcIndex << 1, (long)count << 1,
            sig, sigIndex, signal, op, pe);
    }

    /**
     * Non-blocking put-with-signal of char elements from a Java array:
     * the {@code ishmem_uint16_put_signal_nbi} analogue.
     * Complete after {@link #quiet()}.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in chars.
     * @param src       source array, not to be changed until {@link #quiet()}.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param sig       symmetric segment holding the signal words.
     * @param sigIndex  index of the signal word in {@code sig}, in longs (8-byte aligned).
     * @param signal    the value to set or add, unsigned.
     * @param op        {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe}, a range or the signal word is out of bounds.
     * @throws IllegalArgumentException  if a segment is not symmetric, the word is misaligned or overlaps
     *                                   the destination.
     */
    default void putSignalNbi(final SymmetricSegment dest, final long destIndex, final char[] src, final int srcIndex,
        final int count, final SymmetricSegment sig, final long sigIndex, final long signal, final SignalOp op,
        final int pe)
    {
        Objects.requireNonNull(src, "putSignalNbi: src is null");
        ArrayRanges.check("putSignalNbi", "src", src.length, srcIndex, count, destIndex, 2);
        putSignalNbi(dest, destIndex << 1, MemorySegment.ofArray(src), (long)srcIndex << 1, (long)count << 1,
            sig, sigIndex, signal, op, pe);
    }

    /**
     * Blocking put-with-signal of int elements from a Java array:
     * the {@code ishmem_int_put_signal} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in ints.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param sig       symmetric segment holding the signal words.
     * @param sigIndex  index of the signal word in {@code sig}, in longs (8-byte aligned).
     * @param signal    the value to set or add, unsigned.
     * @param op        {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe}, a range or the signal word is out of bounds.
     * @throws IllegalArgumentException  if a segment is not symmetric, the word is misaligned or overlaps
     *                                   the destination.
     */
    default void putSignal(final SymmetricSegment dest, final long destIndex, final int[] src, final int srcIndex,
        final int count, final SymmetricSegment sig, final long sigIndex, final long signal, final SignalOp op,
        final int pe)
    {
        Objects.requireNonNull(src, "putSignal: src is null");
        ArrayRanges.check("putSignal", "src", src.length, srcIndex, count, destIndex, 4);
        putSignal(dest, destIndex << 2, MemorySegment.ofArray(src), (long)srcIndex << 2, (long)count << 2,
            sig, sigIndex, signal, op, pe);
    }

    /**
     * Non-blocking put-with-signal of int elements from a Java array:
     * the {@code ishmem_int_put_signal_nbi} analogue.
     * Complete after {@link #quiet()}.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in ints.
     * @param src       source array, not to be changed until {@link #quiet()}.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param sig       symmetric segment holding the signal words.
     * @param sigIndex  index of the signal word in {@code sig}, in longs (8-byte aligned).
     * @param signal    the value to set or add, unsigned.
     * @param op        {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe}, a range or the signal word is out of bounds.
     * @throws IllegalArgumentException  if a segment is not symmetric, the word is misaligned or overlaps
     *                                   the destination.
     */
    default void putSignalNbi(final SymmetricSegment dest, final long destIndex, final int[] src, final int srcIndex,
        final int count, final SymmetricSegment sig, final long sigIndex, final long signal, final SignalOp op,
        final int pe)
    {
        Objects.requireNonNull(src, "putSignalNbi: src is null");
        ArrayRanges.check("putSignalNbi", "src", src.length, srcIndex, count, destIndex, 4);
        putSignalNbi(dest, destIndex << 2, MemorySegment.ofArray(src), (long)srcIndex << 2, (long)count << 2,
            sig, sigIndex, signal, op, pe);
    }

    /**
     * Blocking put-with-signal of long elements from a Java array:
     * the {@code ishmem_long_put_signal} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in longs.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param sig       symmetric segment holding the signal words.
     * @param sigIndex  index of the signal word in {@code sig}, in longs (8-byte aligned).
     * @param signal    the value to set or add, unsigned.
     * @param op        {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe}, a range or the signal word is out of bounds.
     * @throws IllegalArgumentException  if a segment is not symmetric, the word is misaligned or overlaps
     *                                   the destination.
     */
    default void putSignal(final SymmetricSegment dest, final long destIndex, final long[] src, final int srcIndex,
        final int count, final SymmetricSegment sig, final long sigIndex, final long signal, final SignalOp op,
        final int pe)
    {
        Objects.requireNonNull(src, "putSignal: src is null");
        ArrayRanges.check("putSignal", "src", src.length, srcIndex, count, destIndex, 8);
        putSignal(dest, destIndex << 3, MemorySegment.ofArray(src), (long)srcIndex << 3, (long)count << 3,
            sig, sigIndex, signal, op, pe);
    }

    /**
     * Non-blocking put-with-signal of long elements from a Java array:
     * the {@code ishmem_long_put_signal_nbi} analogue.
     * Complete after {@link #quiet()}.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in longs.
     * @param src       source array, not to be changed until {@link #quiet()}.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param sig       symmetric segment holding the signal words.
     * @param sigIndex  index of the signal word in {@code sig}, in longs (8-byte aligned).
     * @param signal    the value to set or add, unsigned.
     * @param op        {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe}, a range or the signal word is out of bounds.
     * @throws IllegalArgumentException  if a segment is not symmetric, the word is misaligned or overlaps
     *                                   the destination.
     */
    default void putSignalNbi(final SymmetricSegment dest, final long destIndex, final long[] src, final int srcIndex,
        final int count, final SymmetricSegment sig, final long sigIndex, final long signal, final SignalOp op,
        final int pe)
    {
        Objects.requireNonNull(src, "putSignalNbi: src is null");
        ArrayRanges.check("putSignalNbi", "src", src.length, srcIndex, count, destIndex, 8);
        putSignalNbi(dest, destIndex << 3, MemorySegment.ofArray(src), (long)srcIndex << 3, (long)count << 3,
            sig, sigIndex, signal, op, pe);
    }

    /**
     * Blocking put-with-signal of float elements from a Java array:
     * the {@code ishmem_float_put_signal} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in floats.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param sig       symmetric segment holding the signal words.
     * @param sigIndex  index of the signal word in {@code sig}, in longs (8-byte aligned).
     * @param signal    the value to set or add, unsigned.
     * @param op        {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe}, a range or the signal word is out of bounds.
     * @throws IllegalArgumentException  if a segment is not symmetric, the word is misaligned or overlaps
     *                                   the destination.
     */
    default void putSignal(final SymmetricSegment dest, final long destIndex, final float[] src, final int srcIndex,
        final int count, final SymmetricSegment sig, final long sigIndex, final long signal, final SignalOp op,
        final int pe)
    {
        Objects.requireNonNull(src, "putSignal: src is null");
        ArrayRanges.check("putSignal", "src", src.length, srcIndex, count, destIndex, 4);
        putSignal(dest, destIndex << 2, MemorySegment.ofArray(src), (long)srcIndex << 2, (long)count << 2,
            sig, sigIndex, signal, op, pe);
    }

    /**
     * Non-blocking put-with-signal of float elements from a Java array:
     * the {@code ishmem_float_put_signal_nbi} analogue.
     * Complete after {@link #quiet()}.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in floats.
     * @param src       source array, not to be changed until {@link #quiet()}.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param sig       symmetric segment holding the signal words.
     * @param sigIndex  index of the signal word in {@code sig}, in longs (8-byte aligned).
     * @param signal    the value to set or add, unsigned.
     * @param op        {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe}, a range or the signal word is out of bounds.
     * @throws IllegalArgumentException  if a segment is not symmetric, the word is misaligned or overlaps
     *                                   the destination.
     */
    default void putSignalNbi(final SymmetricSegment dest, final long destIndex, final float[] src, final int srcIndex,
        final int count, final SymmetricSegment sig, final long sigIndex, final long signal, final SignalOp op,
        final int pe)
    {
        Objects.requireNonNull(src, "putSignalNbi: src is null");
        ArrayRanges.check("putSignalNbi", "src", src.length, srcIndex, count, destIndex, 4);
        putSignalNbi(dest, destIndex << 2, MemorySegment.ofArray(src), (long)srcIndex << 2, (long)count << 2,
            sig, sigIndex, signal, op, pe);
    }

    /**
     * Blocking put-with-signal of double elements from a Java array:
     * the {@code ishmem_double_put_signal} analogue.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in doubles.
     * @param src       source array.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param sig       symmetric segment holding the signal words.
     * @param sigIndex  index of the signal word in {@code sig}, in longs (8-byte aligned).
     * @param signal    the value to set or add, unsigned.
     * @param op        {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe}, a range or the signal word is out of bounds.
     * @throws IllegalArgumentException  if a segment is not symmetric, the word is misaligned or overlaps
     *                                   the destination.
     */
    default void putSignal(final SymmetricSegment dest, final long destIndex, final double[] src, final int srcIndex,
        final int count, final SymmetricSegment sig, final long sigIndex, final long signal, final SignalOp op,
        final int pe)
    {
        Objects.requireNonNull(src, "putSignal: src is null");
        ArrayRanges.check("putSignal", "src", src.length, srcIndex, count, destIndex, 8);
        putSignal(dest, destIndex << 3, MemorySegment.ofArray(src), (long)srcIndex << 3, (long)count << 3,
            sig, sigIndex, signal, op, pe);
    }

    /**
     * Non-blocking put-with-signal of double elements from a Java array:
     * the {@code ishmem_double_put_signal_nbi} analogue.
     * Complete after {@link #quiet()}.
     *
     * @param dest      symmetric destination.
     * @param destIndex first element of {@code dest} to write, in doubles.
     * @param src       source array, not to be changed until {@link #quiet()}.
     * @param srcIndex  first element of {@code src} to read.
     * @param count     number of elements.
     * @param sig       symmetric segment holding the signal words.
     * @param sigIndex  index of the signal word in {@code sig}, in longs (8-byte aligned).
     * @param signal    the value to set or add, unsigned.
     * @param op        {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe}, a range or the signal word is out of bounds.
     * @throws IllegalArgumentException  if a segment is not symmetric, the word is misaligned or overlaps
     *                                   the destination.
     */
    default void putSignalNbi(final SymmetricSegment dest, final long destIndex, final double[] src, final int srcIndex,
        final int count, final SymmetricSegment sig, final long sigIndex, final long signal, final SignalOp op,
        final int pe)
    {
        Objects.requireNonNull(src, "putSignalNbi: src is null");
        ArrayRanges.check("putSignalNbi", "src", src.length, srcIndex, count, destIndex, 8);
        putSignalNbi(dest, destIndex << 3, MemorySegment.ofArray(src), (long)srcIndex << 3, (long)count << 3,
            sig, sigIndex, signal, op, pe);
    }

    /**
     * Reads this PE's copy of a signal word: {@code ishmem_signal_fetch}. An acquire load: after it returns
     * a value written by a put-with-signal, this PE also sees that put's payload.
     *
     * @param sig      symmetric segment holding the signal words.
     * @param sigIndex index of the word in {@code sig}, in longs (8-byte aligned).
     * @return the word, an unsigned 64-bit value (compare it with {@link Long#compareUnsigned}).
     * @throws IndexOutOfBoundsException if the word is outside {@code sig}.
     * @throws IllegalArgumentException  if {@code sig} is not symmetric or the word is not 8-byte aligned.
     */
    long signalFetch(SymmetricSegment sig, long sigIndex);

    /**
     * {@link #signalFetch(SymmetricSegment, long)} of the first word of {@code sig}.
     *
     * @param sig symmetric segment whose first long is the signal word.
     * @return the word, unsigned.
     */
    default long signalFetch(final SymmetricSegment sig)
    {
        return signalFetch(sig, 0);
    }

    /**
     * Atomically adds {@code value} to PE {@code pe}'s copy of a signal word, wrapping modulo 2<sup>64</sup>:
     * {@code ishmemx_signal_add}. One-sided; the same update as a put-with-signal with {@link SignalOp#ADD}.
     *
     * @param sig      symmetric segment holding the signal words.
     * @param sigIndex index of the word in {@code sig}, in longs (8-byte aligned).
     * @param value    the value to add, unsigned.
     * @param pe       target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe} or the word is out of bounds.
     * @throws IllegalArgumentException  if {@code sig} is not symmetric or the word is not 8-byte aligned.
     */
    void signalAdd(SymmetricSegment sig, long sigIndex, long value, int pe);

    /**
     * {@link #signalAdd(SymmetricSegment, long, long, int)} on the first word of {@code sig}.
     *
     * @param sig   symmetric segment whose first long is the signal word.
     * @param value the value to add, unsigned.
     * @param pe    target world PE in {@code [0, nPes)}.
     */
    default void signalAdd(final SymmetricSegment sig, final long value, final int pe)
    {
        signalAdd(sig, 0, value, pe);
    }

    /**
     * Atomically sets PE {@code pe}'s copy of a signal word to {@code value}: {@code ishmemx_signal_set}.
     * A release store: this PE's earlier stores to PE {@code pe}'s memory are visible to a reader that sees
     * the new value.
     *
     * @param sig      symmetric segment holding the signal words.
     * @param sigIndex index of the word in {@code sig}, in longs (8-byte aligned).
     * @param value    the new value, unsigned.
     * @param pe       target world PE in {@code [0, nPes)}.
     * @throws IndexOutOfBoundsException if {@code pe} or the word is out of bounds.
     * @throws IllegalArgumentException  if {@code sig} is not symmetric or the word is not 8-byte aligned.
     */
    void signalSet(SymmetricSegment sig, long sigIndex, long value, int pe);

    /**
     * {@link #signalSet(SymmetricSegment, long, long, int)} on the first word of {@code sig}.
     *
     * @param sig   symmetric segment whose first long is the signal word.
     * @param value the new value, unsigned.
     * @param pe    target world PE in {@code [0, nPes)}.
     */
    default void signalSet(final SymmetricSegment sig, final long value, final int pe)
    {
        signalSet(sig, 0, value, pe);
    }

    /**
     * Waits until this PE's copy of a signal word satisfies {@code cmp value}, both read as unsigned 64-bit
     * values: {@code ishmem_signal_wait_until}. The wait spins, yields, then parks (ISHMEM_WAIT_STRATEGY), so
     * many PEs can wait on few cores, and it watches the other PEs while it waits.
     *
     * @param sig      symmetric segment holding the signal words.
     * @param sigIndex index of the word in {@code sig}, in longs (8-byte aligned).
     * @param cmp      the comparison, unsigned ({@link Cmp#holdsUnsigned}).
     * @param value    the value compared with, unsigned.
     * @return the value of the word that satisfied the comparison.
     * @throws IndexOutOfBoundsException if the word is outside {@code sig}.
     * @throws IllegalArgumentException  if {@code sig} is not symmetric or the word is not 8-byte aligned.
     * @throws NullPointerException      if {@code cmp} is null.
     * @throws PeFailureException        if a PE dies or the job is aborted meanwhile.
     */
    long signalWaitUntil(SymmetricSegment sig, long sigIndex, Cmp cmp, long value);

    /**
     * {@link #signalWaitUntil(SymmetricSegment, long, Cmp, long)} on the first word of {@code sig}.
     *
     * @param sig   symmetric segment whose first long is the signal word.
     * @param cmp   the comparison, unsigned.
     * @param value the value compared with, unsigned.
     * @return the value that satisfied the comparison.
     */
    default long signalWaitUntil(final SymmetricSegment sig, final Cmp cmp, final long value)
    {
        return signalWaitUntil(sig, 0, cmp, value);
    }

    // ---------------------------------------------------------------- signaling on the queue

    /**
     * The {@code on_queue} form of {@link #putSignal(SymmetricSegment, long, MemorySegment, long, long,
     * SymmetricSegment, long, long, SignalOp, int)}: {@code ishmemx_putmem_signal_on_queue} (and its
     * TYPENAME/SIZE siblings). The SYCL queue becomes this runtime's ordered queue: one daemon thread,
     * started by the first {@code *OnQueue} call, runs the queued operations one at a time, each after
     * the operation queued before it and after every future in {@code dependsOn} (the {@code deps} events).
     * The returned future is the SYCL event: it completes when the put and its signal are done, or
     * exceptionally if a dependency failed (the operation then does not run; the cause is the dependency's)
     * or the operation threw.
     *
     * <p>The arguments are checked when this is called; a segment freed, or the runtime closed, before the
     * operation runs fails the future with {@link IllegalStateException}. {@link #close()} runs the queued
     * operations whose dependencies are complete; the others fail that way.
     *
     * @param dest       symmetric destination.
     * @param destOffset byte offset into {@code dest}.
     * @param src        source memory; readable from the queue thread (a heap segment, or one of a shared,
     *                   global or automatic arena, not a confined arena's) and unchanged until the future
     *                   completes.
     * @param srcOffset  byte offset into {@code src}.
     * @param bytes      number of bytes, {@code >= 0}.
     * @param sig        symmetric segment holding the signal words.
     * @param sigIndex   index of the signal word in {@code sig}, in longs (8-byte aligned).
     * @param signal     the value to set or add, unsigned.
     * @param op         {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe         target world PE in {@code [0, nPes)}.
     * @param dependsOn  futures that must complete first (any of this runtime's queue, or the caller's own).
     * @return a future completed when the operation completes.
     * @throws IndexOutOfBoundsException if {@code pe}, either range or the signal word is out of bounds.
     * @throws IllegalArgumentException  if a segment is not symmetric, the word is misaligned or overlaps
     *                                   the destination, or {@code src} belongs to a confined arena (whose
     *                                   segments the queue thread cannot access).
     * @throws NullPointerException      if a segment, {@code op}, {@code dependsOn} or one of its elements is
     *                                   null.
     * @throws IllegalStateException     if the runtime is closed, or the arena of {@code src} is.
     */
    CompletableFuture<Void> putSignalOnQueue(SymmetricSegment dest, long destOffset, MemorySegment src,
        long srcOffset, long bytes, SymmetricSegment sig, long sigIndex, long signal, SignalOp op, int pe,
        CompletableFuture<?>... dependsOn);

    /**
     * The {@code on_queue} form of {@link #putSignalNbi(SymmetricSegment, long, MemorySegment, long, long,
     * SymmetricSegment, long, long, SignalOp, int)}: {@code ishmemx_putmem_signal_nbi_on_queue} (and its
     * TYPENAME/SIZE siblings). Queued as {@link #putSignalOnQueue(SymmetricSegment, long, MemorySegment, long,
     * long, SymmetricSegment, long, long, SignalOp, int, CompletableFuture[])} is; the future completes when the
     * operation has been issued, and, as for {@link #putSignalNbi}, delivery is certain after a
     * {@link #quiet()} that follows that completion (on shared memory it is delivered by then already).
     *
     * @param dest       symmetric destination.
     * @param destOffset byte offset into {@code dest}.
     * @param src        source memory, readable from the queue thread.
     * @param srcOffset  byte offset into {@code src}.
     * @param bytes      number of bytes, {@code >= 0}.
     * @param sig        symmetric segment holding the signal words.
     * @param sigIndex   index of the signal word in {@code sig}, in longs (8-byte aligned).
     * @param signal     the value to set or add, unsigned.
     * @param op         {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe         target world PE in {@code [0, nPes)}.
     * @param dependsOn  futures that must complete first.
     * @return a future completed when the operation completes.
     * @throws IndexOutOfBoundsException if {@code pe}, either range or the signal word is out of bounds.
     * @throws IllegalArgumentException  if a segment is not symmetric, the word is misaligned or overlaps
     *                                   the destination, or {@code src} belongs to a confined arena (whose
     *                                   segments the queue thread cannot access).
     * @throws NullPointerException      if a segment, {@code op}, {@code dependsOn} or one of its elements is
     *                                   null.
     * @throws IllegalStateException     if the runtime is closed, or the arena of {@code src} is.
     */
    CompletableFuture<Void> putSignalNbiOnQueue(SymmetricSegment dest, long destOffset, MemorySegment src,
        long srcOffset, long bytes, SymmetricSegment sig, long sigIndex, long signal, SignalOp op, int pe,
        CompletableFuture<?>... dependsOn);

    /**
     * Typed {@code on_queue} put-with-signal ({@code ishmemx_long_put_signal_on_queue},
     * {@code ishmemx_put64_signal_on_queue}, ...): {@code nelems} elements of {@code type} from the start of
     * {@code src} to the start of {@code dest}, then the first word of {@code sig}.
     *
     * @param type      element layout; only its size is used.
     * @param dest      symmetric destination.
     * @param src       source memory, readable from the queue thread.
     * @param nelems    number of elements, {@code >= 0}.
     * @param sig       symmetric segment whose first long is the signal word.
     * @param signal    the value to set or add, unsigned.
     * @param op        {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @param dependsOn futures that must complete first.
     * @return a future completed when the operation completes.
     * @throws IllegalArgumentException if {@code nelems} is negative or the byte count overflows, and as
     *                                  {@link #putSignalOnQueue(SymmetricSegment, long, MemorySegment, long, long,
     *                                  SymmetricSegment, long, long, SignalOp, int, CompletableFuture[])} does.
     */
    default CompletableFuture<Void> putSignalOnQueue(final MemoryLayout type, final SymmetricSegment dest,
        final MemorySegment src, final long nelems, final SymmetricSegment sig, final long signal, final SignalOp op,
        final int pe, final CompletableFuture<?>... dependsOn)
    {
        return putSignalOnQueue(dest, 0, src, 0, ArrayRanges.typedBytes("putSignalOnQueue", type, nelems), sig, 0,
            signal, op, pe, dependsOn);
    }

    /**
     * Typed non-blocking {@code on_queue} put-with-signal ({@code ishmemx_long_put_signal_nbi_on_queue},
     * {@code ishmemx_put64_signal_nbi_on_queue}, ...).
     *
     * @param type      element layout; only its size is used.
     * @param dest      symmetric destination.
     * @param src       source memory, readable from the queue thread.
     * @param nelems    number of elements, {@code >= 0}.
     * @param sig       symmetric segment whose first long is the signal word.
     * @param signal    the value to set or add, unsigned.
     * @param op        {@link SignalOp#SET} or {@link SignalOp#ADD}.
     * @param pe        target world PE in {@code [0, nPes)}.
     * @param dependsOn futures that must complete first.
     * @return a future completed when the operation completes.
     * @throws IllegalArgumentException if {@code nelems} is negative or the byte count overflows, and as
     *                                  {@link #putSignalNbiOnQueue(SymmetricSegment, long, MemorySegment, long,
     *                                  long, SymmetricSegment, long, long, SignalOp, int, CompletableFuture[])}
     *                                  does.
     */
    default CompletableFuture<Void> putSignalNbiOnQueue(final MemoryLayout type, final SymmetricSegment dest,
        final MemorySegment src, final long nelems, final SymmetricSegment sig, final long signal, final SignalOp op,
        final int pe, final CompletableFuture<?>... dependsOn)
    {
        return putSignalNbiOnQueue(dest, 0, src, 0, ArrayRanges.typedBytes("putSignalNbiOnQueue", type, nelems),
            sig, 0, signal, op, pe, dependsOn);
    }

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
        Objects.requireNonNull(src, "put: src is null");
        ArrayRanges.check("put", "src", src.length, srcIndex, count, destIndex, 1);
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
        Objects.requireNonNull(src, "putNbi: src is null");
        ArrayRanges.check("putNbi", "src", src.length, srcIndex, count, destIndex, 1);
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
        Objects.requireNonNull(dest, "get: dest is null");
        ArrayRanges.check("get", "dest", dest.length, destIndex, count, srcIndex, 1);
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
        Objects.requireNonNull(dest, "getNbi: dest is null");
        ArrayRanges.check("getNbi", "dest", dest.length, destIndex, count, srcIndex, 1);
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
        Objects.requireNonNull(src, "put: src is null");
        ArrayRanges.check("put", "src", src.length, srcIndex, count, destIndex, 2);
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
        Objects.requireNonNull(src, "putNbi: src is null");
        ArrayRanges.check("putNbi", "src", src.length, srcIndex, count, destIndex, 2);
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
        Objects.requireNonNull(dest, "get: dest is null");
        ArrayRanges.check("get", "dest", dest.length, destIndex, count, srcIndex, 2);
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
        Objects.requireNonNull(dest, "getNbi: dest is null");
        ArrayRanges.check("getNbi", "dest", dest.length, destIndex, count, srcIndex, 2);
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
        Objects.requireNonNull(src, "put: src is null");
        ArrayRanges.check("put", "src", src.length, srcIndex, count, destIndex, 2);
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
        Objects.requireNonNull(src, "putNbi: src is null");
        ArrayRanges.check("putNbi", "src", src.length, srcIndex, count, destIndex, 2);
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
        Objects.requireNonNull(dest, "get: dest is null");
        ArrayRanges.check("get", "dest", dest.length, destIndex, count, srcIndex, 2);
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
        Objects.requireNonNull(dest, "getNbi: dest is null");
        ArrayRanges.check("getNbi", "dest", dest.length, destIndex, count, srcIndex, 2);
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
        Objects.requireNonNull(src, "put: src is null");
        ArrayRanges.check("put", "src", src.length, srcIndex, count, destIndex, 4);
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
        Objects.requireNonNull(src, "putNbi: src is null");
        ArrayRanges.check("putNbi", "src", src.length, srcIndex, count, destIndex, 4);
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
        Objects.requireNonNull(dest, "get: dest is null");
        ArrayRanges.check("get", "dest", dest.length, destIndex, count, srcIndex, 4);
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
        Objects.requireNonNull(dest, "getNbi: dest is null");
        ArrayRanges.check("getNbi", "dest", dest.length, destIndex, count, srcIndex, 4);
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
        Objects.requireNonNull(src, "put: src is null");
        ArrayRanges.check("put", "src", src.length, srcIndex, count, destIndex, 8);
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
        Objects.requireNonNull(src, "putNbi: src is null");
        ArrayRanges.check("putNbi", "src", src.length, srcIndex, count, destIndex, 8);
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
        Objects.requireNonNull(dest, "get: dest is null");
        ArrayRanges.check("get", "dest", dest.length, destIndex, count, srcIndex, 8);
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
        Objects.requireNonNull(dest, "getNbi: dest is null");
        ArrayRanges.check("getNbi", "dest", dest.length, destIndex, count, srcIndex, 8);
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
        Objects.requireNonNull(src, "put: src is null");
        ArrayRanges.check("put", "src", src.length, srcIndex, count, destIndex, 4);
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
        Objects.requireNonNull(src, "putNbi: src is null");
        ArrayRanges.check("putNbi", "src", src.length, srcIndex, count, destIndex, 4);
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
        Objects.requireNonNull(dest, "get: dest is null");
        ArrayRanges.check("get", "dest", dest.length, destIndex, count, srcIndex, 4);
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
        Objects.requireNonNull(dest, "getNbi: dest is null");
        ArrayRanges.check("getNbi", "dest", dest.length, destIndex, count, srcIndex, 4);
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
        Objects.requireNonNull(src, "put: src is null");
        ArrayRanges.check("put", "src", src.length, srcIndex, count, destIndex, 8);
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
        Objects.requireNonNull(src, "putNbi: src is null");
        ArrayRanges.check("putNbi", "src", src.length, srcIndex, count, destIndex, 8);
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
        Objects.requireNonNull(dest, "get: dest is null");
        ArrayRanges.check("get", "dest", dest.length, destIndex, count, srcIndex, 8);
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
        Objects.requireNonNull(dest, "getNbi: dest is null");
        ArrayRanges.check("getNbi", "dest", dest.length, destIndex, count, srcIndex, 8);
        getNbi(MemorySegment.ofArray(dest), (long)destIndex << 3, src, srcIndex << 3, (long)count << 3, pe);
    }
}
