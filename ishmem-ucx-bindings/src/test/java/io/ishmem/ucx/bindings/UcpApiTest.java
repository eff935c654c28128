package io.ishmem.ucx.bindings;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;

import static io.ishmem.ucx.bindings.UcpApi.C_INT;
import static io.ishmem.ucx.bindings.UcpApi.C_LONG;
import static io.ishmem.ucx.bindings.UcpApi.C_POINTER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The binding against the real {@code libucp.so.0}, in one process: a context and a worker, the worker's
 * address, and a put, a get and a fetching add through an endpoint to the worker itself (UCX's loopback
 * transport), with every status checked. Skipped where the library cannot be loaded, except in CI, where
 * {@code scripts/install-deps.sh} has installed it.
 */
class UcpApiTest
{
    private static final String LIBRARY = "libucp.so.0";
    private static final long TIMEOUT_NS = 10_000_000_000L;

    @BeforeAll
    static void requireLibrary()
    {
        try (Arena probe = Arena.ofConfined())
        {
            // the same lookup UcpApi makes at class init, where a failure would be an ExceptionInInitializerError
            SymbolLookup.libraryLookup(LIBRARY, probe);
        }
        catch (final IllegalArgumentException ex)
        {
            if (System.getenv("CI") != null)
            {
                throw new AssertionError(LIBRARY + " cannot be loaded: run scripts/install-deps.sh", ex);
            }
            Assumptions.abort(LIBRARY + " cannot be loaded (" + ex.getMessage() +
                "): install Debian's libucx0 (scripts/install-deps.sh does)");
        }
    }

    private static void check(final String call, final byte status)
    {
        assertEquals(UcpApi.UCS_OK(), status, () -> call + " failed: " + statusName(status));
    }

    private static String statusName(final byte status)
    {
        return UcpApi.ucs_status_string(status).getString(0) + " (" + status + ")";
    }

    /** Waits for a {@code ucs_status_ptr_t}: NULL is done, an error code fails, anything else is a request. */
    private static void await(final String call, final MemorySegment worker, final MemorySegment statusPtr)
    {
        // UCS_PTR_IS_ERR: error codes are the top addresses, from (uintptr_t)UCS_ERR_LAST up
        if (Long.compareUnsigned(statusPtr.address(), UcpApi.UCS_ERR_LAST()) >= 0)
        {
            throw new AssertionError(call + " failed: " + statusName((byte)statusPtr.address()));
        }
        if (statusPtr.equals(MemorySegment.NULL))
        {
            return;
        }
        final long deadlineNs = System.nanoTime() + TIMEOUT_NS;
        byte status;
        while ((status = UcpApi.ucp_request_check_status(statusPtr)) == UcpApi.UCS_INPROGRESS())
        {
            assertTrue(deadlineNs - System.nanoTime() > 0, () -> call + " still in progress after 10 s");
            UcpApi.ucp_worker_progress(worker);
        }
        UcpApi.ucp_request_free(statusPtr);
        check(call, status);
    }

    private static MemorySegment createContext(final Arena arena)
    {
        final MemorySegment configPtr = arena.allocate(C_POINTER);
        check("ucp_config_read", UcpApi.ucp_config_read(MemorySegment.NULL, MemorySegment.NULL, configPtr));
        final MemorySegment config = configPtr.get(C_POINTER, 0);
        final MemorySegment params = ucp_params_t.allocate(arena);
        ucp_params.field_mask(params, UcpApi.UCP_PARAM_FIELD_FEATURES());
        ucp_params.features(params, UcpApi.UCP_FEATURE_RMA() | UcpApi.UCP_FEATURE_AMO64());
        final MemorySegment contextPtr = arena.allocate(C_POINTER);
        final byte status = UcpApi.ucp_init_version(UcpApi.UCP_API_MAJOR(), UcpApi.UCP_API_MINOR(), params, config,
            contextPtr);
        UcpApi.ucp_config_release(config);
        check("ucp_init_version", status);
        return contextPtr.get(C_POINTER, 0);
    }

    private static MemorySegment createWorker(final Arena arena, final MemorySegment context)
    {
        final MemorySegment params = ucp_worker_params_t.allocate(arena);
        ucp_worker_params.field_mask(params, UcpApi.UCP_WORKER_PARAM_FIELD_THREAD_MODE());
        ucp_worker_params.thread_mode(params, UcpApi.UCS_THREAD_MODE_SINGLE());
        final MemorySegment workerPtr = arena.allocate(C_POINTER);
        check("ucp_worker_create", UcpApi.ucp_worker_create(context, params, workerPtr));
        return workerPtr.get(C_POINTER, 0);
    }

    @Test
    @Timeout(60)
    void shouldCreateAContextAndAWorkerAndGetTheWorkersAddress()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment major = arena.allocate(C_INT);
            final MemorySegment minor = arena.allocate(C_INT);
            UcpApi.ucp_get_version(major, minor, arena.allocate(C_INT));
            assertTrue(major.get(C_INT, 0) == UcpApi.UCP_API_MAJOR() && minor.get(C_INT, 0) >= UcpApi.UCP_API_MINOR(),
                () -> LIBRARY + " is UCX " + major.get(C_INT, 0) + "." + minor.get(C_INT, 0) + ", older than the " +
                    "header's API " + UcpApi.UCP_API_MAJOR() + "." + UcpApi.UCP_API_MINOR());
            final byte invalidParam = (byte)UcpApi.UCS_ERR_INVALID_PARAM();
            assertEquals("Invalid parameter", UcpApi.ucs_status_string(invalidParam).getString(0),
                "ucs_status_string, which libucs.so.0 exports, found through libucp.so.0");

            final MemorySegment context = createContext(arena);
            try
            {
                final MemorySegment worker = createWorker(arena, context);
                try
                {
                    final MemorySegment addressPtr = arena.allocate(C_POINTER);
                    final MemorySegment lengthPtr = arena.allocate(C_LONG);
                    check("ucp_worker_get_address", UcpApi.ucp_worker_get_address(worker, addressPtr, lengthPtr));
                    final long addressLength = lengthPtr.get(C_LONG, 0);
                    UcpApi.ucp_worker_release_address(worker, addressPtr.get(C_POINTER, 0));
                    assertTrue(addressLength > 0, "worker address length: " + addressLength);
                }
                finally
                {
                    UcpApi.ucp_worker_destroy(worker);
                }
            }
            finally
            {
                UcpApi.ucp_cleanup(context);
            }
        }
    }

    @Test
    @Timeout(60)
    void shouldPutGetAndFetchAddThroughAnEndpointToItsOwnWorker()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment context = createContext(arena);
            try
            {
                final MemorySegment worker = createWorker(arena, context);
                try
                {
                    rmaThroughLoopback(arena, context, worker);
                }
                finally
                {
                    UcpApi.ucp_worker_destroy(worker);
                }
            }
            finally
            {
                UcpApi.ucp_cleanup(context);
            }
        }
    }

    private static void rmaThroughLoopback(final Arena arena, final MemorySegment context, final MemorySegment worker)
    {
        final MemorySegment addressPtr = arena.allocate(C_POINTER);
        final MemorySegment lengthPtr = arena.allocate(C_LONG);
        check("ucp_worker_get_address", UcpApi.ucp_worker_get_address(worker, addressPtr, lengthPtr));
        final MemorySegment epParams = ucp_ep_params_t.allocate(arena);
        ucp_ep_params.field_mask(epParams, UcpApi.UCP_EP_PARAM_FIELD_REMOTE_ADDRESS());
        ucp_ep_params.address(epParams, addressPtr.get(C_POINTER, 0));
        final MemorySegment epPtr = arena.allocate(C_POINTER);
        final byte epStatus = UcpApi.ucp_ep_create(worker, epParams, epPtr);
        UcpApi.ucp_worker_release_address(worker, addressPtr.get(C_POINTER, 0));
        check("ucp_ep_create", epStatus);
        final MemorySegment ep = epPtr.get(C_POINTER, 0);

        // the "remote" memory: 8-byte words in native memory, registered with the context
        final MemorySegment heap = arena.allocate(64, 8);
        final MemorySegment mapParams = ucp_mem_map_params_t.allocate(arena);
        ucp_mem_map_params.field_mask(mapParams,
            UcpApi.UCP_MEM_MAP_PARAM_FIELD_ADDRESS() | UcpApi.UCP_MEM_MAP_PARAM_FIELD_LENGTH());
        ucp_mem_map_params.address(mapParams, heap);
        ucp_mem_map_params.length(mapParams, heap.byteSize());
        final MemorySegment memhPtr = arena.allocate(C_POINTER);
        check("ucp_mem_map", UcpApi.ucp_mem_map(context, mapParams, memhPtr));
        final MemorySegment memh = memhPtr.get(C_POINTER, 0);

        final MemorySegment rkeyBufferPtr = arena.allocate(C_POINTER);
        final MemorySegment rkeySizePtr = arena.allocate(C_LONG);
        check("ucp_rkey_pack", UcpApi.ucp_rkey_pack(context, memh, rkeyBufferPtr, rkeySizePtr));
        assertTrue(rkeySizePtr.get(C_LONG, 0) > 0, "packed rkey size");
        final MemorySegment rkeyPtr = arena.allocate(C_POINTER);
        final byte unpackStatus = UcpApi.ucp_ep_rkey_unpack(ep, rkeyBufferPtr.get(C_POINTER, 0), rkeyPtr);
        UcpApi.ucp_rkey_buffer_release(rkeyBufferPtr.get(C_POINTER, 0));
        check("ucp_ep_rkey_unpack", unpackStatus);
        final MemorySegment rkey = rkeyPtr.get(C_POINTER, 0);

        final MemorySegment param = ucp_request_param_t.allocate(arena);
        final MemorySegment local = arena.allocate(ValueLayout.JAVA_LONG);
        local.set(ValueLayout.JAVA_LONG, 0, 0x1234_5678_9abc_def0L);
        await("ucp_put_nbx", worker, UcpApi.ucp_put_nbx(ep, local, 8, heap.address() + 8, rkey, param));
        check("ucp_worker_fence", UcpApi.ucp_worker_fence(worker));

        local.set(ValueLayout.JAVA_LONG, 0, 0);
        await("ucp_get_nbx", worker, UcpApi.ucp_get_nbx(ep, local, 8, heap.address() + 8, rkey, param));
        assertEquals(0x1234_5678_9abc_def0L, local.get(ValueLayout.JAVA_LONG, 0), "got back what was put");

        // fetching add: the operand is read from buffer, the old value lands in reply_buffer
        final MemorySegment reply = arena.allocate(ValueLayout.JAVA_LONG);
        final MemorySegment atomicParam = ucp_request_param_t.allocate(arena);
        ucp_request_param_t.op_attr_mask(atomicParam,
            UcpApi.UCP_OP_ATTR_FIELD_DATATYPE() | UcpApi.UCP_OP_ATTR_FIELD_REPLY_BUFFER());
        // ucp_dt_make_contig(8), a macro
        ucp_request_param_t.datatype(atomicParam, (8L << UcpApi.UCP_DATATYPE_SHIFT()) | UcpApi.UCP_DATATYPE_CONTIG());
        ucp_request_param_t.reply_buffer(atomicParam, reply);
        heap.set(ValueLayout.JAVA_LONG, 16, 40);
        local.set(ValueLayout.JAVA_LONG, 0, 2);
        await("ucp_atomic_op_nbx", worker,
            UcpApi.ucp_atomic_op_nbx(ep, UcpApi.UCP_ATOMIC_OP_ADD(), local, 1, heap.address() + 16, rkey, atomicParam));
        await("ucp_worker_flush_nbx", worker, UcpApi.ucp_worker_flush_nbx(worker, param));
        assertEquals(40, reply.get(ValueLayout.JAVA_LONG, 0), "value before the add");
        assertEquals(42, heap.get(ValueLayout.JAVA_LONG, 16), "value after the add");
        assertEquals(0x1234_5678_9abc_def0L, heap.get(ValueLayout.JAVA_LONG, 8), "the put's word");

        UcpApi.ucp_rkey_destroy(rkey);
        check("ucp_mem_unmap", UcpApi.ucp_mem_unmap(context, memh));
        await("ucp_ep_close_nbx", worker, UcpApi.ucp_ep_close_nbx(ep, param));
    }
}
