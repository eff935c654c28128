package io.ishmem.core.device;

import io.ishmem.core.device.cuda.CudaFactory;
import io.ishmem.core.device.levelzero.LevelZeroFactory;

import java.util.List;

/** Every device backend, in the order {@code ISHMEM_DEVICE=auto} tries them. */
public final class DeviceBackends
{
    public static final List<DeviceBackendFactory> FACTORIES = List.of(new LevelZeroFactory(), new CudaFactory());

    private DeviceBackends()
    {
    }
}
