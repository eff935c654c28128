package io.ishmem.core.device;

import io.ishmem.Cmp;
import io.ishmem.DeviceMemory;
import io.ishmem.Ishmem;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeEnv;
import io.ishmem.junit.MultiPeTest;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static io.ishmem.core.device.ZeTestDriver.DEVICE_HEAP;
import static io.ishmem.core.device.ZeTestDriver.LEVEL_ZERO;
import static io.ishmem.core.device.ZeTestDriver.PARAMETER_VALIDATION;
import static io.ishmem.core.device.ZeTestDriver.VALIDATION;

/**
 * Misuse of device memory on Level Zero, with the loader's validation layer on, as in
 * {@link LevelZeroDeviceSuiteTest}.
 */
@MultiPeEnv({VALIDATION, PARAMETER_VALIDATION, LEVEL_ZERO})
class LevelZeroDeviceBadInputTest extends DeviceBadInputSuite
{
    @MultiPeTest(pes = {2}, timeoutSeconds = 120, env = DEVICE_HEAP)
    void shouldSayTheOnQueueFormsNeedCudaForNow(final Ishmem shmem)
    {
        final DeviceMemory device = shmem.device().orElseThrow();
        final SymmetricSegment data = device.malloc(64);
        final SymmetricSegment sig = device.calloc(1, ValueLayout.JAVA_LONG);
        final MemorySegment queue = device.handles().queue();
        final String why = "need CUDA";
        assertMessage(UnsupportedOperationException.class, why, () -> device.putOnQueue(queue, data, 0, data, 0, 8, 1));
        assertMessage(UnsupportedOperationException.class, why, () -> device.getOnQueue(queue, data, 0, data, 0, 8, 1));
        assertMessage(UnsupportedOperationException.class, why, () -> device.putSignalOnQueue(queue, data, 8, data, 0,
            8, sig, 0, 1, SignalOp.SET, 1));
        assertMessage(UnsupportedOperationException.class, why, () -> device.signalWaitUntilOnQueue(queue, sig, 0,
            Cmp.EQ, 1));
        assertMessage(UnsupportedOperationException.class, why, () -> device.quietOnQueue(queue));
        shmem.barrierAll();
        device.free(sig);
        device.free(data);
    }
}
