package io.ishmem;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;

/**
 * This PE's symmetric <em>device</em> heap: GPU memory of the same size on every PE, beside the host
 * symmetric heap of {@link Ishmem#malloc}. What {@link #malloc} returns is a {@link SymmetricSegment}
 * like any other: every RMA, put-with-signal, signal and wait routine of {@link Ishmem} takes it, with
 * the same guarantees as on host memory (the signal is seen only after all its data; SET and ADD are
 * atomic 64-bit updates; concurrent ADDs from every PE lose nothing; {@code quiet} completes them).
 * Signal words may live in either heap: a host signal is the cheapest one for a host thread to wait on.
 *
 * <p>A device segment has no host view: {@link SymmetricSegment#local()} throws
 * {@link UnsupportedOperationException} and {@link SymmetricSegment#peerView} is empty. Move data with
 * {@link #copyFromHost}/{@link #copyToHost} (this PE's copy) or the RMA routines (any PE's copy), or
 * launch your own kernels on {@link #deviceAddress} and {@link #peerDeviceAddress} with
 * {@link #handles()}.
 *
 * <p>Obtain it with {@link Ishmem#device()}. Allocation is collective, as on the host heap.
 */
public interface DeviceMemory
{
    /**
     * @return {@code "level-zero"} or {@code "cuda"}.
     */
    String api();

    /**
     * @return a one-line description of the driver and the device this PE uses.
     */
    String describe();

    /**
     * @return the size of each PE's device heap in bytes ({@code ISHMEM_DEVICE_SYMMETRIC_SIZE}).
     */
    long heapSize();

    /**
     * Collective: allocates {@code bytes} of symmetric device memory, aligned to 64 bytes.
     *
     * @throws SymmetricHeapExhaustedException if the device heap has no free range that large.
     * @throws CollectiveMismatchException     if another PE asked for a different size.
     */
    SymmetricSegment malloc(long bytes);

    /**
     * Collective: allocates zeroed device memory for {@code count} elements of {@code elementLayout}.
     */
    SymmetricSegment calloc(long count, MemoryLayout elementLayout);

    /**
     * Collective: allocates {@code bytes} of device memory aligned to {@code alignment} (a power of two).
     */
    SymmetricSegment align(long alignment, long bytes);

    /**
     * Collective: frees a segment {@link #malloc}, {@link #calloc} or {@link #align} returned, after
     * completing this PE's outstanding puts ({@code quiet}).
     */
    void free(SymmetricSegment segment);

    /**
     * Copies host memory into this PE's copy of a device segment; complete on return.
     */
    void copyFromHost(SymmetricSegment dest, long destOffset, MemorySegment src, long srcOffset, long bytes);

    /**
     * Copies this PE's copy of a device segment into host memory, after every put and signal update
     * this PE issued; complete on return.
     */
    void copyToHost(MemorySegment dest, long destOffset, SymmetricSegment src, long srcOffset, long bytes);

    /**
     * @return this PE's copy of {@code segment} as a device address (a zero-length segment: pass its
     *         {@link MemorySegment#address()} to a kernel; never dereference it on the host).
     */
    MemorySegment deviceAddress(SymmetricSegment segment);

    /**
     * The device form of {@code ishmem_ptr}: PE {@code pe}'s copy of {@code segment} as mapped into this
     * PE's device address space through IPC, usable by kernels on this PE's device.
     *
     * @return a zero-length segment at that device address.
     * @throws IndexOutOfBoundsException if {@code pe} is not in {@code [0, nPes)}.
     */
    MemorySegment peerDeviceAddress(SymmetricSegment segment, int pe);

    /**
     * @return the native driver, device, context and queue handles of this PE.
     */
    DeviceHandles handles();

    /**
     * Puts device data to a PE, ordered on a device queue you own: {@code ishmemx_putmem_on_queue},
     * {@code nvshmemx_putmem_on_stream}. The copy runs after the work you queued before and before the work
     * you queue after, so your kernels and the library's communication order on one queue; this call
     * returns at once. A queue is a {@code CUstream} (or {@code cudaStream_t}) of this PE's device and
     * context ({@link #handles()}); NULL is the legacy default stream. On-queue operations are ordered on
     * their queue only: {@link Ishmem#quiet()} does not wait for them, your queue's synchronisation does.
     *
     * @param queue      your queue, as a zero-length segment at the handle's address.
     * @param dest       device segment on PE {@code pe}.
     * @param destOffset byte offset in {@code dest}.
     * @param src        device segment whose copy on this PE is the source.
     * @param srcOffset  byte offset in {@code src}.
     * @param bytes      bytes to copy, {@code >= 0}.
     * @param pe         target world PE in {@code [0, nPes)}.
     * @throws IllegalArgumentException      if a segment is host memory or not a live segment of this runtime.
     * @throws IndexOutOfBoundsException     if a range or {@code pe} is outside its bounds.
     * @throws UnsupportedOperationException on Level Zero, which has no on-queue forms yet.
     */
    void putOnQueue(MemorySegment queue, SymmetricSegment dest, long destOffset, SymmetricSegment src, long srcOffset,
        long bytes, int pe);

    /**
     * Gets device data from a PE into this PE's copy of {@code dest}, ordered on your queue:
     * {@code ishmemx_getmem_on_queue}, {@code nvshmemx_getmem_on_stream}. Complete when the queue reaches
     * the next work you queue.
     *
     * @param src device segment on PE {@code pe}, the source.
     * @see #putOnQueue
     */
    void getOnQueue(MemorySegment queue, SymmetricSegment dest, long destOffset, SymmetricSegment src, long srcOffset,
        long bytes, int pe);

    /**
     * Put-with-signal ordered on your queue: {@code ishmemx_putmem_signal_on_queue},
     * {@code nvshmemx_putmem_signal_on_stream}. The signal update (an atomic SET or ADD of the 64-bit word)
     * runs after the data has landed, so a PE that sees it sees all the data.
     *
     * @param sig      device segment holding the signal word, on PE {@code pe}.
     * @param sigIndex index of the word in {@code sig}, in longs.
     * @param signal   the value, unsigned.
     * @param op       SET or ADD.
     * @see #putOnQueue
     */
    void putSignalOnQueue(MemorySegment queue, SymmetricSegment dest, long destOffset, SymmetricSegment src,
        long srcOffset, long bytes, SymmetricSegment sig, long sigIndex, long signal, SignalOp op, int pe);

    /**
     * Holds your queue until this PE's copy of a device signal word satisfies {@code cmp value} (unsigned):
     * {@code ishmemx_signal_wait_until_on_queue}, {@code nvshmemx_signal_wait_until_on_stream}. Returns at
     * once; the work you queue after it starts once the condition holds. A queue that waits on a signal no
     * PE will send waits for ever: synchronise it with a timeout of your own if a peer may fail.
     *
     * @param sig      device segment holding the signal word.
     * @param sigIndex index of the word in {@code sig}, in longs.
     * @param cmp      the comparison, unsigned.
     * @param value    the value compared with, unsigned.
     */
    void signalWaitUntilOnQueue(MemorySegment queue, SymmetricSegment sig, long sigIndex, Cmp cmp, long value);

    /**
     * Orders every on-queue put and signal update issued on {@code queue} before the work you queue after,
     * complete and visible to every PE: {@code ishmemx_quiet_on_queue}, {@code nvshmemx_quiet_on_stream}.
     */
    void quietOnQueue(MemorySegment queue);
}
