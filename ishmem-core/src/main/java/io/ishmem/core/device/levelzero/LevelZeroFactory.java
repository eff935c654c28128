package io.ishmem.core.device.levelzero;

import io.ishmem.core.device.DeviceBackend;
import io.ishmem.core.device.DeviceBackendFactory;
import io.ishmem.core.device.DeviceUnavailableException;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Opens the Level Zero backend after checking, in order, that the loader library is installed, that a
 * driver answers, and that it has a GPU; each refusal says which of these failed and what to do.
 */
public final class LevelZeroFactory implements DeviceBackendFactory
{
    /** The loader's run-time name: Debian's libze1 installs it, and nothing else is needed at run time. */
    static final String LOADER = "libze_loader.so.1";

    private final String loader;

    public LevelZeroFactory()
    {
        this(LOADER);
    }

    /**
     * @param loader the library to probe for; tests name a missing one.
     */
    LevelZeroFactory(final String loader)
    {
        this.loader = loader;
    }

    @Override
    public String name()
    {
        return "level-zero";
    }

    @Override
    public DeviceBackend open(final int localIndex, final int localCount) throws DeviceUnavailableException
    {
        try
        {
            // probe first, so a missing loader is a clear refusal rather than a failed class initialisation
            SymbolLookup.libraryLookup(loader, Arena.global());
        }
        catch (final IllegalArgumentException ex)
        {
            throw new DeviceUnavailableException("Level Zero loader " + loader +
                " not found: install it (Debian/Ubuntu: apt-get install libze1; or Intel's level-zero package)");
        }
        return LevelZeroBackend.open(localIndex, loaderVersion());
    }

    /**
     * @return the loader's file as mapped into this process, e.g. "libze_loader.so.1.8.0" (its version
     *         in the name, which is how the loader package ships it).
     */
    static String loaderVersion()
    {
        try
        {
            final List<String> maps = Files.readAllLines(Path.of("/proc/self/maps"));
            for (final String line : maps)
            {
                final int at = line.indexOf('/');
                if (at >= 0 && line.contains("libze_loader.so"))
                {
                    final Path file = Path.of(line.substring(at).trim());
                    return file.toRealPath().getFileName().toString();
                }
            }
        }
        catch (final IOException | RuntimeException ignored)
        {
            // the version only decorates the message
        }
        return LOADER;
    }
}
