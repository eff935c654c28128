package io.ishmem.core.device.levelzero;

import io.ishmem.core.device.DeviceUnavailableException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LevelZeroFactoryTest
{
    @Test
    void shouldNameThePackageToInstallWhenTheLoaderIsMissing()
    {
        final DeviceUnavailableException refused = assertThrows(DeviceUnavailableException.class,
            () -> new LevelZeroFactory("libze_loader_absent.so.1").open(0, 1));
        assertTrue(refused.getMessage().contains("libze_loader_absent.so.1 not found") &&
            refused.getMessage().contains("apt-get install libze1"), refused.getMessage());
    }

    @Test
    void shouldNameTheValueOfIshmemDeviceThatSelectsIt()
    {
        assertEquals("level-zero", new LevelZeroFactory().name());
    }

    @Test
    void shouldNameResultCodesFromTheBinding()
    {
        assertEquals("ZE_RESULT_ERROR_DEVICE_LOST (0x70000001)", ZeStatus.describe(0x70000001));
        assertEquals("ZE_RESULT_SUCCESS (0x0)", ZeStatus.describe(0));
        assertTrue(ZeStatus.describe(0x12345).startsWith("unknown ze_result_t"), ZeStatus.describe(0x12345));
    }
}
