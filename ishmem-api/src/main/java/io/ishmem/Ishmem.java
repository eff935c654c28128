package io.ishmem;

import io.ishmem.spi.IshmemProvider;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.util.Iterator;
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
 *
 * <p>An {@code Ishmem} is also the default communication context ({@code SHMEM_CTX_DEFAULT}): the one-sided
 * routines it inherits from {@link OneSided} (put, get, p, g, put-with-signal, the atomics, quiet and fence) are
 * the calls without a context handle. {@link #createContext} makes further contexts, each an ordering domain of
 * its own.
 */
public interface Ishmem extends OneSided, WaitSets, Collectives, Reductions, AutoCloseable
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

    // ---------------------------------------------------------------- communication contexts

    /**
     * Creates a communication context of the world team: {@code shmem_ctx_create}. Not collective. The context
     * is an ordering domain of its own: its {@link Context#quiet()} and {@link Context#fence()} complete and order
     * its operations only, and the default context's {@link #quiet()} does not wait for them. Its PE numbers are
     * world PE numbers.
     *
     * <p>Each PE may hold at most {@code ISHMEM_MAX_CONTEXTS} contexts at once, counting every context it created
     * and every context its teams reserved ({@link TeamConfig#numContexts()}); a world context takes one from
     * what the teams have not reserved.
     *
     * @param options 0, or a bitwise OR of {@link Context#SERIALIZED}, {@link Context#PRIVATE} and
     *                {@link Context#NOSTORE}.
     * @return the new context; close it (or {@link Context#destroy()} it) when done.
     * @throws ContextCreationException if no context is left on this PE (the nonzero return of C): the library
     *                                  stays usable, and the call may be retried once contexts are destroyed.
     * @throws IllegalArgumentException if {@code options} has bits other than those three.
     * @throws IllegalStateException    after {@link #close()}.
     */
    Context createContext(long options);

    /**
     * The default context as a {@link Context} object: {@code SHMEM_CTX_DEFAULT}. Its operations are this
     * runtime's own ({@code defaultContext().put(...)} is {@code put(...)}), its team is {@link #teamWorld()}, its
     * options are 0, and it cannot be destroyed.
     *
     * @return the default context, the same object on every call.
     * @throws IllegalStateException after {@link #close()}.
     */
    Context defaultContext();

    // ---------------------------------------------------------------- ordering and synchronisation

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
}
