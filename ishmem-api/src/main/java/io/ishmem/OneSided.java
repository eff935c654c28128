package io.ishmem;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * The routines a communication context carries: remote memory access (put, get, p, g, in every form),
 * put-with-signal, the atomic memory operations ({@link Atomics}), and the ordering routines {@link #quiet()}
 * and {@link #fence()}. Each one is an operation on one context, and ordered and completed with that
 * context's other operations only (OpenSHMEM 1.5, "Communication Management").
 *
 * <p>{@link Ishmem} is the default context ({@code SHMEM_CTX_DEFAULT}): the calls that take no context handle
 * in C. A {@link Context} from {@link Ishmem#createContext} or {@link Team#createContext} is another one, an
 * ordering domain of its own: its {@code quiet} completes its own operations and waits for no other context's.
 * Every typed, array and layout form below is written once, here, over the few abstract routines, so a context
 * has them all exactly as the default context does.
 *
 * <p><b>PE numbers.</b> On {@link Ishmem} and on contexts of the world team, {@code pe} is a world PE number.
 * On a context created from another team it is that team's PE number ({@code [0, team.nPes())}), as OpenSHMEM
 * says for point-to-point routines on a team's context: "target world PE" in the parameter descriptions below
 * then reads "PE of the context's team", and a number outside the team throws
 * {@link IndexOutOfBoundsException} naming the team's size.
 */
public interface OneSided extends Atomics
{
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

    // ---------------------------------------------------------------- ordering

    /**
     * Completes every put, get, atomic and put-with-signal this PE issued on this context, to every PE:
     * {@code ishmem_quiet} on {@link Ishmem} (the default context), {@code shmem_ctx_quiet} on a {@link Context}.
     * It does not wait for the operations of other contexts.
     */
    void quiet();

    /**
     * Orders this PE's puts, atomics and signals to each PE on this context: those issued before it are
     * delivered before those issued after it, to the same PE: {@code ishmem_fence} on {@link Ishmem},
     * {@code shmem_ctx_fence} on a {@link Context}. Operations of other contexts are not ordered by it.
     */
    void fence();

    // ---------------------------------------------------------------- put-with-signal

    /**
     * Copies {@code bytes} from local memory into PE {@code pe}'s copy of {@code dest}, then updates PE
     * {@code pe}'s copy of the signal word {@code sigIndex} of {@code sig} with {@code op}:
     * {@code ishmem_putmem_signal} (and {@code ishmem_put_signal}, {@code ishmem_TYPENAME_put_signal},
     * {@code ishmem_putSIZE_signal}, which differ only in the element size). Returns when {@code src} may be
     * reused. A PE that sees the signal update (through {@link Ishmem#signalWaitUntil},
     * {@link Ishmem#signalFetch} or {@link Ishmem#waitUntilLong}) also sees every byte of this payload; the signal
     * says nothing about other puts
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
