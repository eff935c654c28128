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
}
