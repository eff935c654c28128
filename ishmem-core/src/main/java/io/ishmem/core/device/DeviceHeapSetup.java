package io.ishmem.core.device;

import io.ishmem.IshmemConfigException;
import io.ishmem.IshmemException;
import io.ishmem.SymmetricHeapExhaustedException;
import io.ishmem.core.posix.LibC;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Collective over the job, at {@code init}: picks the device backend every PE can use, allocates each
 * PE's device heap, and maps every peer's heap into every PE through IPC. Each step ends with an
 * all-gather of one {@link DeviceRecord} per PE, so every PE sees the same outcome: all PEs get a device
 * heap, or all fail with the same PE and reason named, or (with {@code auto}) all go on without one.
 */
public final class DeviceHeapSetup
{
    /** {@code ISHMEM_DEVICE}: try every backend, in order, and go on without a device heap if none serves. */
    public static final String AUTO = "auto";
    /** {@code ISHMEM_DEVICE}: no device heap. */
    public static final String NONE = "none";

    private static final Logger LOG = LoggerFactory.getLogger(DeviceHeapSetup.class);

    private final int myPe;
    private final int nPes;
    private final NodeExchange exchange;
    private final MemorySegment record;

    private DeviceHeapSetup(final int myPe, final int nPes, final NodeExchange exchange, final Arena arena)
    {
        this.myPe = myPe;
        this.nPes = nPes;
        this.exchange = exchange;
        this.record = arena.allocate(DeviceRecord.BYTES, 64);
    }

    /**
     * @param mode      {@code ISHMEM_DEVICE}: auto, none, or a backend's {@link DeviceBackendFactory#name()}.
     * @param heapSize  bytes of device heap per PE.
     * @param factories the backends in the order {@code auto} tries them.
     * @return the device heap, or null when there is none (mode none, or auto and no backend serves
     *         every PE).
     */
    public static DeviceHeap open(final String mode, final long heapSize, final int myPe, final int nPes,
        final List<DeviceBackendFactory> factories, final NodeExchange exchange)
    {
        if (NONE.equals(mode))
        {
            return null;
        }
        final List<DeviceBackendFactory> candidates = new ArrayList<>();
        for (final DeviceBackendFactory factory : factories)
        {
            if (AUTO.equals(mode) || factory.name().equals(mode))
            {
                candidates.add(factory);
            }
        }
        if (candidates.isEmpty())
        {
            throw new IshmemConfigException("ISHMEM_DEVICE=" + mode + " is not one of " + choices(factories));
        }
        try (Arena arena = Arena.ofConfined())
        {
            return new DeviceHeapSetup(myPe, nPes, exchange, arena).open(mode, heapSize, candidates);
        }
    }

    private static String choices(final List<DeviceBackendFactory> factories)
    {
        final StringBuilder names = new StringBuilder(AUTO + ", " + NONE);
        for (final DeviceBackendFactory factory : factories)
        {
            names.append(", ").append(factory.name());
        }
        return names.toString();
    }

    private DeviceHeap open(final String mode, final long heapSize, final List<DeviceBackendFactory> candidates)
    {
        final StringBuilder refusals = new StringBuilder();
        for (final DeviceBackendFactory factory : candidates)
        {
            DeviceBackend backend = null;
            String reason = null;
            try
            {
                backend = factory.open(myPe, nPes);
            }
            catch (final DeviceUnavailableException | RuntimeException ex)
            {
                reason = ex.getMessage();
            }
            final String refusal = gatherFailure(reason);
            if (refusal == null)
            {
                return allocateAndMap(mode, factory.name(), backend, heapSize);
            }
            if (backend != null)
            {
                backend.close();
            }
            refusals.append(refusals.isEmpty() ? "" : "; ").append(factory.name()).append(": ").append(refusal);
        }
        if (AUTO.equals(mode))
        {
            // every PE saw the same refusals; one line for the job
            if (myPe == 0)
            {
                LOG.info("no device heap (ISHMEM_DEVICE=auto), the host heap serves alone: {}", refusals);
            }
            return null;
        }
        throw new IshmemConfigException("ISHMEM_DEVICE=" + mode + ": no device heap: " + refusals);
    }

    private DeviceHeap allocateAndMap(final String mode, final String api, final DeviceBackend backend,
        final long heapSize)
    {
        final long[] base = new long[nPes];
        IpcHandle exported = null;
        String reason = null;
        boolean exhausted = false;
        try
        {
            base[myPe] = backend.allocateHeap(heapSize);
            exported = backend.exportHeap(base[myPe], heapSize);
        }
        catch (final SymmetricHeapExhaustedException ex)
        {
            reason = ex.getMessage();
            exhausted = true;
        }
        catch (final RuntimeException ex)
        {
            reason = ex.getMessage();
        }
        DeviceRecord.clear(record);
        if (exported != null)
        {
            DeviceRecord.putHandle(record, exported, heapSize);
        }
        DeviceRecord.putStatus(record, reason == null ? DeviceRecord.STATUS_OK :
            exhausted ? DeviceRecord.STATUS_EXHAUSTED : DeviceRecord.STATUS_FAILED, reason);
        final MemorySegment[] records = exchange.allGather(record);
        String failure = firstFailure(records);
        if (failure == null)
        {
            failure = unequalHeapSize(records, heapSize);
        }
        if (failure != null)
        {
            if (exported != null)
            {
                backend.closeExport(exported);
            }
            backend.close();
            final String message = "device heap of " + heapSize + " bytes (ISHMEM_DEVICE_SYMMETRIC_SIZE) on " + api +
                ": " + failure;
            throw anyExhausted(records) ? new SymmetricHeapExhaustedException(message) : new IshmemException(message);
        }
        final IpcHandle[] handles = new IpcHandle[nPes];
        for (int pe = 0; pe < nPes; pe++)
        {
            handles[pe] = DeviceRecord.handle(records[pe]);
        }
        reason = mapPeers(backend, handles, heapSize, base);
        final String mapFailure = gatherFailure(reason);
        // every PE has mapped every heap (or given up): the exported descriptors have served
        backend.closeExport(exported);
        if (mapFailure != null)
        {
            unmapPeers(backend, base, heapSize);
            backend.close();
            final String message = "device heap IPC mapping on " + api + " failed: " + mapFailure;
            if (AUTO.equals(mode))
            {
                // a GPU serves every PE but the PEs cannot share heaps (pidfd_getfd refused, say): auto
                // means a device heap only where one works, so the host heap serves, and the log says why
                if (myPe == 0)
                {
                    LOG.warn("no device heap (ISHMEM_DEVICE=auto), the host heap serves alone: {}", message);
                }
                return null;
            }
            throw new IshmemException(message);
        }
        LOG.debug("PE {}: device heap of {} bytes on {}", myPe, heapSize, backend.describe());
        return new DeviceHeap(api, backend, new DeviceTransport(backend, base, myPe), heapSize);
    }

    private String mapPeers(final DeviceBackend backend, final IpcHandle[] handles, final long heapSize,
        final long[] base)
    {
        for (int pe = 0; pe < nPes; pe++)
        {
            if (pe == myPe)
            {
                continue;
            }
            int fd = -1;
            try
            {
                fd = exchange.importFd(pe, handles[pe].fd());
                final int imported = fd;
                fd = -1;
                // the backend owns the imported descriptor from here, also when the open fails
                base[pe] = backend.openPeer(handles[pe].withFd(imported), heapSize);
            }
            catch (final RuntimeException ex)
            {
                LibC.closeQuietly(fd);
                return "opening PE " + pe + "'s heap: " + ex.getMessage();
            }
        }
        return null;
    }

    private void unmapPeers(final DeviceBackend backend, final long[] base, final long heapSize)
    {
        for (int pe = 0; pe < nPes; pe++)
        {
            if (pe != myPe && base[pe] != 0)
            {
                backend.closePeer(base[pe], heapSize);
            }
        }
    }

    /**
     * @return null when every PE allocated {@code heapSize}, else the first PE that did not: each PE maps
     *         every peer's heap with its own size, so the sizes must agree.
     */
    private String unequalHeapSize(final MemorySegment[] records, final long heapSize)
    {
        for (int pe = 0; pe < nPes; pe++)
        {
            final long theirs = DeviceRecord.heapSize(records[pe]);
            if (theirs != heapSize)
            {
                return "PE " + pe + " has ISHMEM_DEVICE_SYMMETRIC_SIZE of " + theirs + " bytes, PE " + myPe + " of " +
                    heapSize + ": every PE must give the same size";
            }
        }
        return null;
    }

    private boolean anyExhausted(final MemorySegment[] records)
    {
        for (int pe = 0; pe < nPes; pe++)
        {
            if (DeviceRecord.status(records[pe]) == DeviceRecord.STATUS_EXHAUSTED)
            {
                return true;
            }
        }
        return false;
    }

    /**
     * All-gathers this PE's outcome.
     *
     * @return null when every PE succeeded, else the first failed PE and its reason.
     */
    private String gatherFailure(final String reason)
    {
        DeviceRecord.clear(record);
        DeviceRecord.putStatus(record, reason == null ? DeviceRecord.STATUS_OK : DeviceRecord.STATUS_FAILED, reason);
        return firstFailure(exchange.allGather(record));
    }

    private String firstFailure(final MemorySegment[] records)
    {
        final List<Integer> failed = new ArrayList<>();
        String first = null;
        for (int pe = 0; pe < nPes; pe++)
        {
            if (DeviceRecord.status(records[pe]) != DeviceRecord.STATUS_OK)
            {
                failed.add(pe);
                if (first == null)
                {
                    first = DeviceRecord.reason(records[pe]);
                }
            }
        }
        if (failed.isEmpty())
        {
            return null;
        }
        return (failed.size() == nPes ? "every PE" : "PE " + (failed.size() == 1 ? failed.getFirst() : failed)) +
            ": " + first;
    }
}
