package io.ishmem.core.device.cuda;

import io.ishmem.core.device.DeviceUnavailableException;
import io.ishmem.cuda.bindings.CudaApi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Finds this PE's GPU: initialises the driver, checks its version and the device's capabilities, and
 * picks the device by the PE's index on its node among the devices the driver shows.
 */
final class CudaDiscovery
{
    /** cuMemCreate with POSIX file descriptor handles came with CUDA 10.2. */
    static final int MIN_DRIVER_VERSION = 10_020;

    /**
     * @param ordinal     the {@code CUdevice} (an index among the visible devices).
     * @param description driver version, device name, index and PCI bus, for the log and {@code describe()}.
     */
    record Found(int ordinal, String description)
    {
    }

    private CudaDiscovery()
    {
    }

    static Found find(final int localIndex) throws DeviceUnavailableException
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment value = arena.allocate(ValueLayout.JAVA_INT);
            final int init = CudaApi.cuInit(0);
            if (init == CudaApi.CUDA_ERROR_NO_DEVICE())
            {
                throw new DeviceUnavailableException("no CUDA device: cuInit says " + CudaStatus.describe(init) +
                    visibleDevices());
            }
            if (init != CudaApi.CUDA_SUCCESS())
            {
                throw new DeviceUnavailableException("the CUDA driver does not initialise: cuInit failed: " +
                    CudaStatus.describe(init) + " (is the NVIDIA kernel module loaded and /dev/nvidia* accessible?)");
            }
            CudaStatus.check(CudaApi.cuDriverGetVersion(value), "cuDriverGetVersion");
            final int version = value.get(ValueLayout.JAVA_INT, 0);
            if (version < MIN_DRIVER_VERSION)
            {
                throw new DeviceUnavailableException("CUDA driver " + versionText(version) + " is too old for VMM " +
                    "handles: sharing device heaps as POSIX file descriptors (cuMemCreate, " +
                    "cuMemExportToShareableHandle) needs " + versionText(MIN_DRIVER_VERSION) +
                    " or later; update the NVIDIA driver");
            }
            CudaStatus.check(CudaApi.cuDeviceGetCount(value), "cuDeviceGetCount");
            final int count = value.get(ValueLayout.JAVA_INT, 0);
            if (count <= 0)
            {
                throw new DeviceUnavailableException("no CUDA device: the driver reports none" + visibleDevices());
            }
            // several PEs of a node may share one GPU: each PE its own context on it
            final int ordinal = localIndex % count;
            final String name = name(arena, ordinal);
            require(arena, ordinal, name, CudaApi.CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED(),
                "virtual memory management (cuMemCreate, cuMemMap)");
            require(arena, ordinal, name, CudaApi.CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED(),
                "exporting memory as POSIX file descriptors");
            require(arena, ordinal, name, CudaApi.CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS(),
                "64-bit stream memory operations (cuStreamWriteValue64, cuStreamWaitValue64)");
            final int bus = attribute(arena, ordinal, CudaApi.CU_DEVICE_ATTRIBUTE_PCI_BUS_ID());
            final int major = attribute(arena, ordinal, CudaApi.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR());
            final int minor = attribute(arena, ordinal, CudaApi.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR());
            return new Found(ordinal, "CUDA driver " + versionText(version) + ", " + name + " (sm_" + major + minor +
                "), device " + ordinal + " of " + count + ", PCI bus " + Integer.toHexString(bus));
        }
    }

    static String versionText(final int version)
    {
        return version / 1000 + "." + version % 1000 / 10;
    }

    private static String visibleDevices()
    {
        final String visible = System.getenv("CUDA_VISIBLE_DEVICES");
        return visible == null ? "" : " (CUDA_VISIBLE_DEVICES='" + visible + "' narrows the devices the driver shows)";
    }

    private static String name(final Arena arena, final int ordinal)
    {
        final MemorySegment name = arena.allocate(256);
        CudaStatus.check(CudaApi.cuDeviceGetName(name, (int)name.byteSize(), ordinal), "cuDeviceGetName");
        return name.getString(0);
    }

    private static int attribute(final Arena arena, final int ordinal, final int attribute)
    {
        final MemorySegment value = arena.allocate(ValueLayout.JAVA_INT);
        CudaStatus.check(CudaApi.cuDeviceGetAttribute(value, attribute, ordinal), "cuDeviceGetAttribute(" + attribute + ")");
        return value.get(ValueLayout.JAVA_INT, 0);
    }

    private static void require(final Arena arena, final int ordinal, final String name, final int attribute,
        final String what) throws DeviceUnavailableException
    {
        if (attribute(arena, ordinal, attribute) == 0)
        {
            throw new DeviceUnavailableException("CUDA device " + ordinal + " (" + name + ") does not support " + what +
                ", which the device heap needs");
        }
    }
}
