package io.ishmem.core.device;

import io.ishmem.junit.MultiPeEnv;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The device suite on NVIDIA GPUs; skipped, saying why, where there is none. scripts/gpu-suite.sh runs it on
 * a GPU machine.
 */
@MultiPeEnv("ISHMEM_DEVICE=cuda")
@ExtendWith(NvidiaGpu.Required.class)
class CudaDeviceSuiteTest extends DeviceSuite
{
}
