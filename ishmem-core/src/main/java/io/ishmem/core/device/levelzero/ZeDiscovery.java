package io.ishmem.core.device.levelzero;

import io.ishmem.core.device.DeviceUnavailableException;
import io.ishmem.l0.bindings.ZeApi;
import io.ishmem.l0.bindings.ze_device_properties_t;
import io.ishmem.l0.bindings.ze_driver_properties_t;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Finds this PE's GPU: initialises the loader, takes the first driver, and picks a GPU by the PE's
 * index on its node. Every way this can fail on a machine without an Intel GPU is a
 * {@link DeviceUnavailableException} that says what is missing.
 */
final class ZeDiscovery
{
    /**
     * @param driver      the driver handle.
     * @param device      the device handle.
     * @param description loader, API and driver versions, the device's index and name.
     */
    record Found(MemorySegment driver, MemorySegment device, String description)
    {
    }

    private ZeDiscovery()
    {
    }

    /**
     * @param localIndex this PE's index on its node; picks the device among those the driver reports
     *                   (which {@code ZE_AFFINITY_MASK} has already narrowed).
     * @param loader     the loader's file name, for messages.
     */
    static Found find(final int localIndex, final String loader) throws DeviceUnavailableException
    {
        final int init = ZeApi.zeInit(ZeApi.ZE_INIT_FLAG_GPU_ONLY());
        if (init != ZeApi.ZE_RESULT_SUCCESS())
        {
            throw new DeviceUnavailableException("Level Zero loader " + loader + " found, but no Level Zero driver " +
                "(zeInit: " + ZeStatus.describe(init) + "): install your GPU's Level Zero driver " +
                "(Intel: intel-level-zero-gpu)");
        }
        try (Arena scope = Arena.ofConfined())
        {
            final MemorySegment count = scope.allocate(ValueLayout.JAVA_INT);
            ZeStatus.check(ZeApi.zeDriverGet(count, MemorySegment.NULL), "zeDriverGet");
            if (count.get(ValueLayout.JAVA_INT, 0) == 0)
            {
                throw new DeviceUnavailableException("Level Zero loader " + loader + ": no Level Zero driver");
            }
            final MemorySegment drivers = scope.allocate(ValueLayout.ADDRESS, count.get(ValueLayout.JAVA_INT, 0));
            ZeStatus.check(ZeApi.zeDriverGet(count, drivers), "zeDriverGet");
            final MemorySegment driver = drivers.getAtIndex(ValueLayout.ADDRESS, 0);
            final MemorySegment driverProperties = ze_driver_properties_t.allocate(scope);
            ze_driver_properties_t.stype(driverProperties, ZeApi.ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES());
            ZeStatus.check(ZeApi.zeDriverGetProperties(driver, driverProperties), "zeDriverGetProperties");
            final MemorySegment apiVersion = scope.allocate(ValueLayout.JAVA_INT);
            ZeStatus.check(ZeApi.zeDriverGetApiVersion(driver, apiVersion), "zeDriverGetApiVersion");

            count.set(ValueLayout.JAVA_INT, 0, 0);
            ZeStatus.check(ZeApi.zeDeviceGet(driver, count, MemorySegment.NULL), "zeDeviceGet");
            final int deviceCount = count.get(ValueLayout.JAVA_INT, 0);
            if (deviceCount == 0)
            {
                throw new DeviceUnavailableException("Level Zero loader " + loader +
                    ": the driver reports no device (check ZE_AFFINITY_MASK)");
            }
            final MemorySegment devices = scope.allocate(ValueLayout.ADDRESS, deviceCount);
            ZeStatus.check(ZeApi.zeDeviceGet(driver, count, devices), "zeDeviceGet");
            // several PEs may share a device when a node has more PEs than devices
            final int index = localIndex % deviceCount;
            final MemorySegment device = devices.getAtIndex(ValueLayout.ADDRESS, index);
            final MemorySegment properties = ze_device_properties_t.allocate(scope);
            ze_device_properties_t.stype(properties, ZeApi.ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES());
            ZeStatus.check(ZeApi.zeDeviceGetProperties(device, properties), "zeDeviceGetProperties");
            if (ze_device_properties_t.type(properties) != ZeApi.ZE_DEVICE_TYPE_GPU())
            {
                throw new DeviceUnavailableException("Level Zero device " + index + " is not a GPU");
            }
            final int version = apiVersion.get(ValueLayout.JAVA_INT, 0);
            final String description = "Level Zero (loader " + loader + ", API " + (version >>> 16) + "." +
                (version & 0xffff) + ", driver version 0x" +
                Integer.toHexString(ze_driver_properties_t.driverVersion(driverProperties)) + "), device " + index +
                " of " + deviceCount + " '" + ze_device_properties_t.name(properties).getString(0) + "'";
            return new Found(driver, device, description);
        }
    }
}
