package io.ishmem.core.device;

import io.ishmem.Cmp;
import io.ishmem.DeviceHandles;

import java.lang.foreign.MemorySegment;

/**
 * What the device heap needs from one GPU programming interface (Level Zero, CUDA): one PE's device,
 * its heap allocation, IPC export and import of heaps between the PEs of a node, and one ordered
 * queue of copies and signal updates. A backend is made by its {@link DeviceBackendFactory} and is
 * used by one PE; callers have checked every argument (ranges, alignment), so a backend only moves
 * bytes and reports native failures as {@link io.ishmem.NativeCallException} naming the call and code.
 *
 * <p>Ordering: every operation issued through this interface runs after every operation issued
 * before it, on every engine the backend uses ({@link #write64} after a copy sees the copy complete),
 * unless a method says otherwise. {@link #quiet} returns when everything issued so far is complete
 * and visible to every PE and to the host.
 *
 * <p>Addresses are device virtual addresses as {@code long}: the local heap from {@link #allocateHeap}
 * and peers' heaps from {@link #openPeer}. Host memory is passed as {@link MemorySegment}; it may be a
 * heap segment (a Java array), so backends stage through pinned host memory of their own.
 */
public interface DeviceBackend extends AutoCloseable
{
    /**
     * @return a one-line description for the log: API, driver version, device name and index.
     */
    String describe();

    /**
     * @return the native handles a user needs to launch their own kernels on the same device and queue.
     */
    DeviceHandles handles();

    /**
     * Allocates this PE's device heap, zero-filled, aligned to at least 2 MiB.
     *
     * @param bytes heap size.
     * @return the device address.
     * @throws io.ishmem.SymmetricHeapExhaustedException if the device has not that much free memory.
     */
    long allocateHeap(long bytes);

    /**
     * Exports the heap for the peers of this node.
     *
     * @param heapAddress what {@link #allocateHeap} returned.
     * @param bytes       the heap size.
     * @return the handle: a file descriptor in this process and the opaque bytes the importer needs.
     */
    IpcHandle exportHeap(long heapAddress, long bytes);

    /**
     * Ends the export once every peer has opened the heap: closes what {@link #exportHeap} opened for
     * the exchange (a descriptor the backend made for it), never the heap itself.
     */
    void closeExport(IpcHandle handle);

    /**
     * Maps a peer's heap into this PE's device address space.
     *
     * @param handle the peer's handle with its descriptor already replaced by one valid in this process
     *               ({@link IpcHandle#withFd}); the backend owns that descriptor from here on and closes it.
     * @param bytes  the heap size.
     * @return the device address of the peer's heap in this process.
     */
    long openPeer(IpcHandle handle, long bytes);

    /**
     * Unmaps a peer heap mapped by {@link #openPeer}.
     */
    void closePeer(long peerAddress, long bytes);

    /**
     * Copies host memory to device memory (local or a peer's). Returns once {@code src} may be reused;
     * the copy itself may still be in flight (ordered before later operations).
     */
    void copyFromHost(long deviceAddress, MemorySegment src, long srcOffset, long bytes);

    /**
     * Copies device memory (local or a peer's) to host memory, ordered after everything issued before;
     * returns when {@code dest} holds the data.
     */
    void copyToHost(MemorySegment dest, long destOffset, long deviceAddress, long bytes);

    /**
     * Copies between device addresses (local or peers'), ordered; may return before it completes.
     */
    void copyDeviceToDevice(long destAddress, long srcAddress, long bytes);

    /**
     * Writes a 64-bit value as one 8-byte store, ordered after every earlier operation (the data of a
     * put-with-signal SET). {@code address} is 8-byte aligned.
     */
    void write64(long address, long value);

    /**
     * Adds to a 64-bit word as one device atomic (no update from any PE is lost), ordered after every
     * earlier operation. {@code address} is 8-byte aligned; the add wraps modulo 2^64.
     */
    void add64(long address, long value);

    /**
     * Reads a 64-bit word, ordered after every earlier operation; blocking.
     */
    long read64(long address);

    /**
     * Orders earlier puts and signal updates before later ones (they may still be in flight).
     */
    void fence();

    /**
     * Returns when every operation issued so far is complete and visible.
     */
    void quiet();

    /**
     * Opens another ordered queue on this backend's device, for a communication context: the returned backend
     * shares this one's device context, heap and peer mappings (addresses stay valid), and runs its copies,
     * signal updates, {@link #fence} and {@link #quiet} on queues of its own, so its quiet waits for its own
     * operations only. Only those methods and {@link #close} (which frees the queue, never the heap) are called
     * on it; they may be called from several threads.
     *
     * @return the new queue, or null when this backend has one queue only (contexts then share it, and a
     *         context's quiet completes every context's device work: correct, but not independent).
     */
    default DeviceBackend openQueue()
    {
        return null;
    }

    /**
     * Copies between device addresses on a queue the user owns (a {@code CUstream}, say), ordered after the
     * work the user put on that queue before, and before what they put there after; returns at once.
     *
     * @throws UnsupportedOperationException if the backend has no on-queue forms.
     */
    default void copyOnQueue(final MemorySegment queue, final long destAddress, final long srcAddress, final long bytes)
    {
        throw noQueues();
    }

    /**
     * {@link #write64} on a user's queue, after the queue's earlier work.
     */
    default void write64OnQueue(final MemorySegment queue, final long address, final long value)
    {
        throw noQueues();
    }

    /**
     * {@link #add64} on a user's queue, after the queue's earlier work.
     */
    default void add64OnQueue(final MemorySegment queue, final long address, final long value)
    {
        throw noQueues();
    }

    /**
     * Holds the user's queue until the 64-bit word at {@code address} satisfies {@code cmp value}, read as
     * unsigned; returns at once.
     */
    default void waitOnQueue(final MemorySegment queue, final long address, final Cmp cmp, final long value)
    {
        throw noQueues();
    }

    /**
     * Orders the on-queue operations issued so far before the queue's later work, complete and visible.
     */
    default void quietOnQueue(final MemorySegment queue)
    {
        throw noQueues();
    }

    private UnsupportedOperationException noQueues()
    {
        return new UnsupportedOperationException("the on-queue forms are not available on " + describe() +
            ": they need CUDA (ISHMEM_DEVICE=cuda) for now");
    }

    /**
     * Frees the heap and every queue and module; peers must have been closed first.
     */
    @Override
    void close();
}
