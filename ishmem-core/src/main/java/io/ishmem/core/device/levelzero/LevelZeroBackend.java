package io.ishmem.core.device.levelzero;

import io.ishmem.DeviceHandles;
import io.ishmem.SymmetricHeapExhaustedException;
import io.ishmem.core.device.DeviceBackend;
import io.ishmem.core.device.DeviceUnavailableException;
import io.ishmem.core.device.IpcHandle;
import io.ishmem.core.posix.LibC;
import io.ishmem.l0.bindings.ZeApi;
import io.ishmem.l0.bindings.ze_context_desc_t;
import io.ishmem.l0.bindings.ze_device_mem_alloc_desc_t;
import io.ishmem.l0.bindings.ze_ipc_mem_handle_t;
import io.ishmem.l0.bindings.ze_module_desc_t;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * One PE's Level Zero device: its context, the module of the ADD kernel, the symmetric heap and its IPC handles,
 * and an ordered queue of commands ({@link ZeQueue}: the copy and compute command lists, their events, the kernel
 * and staging memory), to which the data calls go. Every method holds the backend's lock: command lists are not
 * safe for concurrent appends.
 *
 * <p>{@link #openQueue} makes a second backend of the same kind on the same context, heap and module with a queue
 * of its own, so a communication context's quiet waits for its own commands only.
 */
final class LevelZeroBackend implements DeviceBackend
{
    private static final long HEAP_ALIGNMENT = 2L << 20;
    private static final String KERNEL_RESOURCE = "atomic_add.spv";

    private final Arena arena = Arena.ofShared();
    private final String description;
    private final MemorySegment driver;
    private final MemorySegment device;
    // the backend that owns the context, heap and module, for a queue opened by openQueue; null on that owner
    private final LevelZeroBackend owner;
    private MemorySegment context = MemorySegment.NULL;
    private MemorySegment module = MemorySegment.NULL;
    // null until made, and after a failure to make it
    private ZeQueue queue;
    private long heap;
    private final MemorySegment out;
    private boolean closed;

    private LevelZeroBackend(final MemorySegment driver, final MemorySegment device, final String description,
        final LevelZeroBackend owner)
    {
        this.driver = driver;
        this.device = device;
        this.description = description;
        this.owner = owner;
        this.out = arena.allocate(ValueLayout.ADDRESS);
    }

    /**
     * @param localIndex this PE's index on its node; picks the device among those the driver reports
     *                   (which {@code ZE_AFFINITY_MASK} has already narrowed).
     */
    static LevelZeroBackend open(final int localIndex, final String loader) throws DeviceUnavailableException
    {
        final ZeDiscovery.Found found = ZeDiscovery.find(localIndex, loader);
        final LevelZeroBackend backend = new LevelZeroBackend(found.driver(), found.device(), found.description(),
            null);
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
        final MemorySegment contextDesc = ze_context_desc_t.allocate(arena);
        ze_context_desc_t.stype(contextDesc, ZeApi.ZE_STRUCTURE_TYPE_CONTEXT_DESC());
        ZeStatus.check(ZeApi.zeContextCreate(driver, contextDesc, out), "zeContextCreate");
        context = out.get(ValueLayout.ADDRESS, 0);
        loadModule();
        queue = ZeQueue.open(context, device, module);
    }

    @Override
    public synchronized DeviceBackend openQueue()
    {
        final LevelZeroBackend other = new LevelZeroBackend(driver, device, description, this);
        other.context = context;
        other.module = module;
        try
        {
            other.queue = ZeQueue.open(context, device, module);
        }
        catch (final RuntimeException ex)
        {
            other.close();
            throw ex;
        }
        return other;
    }

    private void loadModule()
    {
        final byte[] spirv;
        try (InputStream in = LevelZeroBackend.class.getResourceAsStream(KERNEL_RESOURCE))
        {
            if (in == null)
            {
                throw new IllegalStateException("the atomic add kernel " + KERNEL_RESOURCE +
                    " is missing from ishmem-core (a broken build)");
            }
            spirv = in.readAllBytes();
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("reading " + KERNEL_RESOURCE, ex);
        }
        final MemorySegment code = arena.allocate(spirv.length, 8);
        MemorySegment.copy(spirv, 0, code, ValueLayout.JAVA_BYTE, 0, spirv.length);
        final MemorySegment desc = ze_module_desc_t.allocate(arena);
        ze_module_desc_t.stype(desc, ZeApi.ZE_STRUCTURE_TYPE_MODULE_DESC());
        ze_module_desc_t.format(desc, ZeApi.ZE_MODULE_FORMAT_IL_SPIRV());
        ze_module_desc_t.inputSize(desc, spirv.length);
        ze_module_desc_t.pInputModule(desc, code);
        ze_module_desc_t.pBuildFlags(desc, arena.allocateFrom(""));
        final int built = ZeApi.zeModuleCreate(context, device, desc, out, MemorySegment.NULL);
        ZeStatus.check(built, "zeModuleCreate(" + KERNEL_RESOURCE + ")");
        module = out.get(ValueLayout.ADDRESS, 0);
    }

    @Override
    public String describe()
    {
        return description;
    }

    @Override
    public DeviceHandles handles()
    {
        return new DeviceHandles("level-zero", driver, device, context, queue.copyList());
    }

    @Override
    public synchronized long allocateHeap(final long bytes)
    {
        final MemorySegment desc = ze_device_mem_alloc_desc_t.allocate(arena);
        ze_device_mem_alloc_desc_t.stype(desc, ZeApi.ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC());
        final int result = ZeApi.zeMemAllocDevice(context, desc, bytes, HEAP_ALIGNMENT, device, out);
        if (ZeStatus.isOutOfDeviceMemory(result))
        {
            throw new SymmetricHeapExhaustedException("device memory exhausted: zeMemAllocDevice(" + bytes +
                " bytes) failed: " + ZeStatus.describe(result) + "; lower ISHMEM_DEVICE_SYMMETRIC_SIZE");
        }
        ZeStatus.check(result, "zeMemAllocDevice(" + bytes + " bytes)");
        heap = out.get(ValueLayout.ADDRESS, 0).address();
        return heap;
    }

    @Override
    public synchronized IpcHandle exportHeap(final long heapAddress, final long bytes)
    {
        final MemorySegment handle = ze_ipc_mem_handle_t.allocate(arena);
        ZeStatus.check(ZeApi.zeMemGetIpcHandle(context, MemorySegment.ofAddress(heapAddress), handle),
            "zeMemGetIpcHandle");
        // the handle's first 4 bytes are a dma-buf descriptor in this process: peers import it by pidfd_getfd
        return new IpcHandle(handle.get(ValueLayout.JAVA_INT, 0), 0, handle.toArray(ValueLayout.JAVA_BYTE));
    }

    @Override
    public void closeExport(final IpcHandle handle)
    {
        // API 1.4 has no zeMemPutIpcHandle: the descriptor belongs to the driver until the heap is freed
    }

    @Override
    public synchronized long openPeer(final IpcHandle handle, final long bytes)
    {
        try
        {
            final MemorySegment native_ = ze_ipc_mem_handle_t.allocate(arena);
            final byte[] raw = handle.bytes();
            MemorySegment.copy(raw, 0, native_, ValueLayout.JAVA_BYTE, 0, raw.length);
            ZeStatus.check(ZeApi.zeMemOpenIpcHandle(context, device, native_, 0, out), "zeMemOpenIpcHandle");
            return out.get(ValueLayout.ADDRESS, 0).address();
        }
        finally
        {
            // the driver imports the buffer behind the descriptor; our copy of the descriptor is done with
            LibC.closeQuietly(handle.fd());
        }
    }

    @Override
    public synchronized void closePeer(final long peerAddress, final long bytes)
    {
        ZeStatus.check(ZeApi.zeMemCloseIpcHandle(context, MemorySegment.ofAddress(peerAddress)), "zeMemCloseIpcHandle");
    }

    @Override
    public synchronized void copyFromHost(final long deviceAddress, final MemorySegment src, final long srcOffset,
        final long bytes)
    {
        queue.copyFromHost(deviceAddress, src, srcOffset, bytes);
    }

    @Override
    public synchronized void copyToHost(final MemorySegment dest, final long destOffset, final long deviceAddress,
        final long bytes)
    {
        queue.copyToHost(dest, destOffset, deviceAddress, bytes);
    }

    @Override
    public synchronized void copyDeviceToDevice(final long destAddress, final long srcAddress, final long bytes)
    {
        queue.copyDeviceToDevice(destAddress, srcAddress, bytes);
    }

    @Override
    public synchronized void write64(final long address, final long value)
    {
        queue.write64(address, value);
    }

    @Override
    public synchronized void add64(final long address, final long value)
    {
        queue.add64(address, value);
    }

    @Override
    public synchronized long read64(final long address)
    {
        return queue.read64(address);
    }

    @Override
    public synchronized void fence()
    {
        queue.fence();
    }

    @Override
    public synchronized void quiet()
    {
        queue.quiet();
    }

    @Override
    public synchronized void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        // best effort: free everything this backend made, in reverse order, whatever failed before
        if (queue != null)
        {
            queue.close();
        }
        if (owner == null)
        {
            destroy(module, () -> ZeApi.zeModuleDestroy(module));
        }
        if (heap != 0)
        {
            ZeApi.zeMemFree(context, MemorySegment.ofAddress(heap));
        }
        if (owner == null)
        {
            destroy(context, () -> ZeApi.zeContextDestroy(context));
        }
        arena.close();
    }

    static void destroy(final MemorySegment handle, final java.util.function.IntSupplier call)
    {
        if (!handle.equals(MemorySegment.NULL) && handle.address() != 0)
        {
            call.getAsInt();
        }
    }
}
