package io.ishmem.core.device;

import io.ishmem.junit.MultiPeEnv;

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
}
