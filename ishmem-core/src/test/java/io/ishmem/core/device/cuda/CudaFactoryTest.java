package io.ishmem.core.device.cuda;

import io.ishmem.core.device.DeviceUnavailableException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * What the CUDA backend says before it touches the driver: its name, the refusal when the driver library
 * is missing, and how it writes driver versions. The refusals from the driver itself are in
 * {@link CudaSelectionMultiPeTest}, on the fake libcuda.
 */
class CudaFactoryTest
{
    @Test
    void shouldSayTheDriverIsMissingAndThatTheToolkitIsNotNeeded()
    {
        final DeviceUnavailableException refused = assertThrows(DeviceUnavailableException.class,
            () -> new CudaFactory("libcuda_absent.so.1").open(0, 1));
        assertEquals("CUDA driver library libcuda_absent.so.1 not found: install the NVIDIA driver (it ships " +
            "libcuda.so.1; the CUDA toolkit is not needed)", refused.getMessage());
    }

    @Test
    void shouldNameTheValueOfIshmemDeviceThatSelectsIt()
    {
        assertEquals("cuda", new CudaFactory().name());
    }

    @Test
    void shouldWriteDriverVersionsAsMajorDotMinor()
    {
        // the driver's integer is 1000 * major + 10 * minor
        assertEquals("10.1", CudaDiscovery.versionText(10_010));
        assertEquals("10.2", CudaDiscovery.versionText(CudaDiscovery.MIN_DRIVER_VERSION));
        assertEquals("12.8", CudaDiscovery.versionText(12_080));
        assertEquals("13.0", CudaDiscovery.versionText(13_000));
    }
}
