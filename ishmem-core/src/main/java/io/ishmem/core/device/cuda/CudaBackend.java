package io.ishmem.core.device.cuda;

import io.ishmem.Cmp;
import io.ishmem.DeviceHandles;
import io.ishmem.SymmetricHeapExhaustedException;
import io.ishmem.core.device.DeviceBackend;
import io.ishmem.core.device.IpcHandle;
import io.ishmem.core.posix.LibC;
import io.ishmem.cuda.bindings.CUmemAccessDesc;
import io.ishmem.cuda.bindings.CUmemAccessDesc_st;
import io.ishmem.cuda.bindings.CUmemAllocationProp;
import io.ishmem.cuda.bindings.CUmemAllocationProp_st;
import io.ishmem.cuda.bindings.CUmemLocation_st;
import io.ishmem.cuda.bindings.CudaApi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * One PE's CUDA device: the device's primary context (shared with the CUDA runtime, so a user's
 * {@code cudaStream_t} works as a queue here), a heap from {@code cuMemCreate} that peers import as a
 * POSIX file descriptor, and one non-blocking stream. A stream runs its operations one after another,
 * each complete before the next starts, so the stream is the ordered queue {@link DeviceBackend} asks
 * for: a signal's {@code cuStreamWriteValue64} (with its system-wide fence) or ADD kernel runs after the
 * data copy before it has landed, and {@link #fence} has nothing to add.
 *
 * <p>Host memory reaches the device through pinned staging memory ({@code cuMemAllocHost}): a Java array
 * has no stable address, and copies from pageable memory are synchronous. Staging is handed out in order
 * and recycled whenever the stream has drained; a copy that finds it used up drains first. Every method
 * holds the backend's lock and makes the context current on the calling thread, as the driver API
 * requires of any thread that calls it.
 */
final class CudaBackend implements DeviceBackend
{
    private static final long STAGING_BYTES = 8L << 20;
    private static final String ADD_KERNEL = "ishmem_atomic_add_u64";
    private static final String WAIT_KERNEL = "ishmem_wait_until_u64";
    private static final String KERNELS = "kernels.ptx";

    private final Arena arena = Arena.ofShared();
    private final int ordinal;
    private final String description;
    private final MemorySegment out;
    private final MemorySegment prop;
    private final MemorySegment access;
    private final MemorySegment kernelArgs;
    private final MemorySegment kernelParams;
    private MemorySegment context = MemorySegment.NULL;
    private boolean contextRetained;
    private MemorySegment stream = MemorySegment.NULL;
    // whether the library's stream may hold work that no drain has waited for yet
    private volatile boolean pending;
    private MemorySegment module = MemorySegment.NULL;
    private MemorySegment addKernel = MemorySegment.NULL;
    private MemorySegment waitKernel = MemorySegment.NULL;
    private MemorySegment staging = MemorySegment.NULL;
    private MemorySegment scalar = MemorySegment.NULL;
    private long granularity;
    private long heap;
    private long heapMapped;
    private long heapHandle;
    private long stagingUsed;
    private boolean closed;

    private CudaBackend(final CudaDiscovery.Found found)
    {
        this.ordinal = found.ordinal();
        this.description = found.description();
        this.out = arena.allocate(ValueLayout.JAVA_LONG);
        this.prop = CUmemAllocationProp.allocate(arena);
        CUmemAllocationProp_st.type(prop, CudaApi.CU_MEM_ALLOCATION_TYPE_PINNED());
        CUmemAllocationProp_st.requestedHandleTypes(prop, CudaApi.CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR());
        CUmemLocation_st.type(CUmemAllocationProp_st.location(prop), CudaApi.CU_MEM_LOCATION_TYPE_DEVICE());
        CUmemLocation_st.id(CUmemAllocationProp_st.location(prop), ordinal);
        this.access = CUmemAccessDesc.allocate(arena);
        CUmemLocation_st.type(CUmemAccessDesc_st.location(access), CudaApi.CU_MEM_LOCATION_TYPE_DEVICE());
        CUmemLocation_st.id(CUmemAccessDesc_st.location(access), ordinal);
        CUmemAccessDesc_st.flags(access, CudaApi.CU_MEM_ACCESS_FLAGS_PROT_READWRITE());
        // a kernel's arguments: three 8-byte values and the array of pointers to them cuLaunchKernel takes
        this.kernelArgs = arena.allocate(3 * Long.BYTES, 8);
        this.kernelParams = arena.allocate(ValueLayout.ADDRESS, 3);
        for (int i = 0; i < 3; i++)
        {
            kernelParams.setAtIndex(ValueLayout.ADDRESS, i, kernelArgs.asSlice(i * Long.BYTES, Long.BYTES));
        }
    }

    static CudaBackend open(final CudaDiscovery.Found found)
    {
        final CudaBackend backend = new CudaBackend(found);
        try
        {
            backend.start();
        }
        catch (final RuntimeException ex)
        {
            backend.close();
            throw ex;
        }
        return backend;
    }

    private void start()
    {
        CudaStatus.check(CudaApi.cuDevicePrimaryCtxRetain(out, ordinal), "cuDevicePrimaryCtxRetain(" + ordinal + ")");
        context = out.get(ValueLayout.ADDRESS, 0);
        contextRetained = true;
        current();
        CudaStatus.check(CudaApi.cuStreamCreate(out, CudaApi.CU_STREAM_NON_BLOCKING()), "cuStreamCreate");
        stream = out.get(ValueLayout.ADDRESS, 0);
        CudaStatus.check(CudaApi.cuMemAllocHost_v2(out, STAGING_BYTES + 64), "cuMemAllocHost(" + STAGING_BYTES + ")");
        final MemorySegment pinned = out.get(ValueLayout.ADDRESS, 0).reinterpret(STAGING_BYTES + 64);
        staging = pinned.asSlice(0, STAGING_BYTES);
        scalar = pinned.asSlice(STAGING_BYTES, 64);
        CudaStatus.check(CudaApi.cuMemGetAllocationGranularity(out, prop, CudaApi.CU_MEM_ALLOC_GRANULARITY_MINIMUM()),
            "cuMemGetAllocationGranularity");
        granularity = out.get(ValueLayout.JAVA_LONG, 0);
        loadKernels();
    }

    private void loadKernels()
    {
        final byte[] ptx;
        try (var in = CudaBackend.class.getResourceAsStream(KERNELS))
        {
            if (in == null)
            {
                throw new IllegalStateException("the CUDA kernels " + KERNELS + " are missing from ishmem-core " +
                    "(a broken build)");
            }
            ptx = in.readAllBytes();
        }
        catch (final java.io.IOException ex)
        {
            throw new IllegalStateException("reading " + KERNELS, ex);
        }
        // cuModuleLoadData takes PTX as a NUL-terminated string
        final MemorySegment image = arena.allocate(ptx.length + 1L);
        MemorySegment.copy(ptx, 0, image, ValueLayout.JAVA_BYTE, 0, ptx.length);
        CudaStatus.check(CudaApi.cuModuleLoadData(out, image), "cuModuleLoadData(" + KERNELS + ")");
        module = out.get(ValueLayout.ADDRESS, 0);
        addKernel = function(ADD_KERNEL);
        waitKernel = function(WAIT_KERNEL);
    }

    private MemorySegment function(final String name)
    {
        CudaStatus.check(CudaApi.cuModuleGetFunction(out, module, arena.allocateFrom(name)),
            "cuModuleGetFunction(" + name + ")");
        return out.get(ValueLayout.ADDRESS, 0);
    }

    private void current()
    {
        CudaStatus.check(CudaApi.cuCtxSetCurrent(context), "cuCtxSetCurrent");
    }

    /**
     * @return {@code bytes} rounded up to the allocation granularity, as cuMemCreate and cuMemMap need;
     *         every PE rounds the same agreed heap size the same way.
     */
    private long mapped(final long bytes)
    {
        return (bytes + granularity - 1) / granularity * granularity;
    }

    @Override
    public String describe()
    {
        return description;
    }

    @Override
    public DeviceHandles handles()
    {
        return new DeviceHandles("cuda", MemorySegment.NULL, MemorySegment.ofAddress(ordinal), context, stream);
    }

    @Override
    public synchronized long allocateHeap(final long bytes)
    {
        issuing();
        final long size = mapped(bytes);
        final int created = CudaApi.cuMemCreate(out, size, prop, 0);
        if (created == CudaApi.CUDA_ERROR_OUT_OF_MEMORY())
        {
            throw new SymmetricHeapExhaustedException("device memory exhausted: cuMemCreate(" + size + " bytes) on " +
                "CUDA device " + ordinal + " failed: " + CudaStatus.describe(created) +
                "; lower ISHMEM_DEVICE_SYMMETRIC_SIZE");
        }
        CudaStatus.check(created, "cuMemCreate(" + size + " bytes)");
        heapHandle = out.get(ValueLayout.JAVA_LONG, 0);
        heap = reserveAndMap(size, heapHandle);
        heapMapped = size;
        // the heap starts zero-filled, as Level Zero's does and calloc relies on
        CudaStatus.check(CudaApi.cuMemsetD8Async(heap, (byte)0, size, stream), "cuMemsetD8Async");
        quiet();
        return heap;
    }

    private long reserveAndMap(final long size, final long handle)
    {
        CudaStatus.check(CudaApi.cuMemAddressReserve(out, size, granularity, 0, 0), "cuMemAddressReserve(" + size + ")");
        final long address = out.get(ValueLayout.JAVA_LONG, 0);
        int result = CudaApi.cuMemMap(address, size, 0, handle, 0);
        if (result == CudaApi.CUDA_SUCCESS())
        {
            result = CudaApi.cuMemSetAccess(address, size, access, 1);
            if (result != CudaApi.CUDA_SUCCESS())
            {
                CudaApi.cuMemUnmap(address, size);
                CudaApi.cuMemAddressFree(address, size);
                throw CudaStatus.failed(result, "cuMemSetAccess(" + size + " bytes, device " + ordinal + ")");
            }
            return address;
        }
        CudaApi.cuMemAddressFree(address, size);
        throw CudaStatus.failed(result, "cuMemMap(" + size + " bytes)");
    }

    @Override
    public synchronized IpcHandle exportHeap(final long heapAddress, final long bytes)
    {
        current();
        out.set(ValueLayout.JAVA_LONG, 0, 0);
        CudaStatus.check(CudaApi.cuMemExportToShareableHandle(out, heapHandle,
            CudaApi.CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR(), 0), "cuMemExportToShareableHandle");
        final int fd = out.get(ValueLayout.JAVA_INT, 0);
        // the descriptor is the whole handle: peers import it by pidfd_getfd and pass it to the driver
        return new IpcHandle(fd, 0, out.asSlice(0, Integer.BYTES).toArray(ValueLayout.JAVA_BYTE));
    }

    @Override
    public void closeExport(final IpcHandle handle)
    {
        // cuMemExportToShareableHandle made a descriptor for the exchange; the heap lives on without it
        LibC.closeQuietly(handle.fd());
    }

    @Override
    public synchronized long openPeer(final IpcHandle handle, final long bytes)
    {
        long imported = 0;
        try
        {
            current();
            CudaStatus.check(CudaApi.cuMemImportFromShareableHandle(out, MemorySegment.ofAddress(handle.fd()),
                CudaApi.CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR()), "cuMemImportFromShareableHandle");
            imported = out.get(ValueLayout.JAVA_LONG, 0);
            return reserveAndMap(mapped(bytes), imported);
        }
        finally
        {
            // the mapping keeps the peer's memory; neither our descriptor nor the imported handle is needed
            if (imported != 0)
            {
                CudaApi.cuMemRelease(imported);
            }
            LibC.closeQuietly(handle.fd());
        }
    }

    @Override
    public synchronized void closePeer(final long peerAddress, final long bytes)
    {
        current();
        final long size = mapped(bytes);
        CudaStatus.check(CudaApi.cuMemUnmap(peerAddress, size), "cuMemUnmap(peer heap)");
        CudaStatus.check(CudaApi.cuMemAddressFree(peerAddress, size), "cuMemAddressFree(peer heap)");
    }

    @Override
    public synchronized void copyFromHost(final long deviceAddress, final MemorySegment src, final long srcOffset,
        final long bytes)
    {
        issuing();
        long done = 0;
        while (done < bytes)
        {
            final long chunk = Math.min(bytes - done, STAGING_BYTES);
            if (stagingUsed + chunk > STAGING_BYTES)
            {
                drain();
            }
            final MemorySegment slot = staging.asSlice(stagingUsed, chunk);
            MemorySegment.copy(src, srcOffset + done, slot, 0, chunk);
            CudaStatus.check(CudaApi.cuMemcpyHtoDAsync_v2(deviceAddress + done, slot, chunk, stream),
                "cuMemcpyHtoDAsync(" + chunk + " bytes)");
            // again after each chunk: a drain for staging room above cleared it, and this chunk is in flight
            pending = true;
            // 64-byte steps keep every staged source on its own cache line
            stagingUsed += (chunk + 63) & ~63L;
            done += chunk;
        }
    }

    @Override
    public synchronized void copyToHost(final MemorySegment dest, final long destOffset, final long deviceAddress,
        final long bytes)
    {
        issuing();
        long done = 0;
        while (done < bytes)
        {
            final long chunk = Math.min(bytes - done, STAGING_BYTES);
            if (stagingUsed + chunk > STAGING_BYTES)
            {
                drain();
            }
            final MemorySegment slot = staging.asSlice(stagingUsed, chunk);
            CudaStatus.check(CudaApi.cuMemcpyDtoHAsync_v2(slot, deviceAddress + done, chunk, stream),
                "cuMemcpyDtoHAsync(" + chunk + " bytes)");
            drain();
            MemorySegment.copy(slot, 0, dest, destOffset + done, chunk);
            done += chunk;
        }
    }

    @Override
    public synchronized void copyDeviceToDevice(final long destAddress, final long srcAddress, final long bytes)
    {
        issuing();
        copyOn(stream, destAddress, srcAddress, bytes);
    }

    @Override
    public synchronized void write64(final long address, final long value)
    {
        issuing();
        write64On(stream, address, value);
    }

    @Override
    public synchronized void add64(final long address, final long value)
    {
        issuing();
        add64On(stream, address, value);
    }

    @Override
    public synchronized long read64(final long address)
    {
        issuing();
        CudaStatus.check(CudaApi.cuMemcpyDtoHAsync_v2(scalar, address, Long.BYTES, stream), "cuMemcpyDtoHAsync(8 bytes)");
        drain();
        return scalar.get(ValueLayout.JAVA_LONG, 0);
    }

    @Override
    public void fence()
    {
        // nothing to add: the stream starts each operation only after the one before it has completed
    }

    @Override
    public void quiet()
    {
        // a host-only program on a GPU machine gets a device heap by default, and every barrierAll and free
        // quiets it: with nothing issued since the last drain, a stream synchronisation would cost
        // microseconds for nothing (measured: a 2-PE barrier went from 0.3 to 2.8 us on an H100 machine)
        if (!pending)
        {
            return;
        }
        synchronized (this)
        {
            current();
            drain();
        }
    }

    /** Before work is put on the library's stream: makes the context current and marks the stream busy. */
    private void issuing()
    {
        current();
        pending = true;
    }

    private void drain()
    {
        CudaStatus.check(CudaApi.cuStreamSynchronize(stream), "cuStreamSynchronize");
        stagingUsed = 0;
        pending = false;
    }

    @Override
    public synchronized void copyOnQueue(final MemorySegment queue, final long destAddress, final long srcAddress,
        final long bytes)
    {
        current();
        copyOn(queue, destAddress, srcAddress, bytes);
    }

    @Override
    public synchronized void write64OnQueue(final MemorySegment queue, final long address, final long value)
    {
        current();
        write64On(queue, address, value);
    }

    @Override
    public synchronized void add64OnQueue(final MemorySegment queue, final long address, final long value)
    {
        current();
        add64On(queue, address, value);
    }

    @Override
    public synchronized void waitOnQueue(final MemorySegment queue, final long address, final Cmp cmp, final long value)
    {
        current();
        if (cmp == Cmp.EQ)
        {
            CudaStatus.check(CudaApi.cuStreamWaitValue64_v2(queue, address, value, CudaApi.CU_STREAM_WAIT_VALUE_EQ()),
                "cuStreamWaitValue64");
            return;
        }
        kernelArgs.set(ValueLayout.JAVA_LONG, 0, address);
        kernelArgs.set(ValueLayout.JAVA_LONG, 8, cmp.ordinal());
        kernelArgs.set(ValueLayout.JAVA_LONG, 16, value);
        CudaStatus.check(CudaApi.cuLaunchKernel(waitKernel, 1, 1, 1, 1, 1, 1, 0, queue, kernelParams,
            MemorySegment.NULL), "cuLaunchKernel(" + WAIT_KERNEL + ")");
    }

    @Override
    public void quietOnQueue(final MemorySegment queue)
    {
        // nothing to add: on a stream, later work starts only after the library's copies and signal updates
        // issued there have completed, and each signal update ends with a system-wide fence
    }

    private void copyOn(final MemorySegment queue, final long destAddress, final long srcAddress, final long bytes)
    {
        CudaStatus.check(CudaApi.cuMemcpyDtoDAsync_v2(destAddress, srcAddress, bytes, queue),
            "cuMemcpyDtoDAsync(" + bytes + " bytes)");
    }

    private void write64On(final MemorySegment queue, final long address, final long value)
    {
        // the default flags put a system-wide memory barrier before the write: the data lands first
        CudaStatus.check(CudaApi.cuStreamWriteValue64_v2(queue, address, value, CudaApi.CU_STREAM_WRITE_VALUE_DEFAULT()),
            "cuStreamWriteValue64");
    }

    private void add64On(final MemorySegment queue, final long address, final long value)
    {
        kernelArgs.set(ValueLayout.JAVA_LONG, 0, address);
        kernelArgs.set(ValueLayout.JAVA_LONG, 8, value);
        CudaStatus.check(CudaApi.cuLaunchKernel(addKernel, 1, 1, 1, 1, 1, 1, 0, queue, kernelParams,
            MemorySegment.NULL), "cuLaunchKernel(" + ADD_KERNEL + ")");
    }

    @Override
    public synchronized void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        if (!contextRetained)
        {
            arena.close();
            return;
        }
        // best effort: free everything this backend made, in reverse order, whatever failed before
        CudaApi.cuCtxSetCurrent(context);
        if (!stream.equals(MemorySegment.NULL))
        {
            CudaApi.cuStreamSynchronize(stream);
        }
        if (!module.equals(MemorySegment.NULL))
        {
            CudaApi.cuModuleUnload(module);
        }
        if (heap != 0)
        {
            CudaApi.cuMemUnmap(heap, heapMapped);
            CudaApi.cuMemAddressFree(heap, heapMapped);
        }
        if (heapHandle != 0)
        {
            CudaApi.cuMemRelease(heapHandle);
        }
        if (!staging.equals(MemorySegment.NULL))
        {
            CudaApi.cuMemFreeHost(staging);
        }
        if (!stream.equals(MemorySegment.NULL))
        {
            CudaApi.cuStreamDestroy_v2(stream);
        }
        CudaApi.cuDevicePrimaryCtxRelease_v2(ordinal);
        arena.close();
    }
}
