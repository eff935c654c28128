package io.ishmem.core.transport.ucx;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The UCP calls of the data path, with every pointer passed and returned as a {@code long}: the generated
 * binding's {@code MemorySegment} arguments and results cost an object per call (a slice, a returned
 * status pointer), and the signal hot path allocates nothing. Same symbols and ABI as
 * {@code io.ishmem.ucx.bindings.UcpApi} (a pointer is a 64-bit integer on the platforms UCX runs on);
 * set-up, close and errors go through the binding. Loaded only once {@link UcxTransport#requireLibrary}
 * has found the library.
 */
final class UcpCalls
{
    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup UCP = SymbolLookup.libraryLookup(UcxTransport.LIBRARY, Arena.global());
    private static final ValueLayout.OfLong PTR = ValueLayout.JAVA_LONG;

    private static final MethodHandle PUT_NBX = handle("ucp_put_nbx", FunctionDescriptor.of(PTR, PTR, PTR,
        ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, PTR, PTR));
    private static final MethodHandle GET_NBX = handle("ucp_get_nbx", FunctionDescriptor.of(PTR, PTR, PTR,
        ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, PTR, PTR));
    private static final MethodHandle ATOMIC_OP_NBX = handle("ucp_atomic_op_nbx", FunctionDescriptor.of(PTR, PTR,
        ValueLayout.JAVA_INT, PTR, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, PTR, PTR));
    private static final MethodHandle WORKER_FLUSH_NBX = handle("ucp_worker_flush_nbx",
        FunctionDescriptor.of(PTR, PTR, PTR));
    private static final MethodHandle WORKER_FENCE = handle("ucp_worker_fence",
        FunctionDescriptor.of(ValueLayout.JAVA_BYTE, PTR));
    private static final MethodHandle WORKER_PROGRESS = handle("ucp_worker_progress",
        FunctionDescriptor.of(ValueLayout.JAVA_INT, PTR));
    private static final MethodHandle REQUEST_CHECK_STATUS = handle("ucp_request_check_status",
        FunctionDescriptor.of(ValueLayout.JAVA_BYTE, PTR));
    private static final MethodHandle REQUEST_FREE = handle("ucp_request_free", FunctionDescriptor.ofVoid(PTR));

    private UcpCalls()
    {
    }

    private static MethodHandle handle(final String name, final FunctionDescriptor descriptor)
    {
        return LINKER.downcallHandle(UCP.findOrThrow(name), descriptor);
    }

    static long putNbx(final long ep, final long buffer, final long count, final long remoteAddr, final long rkey,
        final long param)
    {
        try
        {
            return (long)PUT_NBX.invokeExact(ep, buffer, count, remoteAddr, rkey, param);
        }
        catch (final Throwable ex)
        {
            throw new AssertionError("ucp_put_nbx", ex);
        }
    }

    static long getNbx(final long ep, final long buffer, final long count, final long remoteAddr, final long rkey,
        final long param)
    {
        try
        {
            return (long)GET_NBX.invokeExact(ep, buffer, count, remoteAddr, rkey, param);
        }
        catch (final Throwable ex)
        {
            throw new AssertionError("ucp_get_nbx", ex);
        }
    }

    static long atomicOpNbx(final long ep, final int opcode, final long buffer, final long count,
        final long remoteAddr, final long rkey, final long param)
    {
        try
        {
            return (long)ATOMIC_OP_NBX.invokeExact(ep, opcode, buffer, count, remoteAddr, rkey, param);
        }
        catch (final Throwable ex)
        {
            throw new AssertionError("ucp_atomic_op_nbx", ex);
        }
    }

    static long workerFlushNbx(final long worker, final long param)
    {
        try
        {
            return (long)WORKER_FLUSH_NBX.invokeExact(worker, param);
        }
        catch (final Throwable ex)
        {
            throw new AssertionError("ucp_worker_flush_nbx", ex);
        }
    }

    static byte workerFence(final long worker)
    {
        try
        {
            return (byte)WORKER_FENCE.invokeExact(worker);
        }
        catch (final Throwable ex)
        {
            throw new AssertionError("ucp_worker_fence", ex);
        }
    }

    static int workerProgress(final long worker)
    {
        try
        {
            return (int)WORKER_PROGRESS.invokeExact(worker);
        }
        catch (final Throwable ex)
        {
            throw new AssertionError("ucp_worker_progress", ex);
        }
    }

    static byte requestCheckStatus(final long request)
    {
        try
        {
            return (byte)REQUEST_CHECK_STATUS.invokeExact(request);
        }
        catch (final Throwable ex)
        {
            throw new AssertionError("ucp_request_check_status", ex);
        }
    }

    static void requestFree(final long request)
    {
        try
        {
            REQUEST_FREE.invokeExact(request);
        }
        catch (final Throwable ex)
        {
            throw new AssertionError("ucp_request_free", ex);
        }
    }
}
