package io.ishmem.core.transport.ucx;

import io.ishmem.NativeCallException;
import io.ishmem.ucx.bindings.UcpApi;
import io.ishmem.ucx.bindings.ucp_ep_params;
import io.ishmem.ucx.bindings.ucp_ep_params_t;
import io.ishmem.ucx.bindings.ucp_mem_map_params;
import io.ishmem.ucx.bindings.ucp_mem_map_params_t;
import io.ishmem.ucx.bindings.ucp_params;
import io.ishmem.ucx.bindings.ucp_params_t;
import io.ishmem.ucx.bindings.ucp_request_param_t;
import io.ishmem.ucx.bindings.ucp_worker_params;
import io.ishmem.ucx.bindings.ucp_worker_params_t;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static io.ishmem.ucx.bindings.UcpApi.C_LONG;
import static io.ishmem.ucx.bindings.UcpApi.C_POINTER;

/**
 * What {@link UcxTransport} reaches the PEs through: this PE's UCP context and worker, its mapping registered with
 * {@code ucp_mem_map}, the record it publishes (heap address, worker address, packed remote key), and, once
 * connected, an endpoint, an unpacked remote key and the heap's address for every PE. Made in {@link #start},
 * joined in {@link #connect}, freed in {@link #release}, whichever of them exist.
 */
final class UcxEndpoints
{
    private static final long BASE_OFFSET = 0;
    private static final long ADDRESS_LENGTH_OFFSET = BASE_OFFSET + Long.BYTES;
    private static final long RKEY_LENGTH_OFFSET = ADDRESS_LENGTH_OFFSET + Long.BYTES;
    private static final long ADDRESS_OFFSET = RKEY_LENGTH_OFFSET + Long.BYTES;

    private final UcxRequests requests;
    // freed at release: the record
    private final Arena arena = Arena.ofShared();
    final MemorySegment record;
    private MemorySegment context = MemorySegment.NULL;
    MemorySegment worker = MemorySegment.NULL;
    private MemorySegment memh = MemorySegment.NULL;
    MemorySegment[] endpoints = new MemorySegment[0];
    MemorySegment[] rkeys = new MemorySegment[0];
    long[] bases = new long[0];

    UcxEndpoints(final UcxRequests requests)
    {
        this.requests = requests;
        this.record = arena.allocate(UcxTransport.RECORD_BYTES, 8);
    }

    /**
     * Makes the context and the worker, registers {@code region} and fills the record.
     *
     * @param region    this PE's mapping, already made: registered as it is, not reallocated.
     * @param localHeap this PE's heap, the end of {@code region}: its address is the record's.
     */
    void start(final MemorySegment region, final MemorySegment localHeap)
    {
        try (Arena call = Arena.ofConfined())
        {
            final MemorySegment configPtr = call.allocate(C_POINTER);
            requests.check("ucp_config_read", UcpApi.ucp_config_read(MemorySegment.NULL, MemorySegment.NULL,
                configPtr));
            // UCX_TLS and UCX_ERROR_SIGNALS, unless the user set them, are UcxEnvironment's
            final MemorySegment config = configPtr.get(C_POINTER, 0);
            final MemorySegment params = ucp_params_t.allocate(call);
            ucp_params.field_mask(params, UcpApi.UCP_PARAM_FIELD_FEATURES());
            ucp_params.features(params,
                UcpApi.UCP_FEATURE_RMA() | UcpApi.UCP_FEATURE_AMO64() | UcpApi.UCP_FEATURE_AMO32());
            final MemorySegment contextPtr = call.allocate(C_POINTER);
            final byte initStatus = UcpApi.ucp_init_version(UcpApi.UCP_API_MAJOR(), UcpApi.UCP_API_MINOR(), params,
                config, contextPtr);
            UcpApi.ucp_config_release(config);
            requests.check("ucp_init_version", initStatus);
            context = contextPtr.get(C_POINTER, 0);

            final MemorySegment workerParams = ucp_worker_params_t.allocate(call);
            ucp_worker_params.field_mask(workerParams, UcpApi.UCP_WORKER_PARAM_FIELD_THREAD_MODE());
            // data calls come from any of the application's threads, and waits progress from theirs
            ucp_worker_params.thread_mode(workerParams, UcpApi.UCS_THREAD_MODE_MULTI());
            final MemorySegment workerPtr = call.allocate(C_POINTER);
            requests.check("ucp_worker_create", UcpApi.ucp_worker_create(context, workerParams, workerPtr));
            worker = workerPtr.get(C_POINTER, 0);
            requests.worker(worker.address());

            final MemorySegment mapParams = ucp_mem_map_params_t.allocate(call);
            ucp_mem_map_params.field_mask(mapParams,
                UcpApi.UCP_MEM_MAP_PARAM_FIELD_ADDRESS() | UcpApi.UCP_MEM_MAP_PARAM_FIELD_LENGTH());
            ucp_mem_map_params.address(mapParams, region);
            ucp_mem_map_params.length(mapParams, region.byteSize());
            final MemorySegment memhPtr = call.allocate(C_POINTER);
            requests.check("ucp_mem_map", UcpApi.ucp_mem_map(context, mapParams, memhPtr));
            memh = memhPtr.get(C_POINTER, 0);

            record.set(ValueLayout.JAVA_LONG, BASE_OFFSET, localHeap.address());
            final MemorySegment addressPtr = call.allocate(C_POINTER);
            final MemorySegment lengthPtr = call.allocate(C_LONG);
            requests.check("ucp_worker_get_address", UcpApi.ucp_worker_get_address(worker, addressPtr, lengthPtr));
            final long addressLength = lengthPtr.get(C_LONG, 0);
            final MemorySegment address = addressPtr.get(C_POINTER, 0).reinterpret(addressLength);
            final MemorySegment rkeyPtr = call.allocate(C_POINTER);
            final MemorySegment rkeyLengthPtr = call.allocate(C_LONG);
            final byte packStatus = UcpApi.ucp_rkey_pack(context, memh, rkeyPtr, rkeyLengthPtr);
            try
            {
                requests.check("ucp_rkey_pack", packStatus);
                final long rkeyLength = rkeyLengthPtr.get(C_LONG, 0);
                if (ADDRESS_OFFSET + addressLength + rkeyLength > UcxTransport.RECORD_BYTES)
                {
                    throw new NativeCallException("UCX worker address (" + addressLength + " bytes) and remote key (" +
                        rkeyLength + " bytes) do not fit the " + UcxTransport.RECORD_BYTES +
                        "-byte record PEs exchange", 0);
                }
                record.set(ValueLayout.JAVA_LONG, ADDRESS_LENGTH_OFFSET, addressLength);
                record.set(ValueLayout.JAVA_LONG, RKEY_LENGTH_OFFSET, rkeyLength);
                MemorySegment.copy(address, 0, record, ADDRESS_OFFSET, addressLength);
                MemorySegment.copy(rkeyPtr.get(C_POINTER, 0).reinterpret(rkeyLength), 0, record,
                    ADDRESS_OFFSET + addressLength, rkeyLength);
            }
            finally
            {
                UcpApi.ucp_worker_release_address(worker, address);
                if (packStatus == UcpApi.UCS_OK())
                {
                    UcpApi.ucp_rkey_buffer_release(rkeyPtr.get(C_POINTER, 0));
                }
            }
        }
    }

    /** @return the leading bytes of the record that hold something: what a rendezvous needs to carry. */
    long recordLength()
    {
        return ADDRESS_OFFSET + record.get(ValueLayout.JAVA_LONG, ADDRESS_LENGTH_OFFSET) +
            record.get(ValueLayout.JAVA_LONG, RKEY_LENGTH_OFFSET);
    }

    /**
     * Connects to every PE (this one included) from their records; on failure the caller closes.
     *
     * @param records every PE's record, by world PE.
     */
    void connect(final MemorySegment[] records)
    {
        final int nPes = records.length;
        endpoints = new MemorySegment[nPes];
        rkeys = new MemorySegment[nPes];
        bases = new long[nPes];
        try (Arena call = Arena.ofConfined())
        {
            final MemorySegment epParams = ucp_ep_params_t.allocate(call);
            final MemorySegment epPtr = call.allocate(C_POINTER);
            final MemorySegment rkeyPtr = call.allocate(C_POINTER);
            for (int pe = 0; pe < nPes; pe++)
            {
                final MemorySegment peer = records[pe];
                bases[pe] = peer.get(ValueLayout.JAVA_LONG, BASE_OFFSET);
                final long addressLength = peer.get(ValueLayout.JAVA_LONG, ADDRESS_LENGTH_OFFSET);
                final long rkeyLength = peer.get(ValueLayout.JAVA_LONG, RKEY_LENGTH_OFFSET);
                final MemorySegment address = call.allocate(addressLength, 8);
                MemorySegment.copy(peer, ADDRESS_OFFSET, address, 0, addressLength);
                final MemorySegment rkey = call.allocate(rkeyLength, 8);
                MemorySegment.copy(peer, ADDRESS_OFFSET + addressLength, rkey, 0, rkeyLength);
                ucp_ep_params.field_mask(epParams, UcpApi.UCP_EP_PARAM_FIELD_REMOTE_ADDRESS());
                ucp_ep_params.address(epParams, address);
                requests.check("ucp_ep_create(PE " + pe + ")", UcpApi.ucp_ep_create(worker, epParams, epPtr));
                endpoints[pe] = epPtr.get(C_POINTER, 0);
                requests.check("ucp_ep_rkey_unpack(PE " + pe + ")",
                    UcpApi.ucp_ep_rkey_unpack(endpoints[pe], rkey, rkeyPtr));
                rkeys[pe] = rkeyPtr.get(C_POINTER, 0);
            }
        }
    }

    /**
     * Releases the remote keys, endpoints, registration, worker and context, whichever exist, and the record; every
     * PE has quieted and passed the close barrier, so no peer still reaches this heap.
     */
    void release()
    {
        for (final MemorySegment rkey : rkeys)
        {
            if (rkey != null)
            {
                UcpApi.ucp_rkey_destroy(rkey);
            }
        }
        try (Arena call = Arena.ofConfined())
        {
            final MemorySegment closeParam = ucp_request_param_t.allocate(call);
            ucp_request_param_t.op_attr_mask(closeParam, UcpApi.UCP_OP_ATTR_FIELD_FLAGS());
            // forced: the peers may already have closed their workers, so a flushing close could wait for ever
            ucp_request_param_t.flags(closeParam, UcpApi.UCP_EP_CLOSE_FLAG_FORCE());
            for (final MemorySegment endpoint : endpoints)
            {
                if (endpoint != null)
                {
                    closeQuietly(UcpApi.ucp_ep_close_nbx(endpoint, closeParam));
                }
            }
        }
        if (!memh.equals(MemorySegment.NULL))
        {
            UcpApi.ucp_mem_unmap(context, memh);
        }
        if (!worker.equals(MemorySegment.NULL))
        {
            UcpApi.ucp_worker_destroy(worker);
        }
        if (!context.equals(MemorySegment.NULL))
        {
            UcpApi.ucp_cleanup(context);
        }
        arena.close();
    }

    private void closeQuietly(final MemorySegment statusPtr)
    {
        if (statusPtr.address() == 0 || Long.compareUnsigned(statusPtr.address(), UcpApi.UCS_ERR_LAST()) >= 0)
        {
            return;
        }
        final long deadlineNs = System.nanoTime() + 1_000_000_000L;
        while (UcpApi.ucp_request_check_status(statusPtr) == UcpApi.UCS_INPROGRESS() &&
            deadlineNs - System.nanoTime() > 0)
        {
            UcpApi.ucp_worker_progress(worker);
        }
        UcpApi.ucp_request_free(statusPtr);
    }
}
