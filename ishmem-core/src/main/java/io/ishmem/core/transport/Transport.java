package io.ishmem.core.transport;

import io.ishmem.AmoOp;
import io.ishmem.SignalOp;

import java.lang.foreign.MemorySegment;

/**
 * Moves bytes and updates signal words in one kind of symmetric heap (host shared memory, a device
 * heap, later a network), addressed by (PE, heap offset). The runtime above it checks every argument
 * once and keeps the ordering rules; a transport trusts what it is given: PEs are in range, ranges lie
 * inside the heap, signal and scalar offsets are aligned to their size, a payload never covers its
 * signal word.
 *
 * <p>Each heap carries its transport from the moment it is made, so a call site sees one or two
 * receiver types and the JIT inlines through this interface.
 */
public interface Transport
{
    /**
     * Copies {@code bytes} from {@code src} into PE {@code pe}'s heap at {@code destAt}; returns once
     * {@code src} may be reused (delivery is complete at the latest at {@link #quiet}).
     */
    void put(int pe, long destAt, MemorySegment src, long srcOffset, long bytes);

    /**
     * Copies from PE {@code pe}'s heap at {@code srcAt} into {@code dest}; returns with the data there.
     */
    void get(MemorySegment dest, long destOffset, int pe, long srcAt, long bytes);

    /**
     * Copies between this PE's heap ({@code srcAt}) and PE {@code pe}'s heap ({@code destAt}) of this
     * transport: a put whose source is symmetric memory. Returns once the source may be reused.
     */
    void putFromHeap(int pe, long destAt, long srcAt, long bytes);

    /**
     * Copies from PE {@code pe}'s heap ({@code srcAt}) into this PE's heap ({@code destAt}); complete on return.
     */
    void getIntoHeap(long destAt, int pe, long srcAt, long bytes);

    /**
     * Stores the low {@code size} bytes of {@code bits} (1, 2, 4 or 8) at {@code at} in PE {@code pe}'s heap:
     * the {@code p} routines. Not reordered or merged by the JIT; ordered by fence and quiet.
     */
    void p(int pe, long at, long bits, int size);

    /**
     * @return the {@code size} bytes (1, 2, 4 or 8) at {@code at} in PE {@code pe}'s heap, zero-extended:
     *         the {@code g} routines; read afresh on every call.
     */
    long g(int pe, long at, int size);

    /**
     * @return the {@code size}-byte word (4 or 8) at {@code at} in this PE's heap with acquire semantics:
     *         what a peer wrote before the store or add that made it is visible after this returns.
     */
    long loadAcquire(long at, int size);

    /**
     * The spin of every wait: acquire loads of the word at {@code at} in this PE's heap, a spin-wait hint
     * between them, until it differs from {@code seen} or {@code spins} loads have seen it unchanged. The caller
     * evaluates its condition on what this returns, so the loop holds nothing but the load, one compare and the
     * hint, its operands in registers: each extra load per spin costs about a nanosecond of one-way latency on the
     * put-with-signal ping-pong (measured: a spin loop with seven field and stack reloads, 37 to 55 ns one way).
     *
     * @param size  4 or 8, as {@link #loadAcquire}.
     * @param seen  the value last read.
     * @param spins how many loads at most, at least 1.
     * @return the value last read: {@code seen} when it did not change.
     */
    default long spinWhileUnchanged(final long at, final int size, final long seen, final int spins)
    {
        long now = loadAcquire(at, size);
        for (int left = spins - 1; now == seen && left > 0; left--)
        {
            Thread.onSpinWait();
            now = loadAcquire(at, size);
        }
        return now;
    }

    /**
     * Put-with-signal with the signal word in this same heap: the payload, then the signal update, which
     * no reader acquires before it can see the whole payload.
     */
    void putSignal(int pe, long destAt, MemorySegment src, long srcOffset, long bytes, long sigAt, long signal,
        SignalOp op);

    /**
     * {@link #putSignal} whose payload is this PE's copy of symmetric memory of this heap at {@code srcAt}.
     */
    void putSignalFromHeap(int pe, long destAt, long srcAt, long bytes, long sigAt, long signal, SignalOp op);

    /**
     * Sets a signal word: one atomic 64-bit store, ordered after this PE's earlier puts to {@code pe} once
     * a fence separates them.
     */
    void signalSet(int pe, long sigAt, long value);

    /**
     * Adds to a signal word atomically (no concurrent add from any PE is lost); wraps modulo 2^64.
     */
    void signalAdd(int pe, long sigAt, long value);

    /**
     * {@link #signalSet} or {@link #signalAdd}, as {@code op} says.
     */
    default void signalUpdate(final int pe, final long sigAt, final long signal, final SignalOp op)
    {
        if (op == SignalOp.SET)
        {
            signalSet(pe, sigAt, signal);
        }
        else
        {
            signalAdd(pe, sigAt, signal);
        }
    }

    /**
     * Applies an atomic memory operation to the {@code size}-byte word (4 or 8) at {@code at} in PE {@code pe}'s
     * heap, atomically with respect to every other atomic operation and signal update on it, from any PE.
     *
     * @param value   the operand in the low {@code size} bytes.
     * @param compare what {@link AmoOp#COMPARE_SWAP} compares the word with.
     * @return the word's old value, sign-extended from {@code size} bytes, for the fetching operations; else 0.
     */
    long atomic(AmoOp op, int pe, long at, int size, long value, long compare);

    /**
     * Orders this PE's earlier puts and signal updates through this transport before its later ones.
     */
    void fence();

    /**
     * Returns once every put and signal update this PE issued through this transport is complete and
     * visible to every PE.
     */
    void quiet();

    /**
     * @return whether a put is in its target's memory when it returns (shared memory), so a barrier through
     *         the control blocks publishes it without a {@link #quiet}; false where delivery completes only
     *         at quiet (a device queue, a network). The same for the transport's whole life: callers ask once.
     */
    default boolean deliversOnReturn()
    {
        return false;
    }

    /**
     * @return where every operation of this transport on PE {@code pe}'s heap is a plain access at
     *         {@code bases[pe]} plus the heap offset in this process's address space (shared memory), those
     *         addresses by PE, which a call on a segment then uses itself ({@code SegmentAccess}), one load
     *         closer to the memory than a call through the transport; null for any other transport (a device
     *         queue, a network, a mix). Never modified by the caller; the same for the transport's whole life.
     */
    default long[] directBases()
    {
        return null;
    }
}
