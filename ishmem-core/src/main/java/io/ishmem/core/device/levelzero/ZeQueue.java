package io.ishmem.core.device.levelzero;

import io.ishmem.l0.bindings.ZeApi;
import io.ishmem.l0.bindings.ze_command_queue_desc_t;
import io.ishmem.l0.bindings.ze_command_queue_group_properties_t;
import io.ishmem.l0.bindings.ze_event_desc_t;
import io.ishmem.l0.bindings.ze_event_pool_desc_t;
import io.ishmem.l0.bindings.ze_group_count_t;
import io.ishmem.l0.bindings.ze_host_mem_alloc_desc_t;
import io.ishmem.l0.bindings.ze_kernel_desc_t;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The ordered queue of a {@link LevelZeroBackend}: two immediate command lists, one on a copy engine (every copy
 * and every SET) and one on a compute engine (the ADD kernel), their events, the kernel (whose arguments are
 * per-kernel state, so each queue has its own) and pinned staging memory. Commands of one list may overlap unless
 * a barrier separates them, so each signal update is preceded by a barrier; an ADD crosses to the compute list and
 * back through a pair of events, so the two lists behave as one ordered queue. {@link #quiet} waits for an event
 * signalled by a barrier at the end of the copy list, which every earlier command on both lists precedes.
 *
 * <p>Host memory reaches the device through the staging memory ({@code zeMemAllocHost}): a Java array has no
 * stable address, and not every driver copies from pageable memory. Staging and SET values are handed out in order
 * and recycled at each quiet; a copy that finds them used up quiets first. Not thread-safe: the backend calls it
 * under its lock, as command lists are not safe for concurrent appends.
 */
final class ZeQueue
{
    private static final long STAGING_BYTES = 8L << 20;
    private static final int VALUE_SLOTS = 1024;
    private static final int EVENTS = 64;
    private static final long WAIT_FOREVER = -1L;
    private static final String KERNEL_NAME = "ishmem_atomic_add_u64";

    private final Arena arena = Arena.ofShared();
    private final MemorySegment context;
    private final MemorySegment device;
    private MemorySegment copyList = MemorySegment.NULL;
    private MemorySegment computeList = MemorySegment.NULL;
    private MemorySegment eventPool = MemorySegment.NULL;
    private final MemorySegment[] events = new MemorySegment[EVENTS + 1];
    private MemorySegment kernel = MemorySegment.NULL;
    private MemorySegment staging = MemorySegment.NULL;
    private MemorySegment values = MemorySegment.NULL;
    private final MemorySegment out;
    private final MemorySegment waitList;
    private final MemorySegment groupCount;
    private final MemorySegment argument;
    private long stagingUsed;
    private int valuesUsed;
    private int eventsUsed;

    private ZeQueue(final MemorySegment context, final MemorySegment device)
    {
        this.context = context;
        this.device = device;
        this.out = arena.allocate(ValueLayout.ADDRESS);
        this.waitList = arena.allocate(ValueLayout.ADDRESS);
        this.argument = arena.allocate(ValueLayout.JAVA_LONG);
        this.groupCount = ze_group_count_t.allocate(arena);
        ze_group_count_t.groupCountX(groupCount, 1);
        ze_group_count_t.groupCountY(groupCount, 1);
        ze_group_count_t.groupCountZ(groupCount, 1);
    }

    /**
     * @param module the module that holds the ADD kernel, the backend's.
     * @return the queue: its lists, events, kernel and staging made; on failure whatever was made is freed.
     */
    static ZeQueue open(final MemorySegment context, final MemorySegment device, final MemorySegment module)
    {
        final ZeQueue queue = new ZeQueue(context, device);
        try
        {
            queue.start(module);
        }
        catch (final RuntimeException ex)
        {
            queue.close();
            throw ex;
        }
        return queue;
    }

    /** @return the copy engine's list, which the backend's device handles give applications. */
    MemorySegment copyList()
    {
        return copyList;
    }

    private void start(final MemorySegment module)
    {
        final int[] ordinals = queueOrdinals();
        copyList = immediateList(ordinals[0]);
        computeList = immediateList(ordinals[1]);

        final MemorySegment poolDesc = ze_event_pool_desc_t.allocate(arena);
        ze_event_pool_desc_t.stype(poolDesc, ZeApi.ZE_STRUCTURE_TYPE_EVENT_POOL_DESC());
        ze_event_pool_desc_t.flags(poolDesc, ZeApi.ZE_EVENT_POOL_FLAG_HOST_VISIBLE());
        ze_event_pool_desc_t.count(poolDesc, events.length);
        waitList.set(ValueLayout.ADDRESS, 0, device);
        ZeStatus.check(ZeApi.zeEventPoolCreate(context, poolDesc, 1, waitList, out), "zeEventPoolCreate");
        eventPool = out.get(ValueLayout.ADDRESS, 0);
        final MemorySegment eventDesc = ze_event_desc_t.allocate(arena);
        for (int i = 0; i < events.length; i++)
        {
            ze_event_desc_t.stype(eventDesc, ZeApi.ZE_STRUCTURE_TYPE_EVENT_DESC());
            ze_event_desc_t.index(eventDesc, i);
            // host scope: the host reads what the device wrote once an event it waits on is signalled
            ze_event_desc_t.signal(eventDesc, ZeApi.ZE_EVENT_SCOPE_FLAG_HOST());
            ze_event_desc_t.wait(eventDesc, ZeApi.ZE_EVENT_SCOPE_FLAG_HOST());
            ZeStatus.check(ZeApi.zeEventCreate(eventPool, eventDesc, out), "zeEventCreate");
            events[i] = out.get(ValueLayout.ADDRESS, 0);
        }

        staging = hostMemory(STAGING_BYTES);
        values = hostMemory((long)VALUE_SLOTS * Long.BYTES);
        createKernel(module);
    }

    /**
     * @return {copy ordinal, compute ordinal}: a copy-only group (a copy engine) when the device has one,
     *         else the compute group, which copies too.
     */
    private int[] queueOrdinals()
    {
        try (Arena scope = Arena.ofConfined())
        {
            final MemorySegment count = scope.allocate(ValueLayout.JAVA_INT);
            ZeStatus.check(ZeApi.zeDeviceGetCommandQueueGroupProperties(device, count, MemorySegment.NULL),
                "zeDeviceGetCommandQueueGroupProperties");
            final int groups = count.get(ValueLayout.JAVA_INT, 0);
            final long size = ze_command_queue_group_properties_t.layout().byteSize();
            final MemorySegment properties = scope.allocate(size * groups, 8);
            for (int i = 0; i < groups; i++)
            {
                ze_command_queue_group_properties_t.stype(properties.asSlice(i * size, size),
                    ZeApi.ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES());
            }
            ZeStatus.check(ZeApi.zeDeviceGetCommandQueueGroupProperties(device, count, properties),
                "zeDeviceGetCommandQueueGroupProperties");
            int copy = -1;
            int compute = -1;
            for (int i = 0; i < groups; i++)
            {
                final int flags = ze_command_queue_group_properties_t.flags(properties.asSlice(i * size, size));
                final boolean canCompute = (flags & ZeApi.ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE()) != 0;
                final boolean canCopy = (flags & ZeApi.ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY()) != 0;
                if (canCompute && compute < 0)
                {
                    compute = i;
                }
                if (canCopy && !canCompute && copy < 0)
                {
                    copy = i;
                }
            }
            if (compute < 0)
            {
                throw new IllegalStateException("Level Zero device has no compute queue group (" + groups + " groups)");
            }
            return new int[] {copy >= 0 ? copy : compute, compute};
        }
    }

    private MemorySegment immediateList(final int ordinal)
    {
        final MemorySegment desc = ze_command_queue_desc_t.allocate(arena);
        ze_command_queue_desc_t.stype(desc, ZeApi.ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC());
        ze_command_queue_desc_t.ordinal(desc, ordinal);
        ze_command_queue_desc_t.mode(desc, ZeApi.ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS());
        ze_command_queue_desc_t.priority(desc, ZeApi.ZE_COMMAND_QUEUE_PRIORITY_NORMAL());
        ZeStatus.check(ZeApi.zeCommandListCreateImmediate(context, device, desc, out), "zeCommandListCreateImmediate");
        return out.get(ValueLayout.ADDRESS, 0);
    }

    private MemorySegment hostMemory(final long bytes)
    {
        final MemorySegment desc = ze_host_mem_alloc_desc_t.allocate(arena);
        ze_host_mem_alloc_desc_t.stype(desc, ZeApi.ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC());
        ZeStatus.check(ZeApi.zeMemAllocHost(context, desc, bytes, 64, out), "zeMemAllocHost(" + bytes + ")");
        return out.get(ValueLayout.ADDRESS, 0).reinterpret(bytes);
    }

    private void createKernel(final MemorySegment module)
    {
        final MemorySegment kernelDesc = ze_kernel_desc_t.allocate(arena);
        ze_kernel_desc_t.stype(kernelDesc, ZeApi.ZE_STRUCTURE_TYPE_KERNEL_DESC());
        ze_kernel_desc_t.pKernelName(kernelDesc, arena.allocateFrom(KERNEL_NAME));
        ZeStatus.check(ZeApi.zeKernelCreate(module, kernelDesc, out), "zeKernelCreate(" + KERNEL_NAME + ")");
        kernel = out.get(ValueLayout.ADDRESS, 0);
        ZeStatus.check(ZeApi.zeKernelSetGroupSize(kernel, 1, 1, 1), "zeKernelSetGroupSize");
    }

    void copyFromHost(final long deviceAddress, final MemorySegment src, final long srcOffset,
        final long bytes)
    {
        long done = 0;
        while (done < bytes)
        {
            final long chunk = Math.min(bytes - done, STAGING_BYTES);
            if (stagingUsed + chunk > STAGING_BYTES)
            {
                quiet();
            }
            MemorySegment.copy(src, srcOffset + done, staging, stagingUsed, chunk);
            appendCopy(deviceAddress + done, staging.address() + stagingUsed, chunk);
            // 64-byte steps keep every staged source on its own cache line
            stagingUsed += (chunk + 63) & ~63L;
            done += chunk;
        }
    }

    void copyToHost(final MemorySegment dest, final long destOffset, final long deviceAddress,
        final long bytes)
    {
        long done = 0;
        while (done < bytes)
        {
            final long chunk = Math.min(bytes - done, STAGING_BYTES);
            // ordered after everything issued before (quiet completed it), and staging is free from its start
            quiet();
            appendCopy(staging.address(), deviceAddress + done, chunk);
            quiet();
            MemorySegment.copy(staging, 0, dest, destOffset + done, chunk);
            done += chunk;
        }
    }

    void copyDeviceToDevice(final long destAddress, final long srcAddress, final long bytes)
    {
        appendCopy(destAddress, srcAddress, bytes);
    }

    void write64(final long address, final long value)
    {
        if (valuesUsed == VALUE_SLOTS)
        {
            quiet();
        }
        final long slot = (long)valuesUsed++ * Long.BYTES;
        values.set(ValueLayout.JAVA_LONG, slot, value);
        // the barrier makes every earlier copy complete before the 8-byte write: data before signal
        appendBarrier(MemorySegment.NULL);
        appendCopy(address, values.address() + slot, Long.BYTES);
    }

    void add64(final long address, final long value)
    {
        if (eventsUsed + 2 > EVENTS)
        {
            quiet();
        }
        final MemorySegment copied = events[eventsUsed++];
        final MemorySegment added = events[eventsUsed++];
        // copy list: everything before is complete -> compute list: the atomic add -> copy list: later work
        appendBarrier(copied);
        ZeStatus.check(ZeApi.zeKernelSetArgumentValue(kernel, 0, Long.BYTES, pointer(address)),
            "zeKernelSetArgumentValue(0)");
        argument.set(ValueLayout.JAVA_LONG, 0, value);
        ZeStatus.check(ZeApi.zeKernelSetArgumentValue(kernel, 1, Long.BYTES, argument), "zeKernelSetArgumentValue(1)");
        waitList.set(ValueLayout.ADDRESS, 0, copied);
        ZeStatus.check(ZeApi.zeCommandListAppendLaunchKernel(computeList, kernel, groupCount, added, 1, waitList),
            "zeCommandListAppendLaunchKernel(" + KERNEL_NAME + ")");
        waitList.set(ValueLayout.ADDRESS, 0, added);
        ZeStatus.check(ZeApi.zeCommandListAppendBarrier(copyList, MemorySegment.NULL, 1, waitList),
            "zeCommandListAppendBarrier");
    }

    private MemorySegment pointer(final long address)
    {
        out.set(ValueLayout.ADDRESS, 0, MemorySegment.ofAddress(address));
        return out;
    }

    long read64(final long address)
    {
        copyToHost(argument, 0, address, Long.BYTES);
        return argument.get(ValueLayout.JAVA_LONG, 0);
    }

    void fence()
    {
        appendBarrier(MemorySegment.NULL);
    }

    void quiet()
    {
        final MemorySegment done = events[EVENTS];
        appendBarrier(done);
        ZeStatus.check(ZeApi.zeEventHostSynchronize(done, WAIT_FOREVER), "zeEventHostSynchronize");
        ZeStatus.check(ZeApi.zeEventHostReset(done), "zeEventHostReset");
        // every event handed out since the last quiet has been signalled (the barrier waited for it)
        for (int i = 0; i < eventsUsed; i++)
        {
            ZeStatus.check(ZeApi.zeEventHostReset(events[i]), "zeEventHostReset");
        }
        eventsUsed = 0;
        stagingUsed = 0;
        valuesUsed = 0;
    }

    private void appendCopy(final long dest, final long src, final long bytes)
    {
        ZeStatus.check(ZeApi.zeCommandListAppendMemoryCopy(copyList, MemorySegment.ofAddress(dest),
            MemorySegment.ofAddress(src), bytes, MemorySegment.NULL, 0, MemorySegment.NULL),
            "zeCommandListAppendMemoryCopy");
    }

    private void appendBarrier(final MemorySegment signal)
    {
        ZeStatus.check(ZeApi.zeCommandListAppendBarrier(copyList, signal, 0, MemorySegment.NULL),
            "zeCommandListAppendBarrier");
    }

    /** Waits for what was issued, when the queue got that far, then frees what it made, whatever failed before. */
    void close()
    {
        if (!copyList.equals(MemorySegment.NULL) && events[EVENTS] != null)
        {
            try
            {
                quiet();
            }
            catch (final RuntimeException ignored)
            {
                // a lost device: go on freeing
            }
        }
        LevelZeroBackend.destroy(kernel, () -> ZeApi.zeKernelDestroy(kernel));
        for (final MemorySegment event : events)
        {
            if (event != null)
            {
                ZeApi.zeEventDestroy(event);
            }
        }
        LevelZeroBackend.destroy(eventPool, () -> ZeApi.zeEventPoolDestroy(eventPool));
        LevelZeroBackend.destroy(computeList, () -> ZeApi.zeCommandListDestroy(computeList));
        LevelZeroBackend.destroy(copyList, () -> ZeApi.zeCommandListDestroy(copyList));
        LevelZeroBackend.destroy(staging, () -> ZeApi.zeMemFree(context, staging));
        LevelZeroBackend.destroy(values, () -> ZeApi.zeMemFree(context, values));
        arena.close();
    }
}
