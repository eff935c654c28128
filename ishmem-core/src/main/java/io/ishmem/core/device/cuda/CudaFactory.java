package io.ishmem.core.device.cuda;

import io.ishmem.core.device.DeviceBackend;
import io.ishmem.core.device.DeviceBackendFactory;
import io.ishmem.core.device.DeviceUnavailableException;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;

/**
 * Opens the CUDA backend after checking, in order, that the driver library is installed, that the
 * driver initialises and is new enough for VMM handles, that a GPU is visible ({@code CUDA_VISIBLE_DEVICES}
 * applies, as the driver reads it), and that the PE's GPU can share memory as POSIX file descriptors and
 * run 64-bit stream memory operations; each refusal says which failed and what to do.
 */
public final class CudaFactory implements DeviceBackendFactory
{
    /** The driver's run-time name: the NVIDIA driver installs it; the CUDA toolkit is not needed. */
    static final String DRIVER_LIBRARY = "libcuda.so.1";

    private final String library;

    public CudaFactory()
    {
        this(DRIVER_LIBRARY);
    }

    /**
     * @param library the library to probe for; tests name a missing one.
     */
    CudaFactory(final String library)
    {
        this.library = library;
    }

    @Override
    public String name()
    {
        return "cuda";
    }

    @Override
    public DeviceBackend open(final int localIndex, final int localCount) throws DeviceUnavailableException
    {
        try
        {
            // probe first: the binding's class initialisation would fail on a missing library with no reason
            SymbolLookup.libraryLookup(library, Arena.global());
        }
        catch (final IllegalArgumentException ex)
        {
            throw new DeviceUnavailableException("CUDA driver library " + library + " not found: install the NVIDIA " +
                "driver (it ships " + DRIVER_LIBRARY + "; the CUDA toolkit is not needed)");
        }
        return CudaBackend.open(CudaDiscovery.find(localIndex));
    }
}
