package io.ishmem.core.device;

import io.ishmem.junit.MultiPeEnv;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Misuse of device memory on NVIDIA GPUs; skipped, saying why, where there is none, as
 * {@link CudaDeviceSuiteTest}.
 */
@MultiPeEnv("ISHMEM_DEVICE=cuda")
@ExtendWith(NvidiaGpu.Required.class)
class CudaDeviceBadInputTest extends DeviceBadInputSuite
{
}
