package io.ishmem.core.device;

import io.ishmem.junit.MultiPeEnv;

import static io.ishmem.core.device.ZeTestDriver.LEVEL_ZERO;
import static io.ishmem.core.device.ZeTestDriver.PARAMETER_VALIDATION;
import static io.ishmem.core.device.ZeTestDriver.VALIDATION;

/**
 * The device suite on Level Zero, through the real loader with its validation layer on, so a wrong structure
 * type or a null handle fails the test; surefire points the loader at the project's test driver
 * ({@link ZeTestDriver}), or at the machine's own driver under {@code -Dze.test.driver=}.
 */
@MultiPeEnv({VALIDATION, PARAMETER_VALIDATION, LEVEL_ZERO})
class LevelZeroDeviceSuiteTest extends DeviceSuite
{
}
