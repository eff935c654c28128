package io.ishmem.core.transport.ucx;

import io.ishmem.ucx.bindings.UcpApi;
import io.ishmem.ucx.bindings.ucp_request_param_t;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * One thread's operand, reply and request parameters for the atomics, p and g: no allocation per call.
 */
final class UcxScratch
{
    /** Bytes of the bounce buffer that Java-array sources and destinations go through. */
    static final long BOUNCE_BYTES = 64 * 1024;
    final MemorySegment bounce;
    final MemorySegment operand;
    final MemorySegment reply;
    final MemorySegment fetch8;
    final MemorySegment post8;
    final MemorySegment fetch4;
    final MemorySegment post4;

    UcxScratch()
    {
        // freed when the thread's scratch is collected
        final Arena auto = Arena.ofAuto();
        bounce = auto.allocate(BOUNCE_BYTES, Long.BYTES);
        operand = auto.allocate(Long.BYTES, Long.BYTES);
        reply = auto.allocate(Long.BYTES, Long.BYTES);
        fetch8 = param(auto, Long.BYTES, reply);
        post8 = param(auto, Long.BYTES, null);
        fetch4 = param(auto, Integer.BYTES, reply);
        post4 = param(auto, Integer.BYTES, null);
    }

    private static MemorySegment param(final Arena auto, final int size, final MemorySegment reply)
    {
        final MemorySegment param = ucp_request_param_t.allocate(auto);
        ucp_request_param_t.op_attr_mask(param, UcpApi.UCP_OP_ATTR_FIELD_DATATYPE() |
            (reply == null ? 0 : UcpApi.UCP_OP_ATTR_FIELD_REPLY_BUFFER()));
        // ucp_dt_make_contig(size), a macro
        ucp_request_param_t.datatype(param, ((long)size << UcpApi.UCP_DATATYPE_SHIFT()) |
            UcpApi.UCP_DATATYPE_CONTIG());
        if (reply != null)
        {
            ucp_request_param_t.reply_buffer(param, reply);
        }
        return param;
    }
}
