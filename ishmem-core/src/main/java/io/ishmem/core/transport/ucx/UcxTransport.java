package io.ishmem.core.transport.ucx;

import io.ishmem.AmoOp;
import io.ishmem.IshmemConfigException;
import io.ishmem.SignalOp;
import io.ishmem.core.transport.RemoteControl;
import io.ishmem.core.transport.Transport;
import io.ishmem.core.wait.Liveness;
import io.ishmem.core.wait.Progress;
import io.ishmem.ucx.bindings.UcpApi;
import io.ishmem.ucx.bindings.ucp_request_param_t;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.lang.ref.Reference;

/**
 * The host heaps of the job's PEs reached through UCX: one UCP context and worker per PE, this PE's heap
 * (the memfd mapping it already has) registered with {@code ucp_mem_map}, an endpoint and an unpacked
 * remote key per PE (this one included, through UCX's loopback). Every call waits for its request: a put
 * returns once its source may be reused, a get or a fetching atomic with the data; remote completion comes
 * with {@link #quiet} ({@code ucp_worker_flush_nbx}). The worker is thread-safe
 * ({@code UCS_THREAD_MODE_MULTI}): the runtime's data calls come from any thread.
 *
 * <p>Life: {@link #open} (context, worker, registration), {@link #record} published to every PE by the
 * runtime, {@link #connect} with every PE's record, {@link #close}; a failure at any step releases what
 * was made.
 */
public final class UcxTransport implements Transport, Progress, AutoCloseable
{
    /** The library UCX's UCP API is loaded from. */
    public static final String LIBRARY = "libucp.so.0";
    /**
     * Bytes of the record each PE publishes: heap base address, address and key lengths, then the worker
     * address and the packed remote key.
     */
    public static final long RECORD_BYTES = 16384;
    /** The transports UCX may use unless {@code UCX_TLS} says otherwise: all but the loopback {@code self}. */
    public static final String DEFAULT_TLS = "^self";
    /**
     * A poll of a word progresses the worker one time in 8: often enough that a PE polling without idling
     * serves its peers, rarely enough that threads spinning on words do not queue on the worker's lock.
     */
    private static final int LOAD_PROGRESS_MASK = 7;
    /** How long close waits for calls of other threads to leave UCX. */
    private static final long DRAIN_NS = 10_000_000_000L;
    private static final Logger LOG = LoggerFactory.getLogger(UcxTransport.class);
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private final int myPe;
    /** What is registered: this PE's control block and heap, one mapping, so peers on other nodes reach both. */
    private final MemorySegment region;
    private final MemorySegment localHeap;
    // freed at close: the struct below
    private final Arena arena = Arena.ofShared();
    private final MemorySegment plainParam;
    private final ThreadLocal<UcxScratch> scratch;
    private boolean closed;
    /** Counts the calls inside UCX (made through {@link GatedUcxTransport}), so close frees nothing under one. */
    private final CallGate gate = new CallGate();
    private final UcxRequests requests;
    /** The context, worker, registration, record and per-PE endpoints, remote keys and heap addresses. */
    private final UcxEndpoints ucp;
    /**
     * Loads since start, counted without synchronisation (a lost count only shifts when the next progress
     * comes): one load in {@code LOAD_PROGRESS_MASK + 1} progresses the worker.
     */
    private int loads;

    private UcxTransport(final int myPe, final MemorySegment region, final MemorySegment localHeap)
    {
        this.myPe = myPe;
        this.region = region;
        this.localHeap = localHeap;
        this.plainParam = ucp_request_param_t.allocate(arena);
        this.scratch = ThreadLocal.withInitial(UcxScratch::new);
        this.requests = new UcxRequests(myPe, gate);
        this.ucp = new UcxEndpoints(requests);
    }

    /**
     * Checks that {@value #LIBRARY} can be loaded, before the binding's class initialises (where a missing
     * library would be an {@code ExceptionInInitializerError}).
     *
     * @throws IshmemConfigException naming the library and why it is missing.
     */
    public static void requireLibrary()
    {
        UcxEnvironment.prepare();
        try (Arena probe = Arena.ofConfined())
        {
            SymbolLookup.libraryLookup(LIBRARY, probe);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IshmemConfigException("ISHMEM_TRANSPORT=ucx but " + LIBRARY + " cannot be loaded (" +
                ex.getMessage() + "): install UCX (Debian's libucx0; scripts/install-deps.sh does)");
        }
    }

    /**
     * Makes this PE's context and worker and registers its heap; collective only in that every PE then
     * publishes {@link #record()} and calls {@link #connect}.
     *
     * @param myPe      this PE.
     * @param region    this PE's mapping, already made: registered as it is, not reallocated.
     * @param localHeap this PE's heap, the end of {@code region}: the offsets of the data calls count from it.
     * @return the transport, not yet connected.
     */
    public static UcxTransport open(final int myPe, final MemorySegment region, final MemorySegment localHeap)
    {
        if (localHeap.address() < region.address() ||
            localHeap.address() + localHeap.byteSize() > region.address() + region.byteSize())
        {
            throw new IllegalArgumentException("the heap is not inside the registered region");
        }
        requireLibrary();
        final UcxTransport transport = new UcxTransport(myPe, region, localHeap);
        try
        {
            transport.ucp.start(region, localHeap);
            return transport;
        }
        catch (final RuntimeException ex)
        {
            transport.close();
            throw ex;
        }
    }

    /**
     * @return this PE's record of {@link #RECORD_BYTES}, for every PE's {@link #connect}.
     */
    public MemorySegment record()
    {
        return ucp.record;
    }

    /**
     * @param liveness the job's: a request still in progress fails when a peer does, instead of waiting out its
     *                 timeout.
     */
    public void watch(final Liveness liveness)
    {
        requests.watch(liveness);
    }

    /** @return the leading bytes of {@link #record()} that hold something: what a rendezvous needs to carry. */
    public long recordLength()
    {
        return ucp.recordLength();
    }

    /**
     * @return the control blocks of the peers through this transport: a control block sits right before its heap
     *         in the registered mapping, the same length on every PE, so its words are reached at negative heap
     *         offsets.
     */
    public RemoteControl control()
    {
        return new UcxControl(this, localHeap.address() - region.address());
    }

    /**
     * Connects to every PE (this one included) from their records; on failure the caller closes.
     *
     * @param records every PE's {@link #record()}, by world PE.
     */
    public void connect(final MemorySegment[] records)
    {
        ucp.connect(records);
    }

    // ---------------------------------------------------------------- data

    @Override
    public void put(final int pe, final long destAt, final MemorySegment src, final long srcOffset, final long bytes)
    {
        if (bytes == 0)
        {
            return;
        }
        if (src.isNative())
        {
            checkUsable(src, false);
            requests.await("ucp_put_nbx", UcpCalls.putNbx(ucp.endpoints[pe].address(), src.address() + srcOffset, bytes,
                ucp.bases[pe] + destAt, ucp.rkeys[pe].address(), plainParam.address()));
            // an automatic arena's memory stays until its segment is unreachable: not before UCX has read it
            Reference.reachabilityFence(src);
            return;
        }
        // UCX reads native memory only: a Java array goes through this thread's native bounce buffer, a
        // chunk at a time (each put waits for its source to be free before the next chunk is copied in)
        final MemorySegment bounce = scratch.get().bounce;
        for (long done = 0; done < bytes; done += UcxScratch.BOUNCE_BYTES)
        {
            final long chunk = Math.min(UcxScratch.BOUNCE_BYTES, bytes - done);
            MemorySegment.copy(src, srcOffset + done, bounce, 0, chunk);
            requests.await("ucp_put_nbx", UcpCalls.putNbx(ucp.endpoints[pe].address(), bounce.address(), chunk,
                ucp.bases[pe] + destAt + done, ucp.rkeys[pe].address(), plainParam.address()));
        }
    }

    @Override
    public void get(final MemorySegment dest, final long destOffset, final int pe, final long srcAt, final long bytes)
    {
        if (bytes == 0)
        {
            return;
        }
        if (dest.isNative())
        {
            checkUsable(dest, true);
            requests.await("ucp_get_nbx", UcpCalls.getNbx(ucp.endpoints[pe].address(), dest.address() + destOffset,
                bytes, ucp.bases[pe] + srcAt, ucp.rkeys[pe].address(), plainParam.address()));
            Reference.reachabilityFence(dest);
            return;
        }
        final MemorySegment bounce = scratch.get().bounce;
        for (long done = 0; done < bytes; done += UcxScratch.BOUNCE_BYTES)
        {
            final long chunk = Math.min(UcxScratch.BOUNCE_BYTES, bytes - done);
            requests.await("ucp_get_nbx", UcpCalls.getNbx(ucp.endpoints[pe].address(), bounce.address(), chunk,
                ucp.bases[pe] + srcAt + done, ucp.rkeys[pe].address(), plainParam.address()));
            MemorySegment.copy(bounce, 0, dest, destOffset + done, chunk);
        }
    }

    /**
     * The checks a JDK copy would make, which UCX, reading and writing by address, does not: the exceptions are
     * the JDK's, which the API layer turns into messages naming the call and argument. A shared arena closed
     * by another thread while UCX still reads is not caught, as it is not in C.
     */
    private static void checkUsable(final MemorySegment segment, final boolean written)
    {
        if (!segment.scope().isAlive())
        {
            throw new IllegalStateException("Already closed");
        }
        if (!segment.isAccessibleBy(Thread.currentThread()))
        {
            throw new WrongThreadException("Attempted access outside owning thread");
        }
        if (written && segment.isReadOnly())
        {
            throw new IllegalArgumentException("Attempt to write a read-only segment");
        }
    }

    @Override
    public void putFromHeap(final int pe, final long destAt, final long srcAt, final long bytes)
    {
        if (bytes != 0)
        {
            requests.await("ucp_put_nbx", UcpCalls.putNbx(ucp.endpoints[pe].address(), localHeap.address() + srcAt,
                bytes, ucp.bases[pe] + destAt, ucp.rkeys[pe].address(), plainParam.address()));
        }
    }

    @Override
    public void getIntoHeap(final long destAt, final int pe, final long srcAt, final long bytes)
    {
        if (bytes != 0)
        {
            requests.await("ucp_get_nbx", UcpCalls.getNbx(ucp.endpoints[pe].address(), localHeap.address() + destAt,
                bytes, ucp.bases[pe] + srcAt, ucp.rkeys[pe].address(), plainParam.address()));
        }
    }

    @Override
    public void p(final int pe, final long at, final long bits, final int size)
    {
        final UcxScratch s = scratch.get();
        // little-endian: the low size bytes of the long are its first size bytes
        s.operand.set(ValueLayout.JAVA_LONG, 0, bits);
        requests.await("ucp_put_nbx", UcpCalls.putNbx(ucp.endpoints[pe].address(), s.operand.address(), size,
            ucp.bases[pe] + at, ucp.rkeys[pe].address(), plainParam.address()));
    }

    @Override
    public long g(final int pe, final long at, final int size)
    {
        final UcxScratch s = scratch.get();
        s.reply.set(ValueLayout.JAVA_LONG, 0, 0L);
        requests.await("ucp_get_nbx", UcpCalls.getNbx(ucp.endpoints[pe].address(), s.reply.address(), size,
            ucp.bases[pe] + at, ucp.rkeys[pe].address(), plainParam.address()));
        final long bits = s.reply.get(ValueLayout.JAVA_LONG, 0);
        return size == Long.BYTES ? bits : bits & ((1L << (size * 8)) - 1);
    }

    @Override
    public long loadAcquire(final long at, final int size)
    {
        // every poll of a signal or wait word serves the peers: their emulated atomics on this PE's memory
        // run only when this worker is progressed, and a caller may poll without ever idling (signalFetch, test)
        if ((++loads & LOAD_PROGRESS_MASK) == 0)
        {
            UcpCalls.workerProgress(ucp.worker.address());
        }
        // UCX writes into this PE's own mapping; acquire pairs with the atomic that updated the word, which
        // the writer issued after a ucp_worker_fence behind its payload
        return size == Integer.BYTES ? Integer.toUnsignedLong((int)INT.getAcquire(localHeap, at)) :
            (long)LONG.getAcquire(localHeap, at);
    }

    @Override
    public void putSignal(final int pe, final long destAt, final MemorySegment src, final long srcOffset,
        final long bytes, final long sigAt, final long signal, final SignalOp op)
    {
        put(pe, destAt, src, srcOffset, bytes);
        // the payload lands before the signal: a reader that sees the signal sees the data
        requests.check("ucp_worker_fence", UcpCalls.workerFence(ucp.worker.address()));
        signalUpdate(pe, sigAt, signal, op);
    }

    @Override
    public void putSignalFromHeap(final int pe, final long destAt, final long srcAt, final long bytes,
        final long sigAt, final long signal, final SignalOp op)
    {
        putFromHeap(pe, destAt, srcAt, bytes);
        requests.check("ucp_worker_fence", UcpCalls.workerFence(ucp.worker.address()));
        signalUpdate(pe, sigAt, signal, op);
    }

    @Override
    public void signalSet(final int pe, final long sigAt, final long value)
    {
        // an atomic swap, not a put: the word is also the target of other PEs' atomic adds
        atomicOp(UcpApi.UCP_ATOMIC_OP_SWAP(), true, pe, sigAt, Long.BYTES, value, 0L);
    }

    @Override
    public void signalAdd(final int pe, final long sigAt, final long value)
    {
        atomicOp(UcpApi.UCP_ATOMIC_OP_ADD(), false, pe, sigAt, Long.BYTES, value, 0L);
    }

    @Override
    public long atomic(final AmoOp op, final int pe, final long at, final int size, final long value,
        final long compare)
    {
        final long old = switch (op)
        {
            case FETCH_ADD -> atomicOp(UcpApi.UCP_ATOMIC_OP_ADD(), true, pe, at, size, value, 0L);
            case ADD -> atomicOp(UcpApi.UCP_ATOMIC_OP_ADD(), false, pe, at, size, value, 0L);
            case FETCH_INC -> atomicOp(UcpApi.UCP_ATOMIC_OP_ADD(), true, pe, at, size, 1L, 0L);
            case INC -> atomicOp(UcpApi.UCP_ATOMIC_OP_ADD(), false, pe, at, size, 1L, 0L);
            // a fetching add of zero reads the word atomically with every other operation on it
            case FETCH -> atomicOp(UcpApi.UCP_ATOMIC_OP_ADD(), true, pe, at, size, 0L, 0L);
            case SET -> atomicOp(UcpApi.UCP_ATOMIC_OP_SWAP(), true, pe, at, size, value, 0L);
            case SWAP -> atomicOp(UcpApi.UCP_ATOMIC_OP_SWAP(), true, pe, at, size, value, 0L);
            // UCX's CSWAP compares the word with its operand and, when equal, stores what the reply buffer holds
            case COMPARE_SWAP -> atomicOp(UcpApi.UCP_ATOMIC_OP_CSWAP(), true, pe, at, size, compare, value);
            case FETCH_AND -> atomicOp(UcpApi.UCP_ATOMIC_OP_AND(), true, pe, at, size, value, 0L);
            case AND -> atomicOp(UcpApi.UCP_ATOMIC_OP_AND(), false, pe, at, size, value, 0L);
            case FETCH_OR -> atomicOp(UcpApi.UCP_ATOMIC_OP_OR(), true, pe, at, size, value, 0L);
            case OR -> atomicOp(UcpApi.UCP_ATOMIC_OP_OR(), false, pe, at, size, value, 0L);
            case FETCH_XOR -> atomicOp(UcpApi.UCP_ATOMIC_OP_XOR(), true, pe, at, size, value, 0L);
            case XOR -> atomicOp(UcpApi.UCP_ATOMIC_OP_XOR(), false, pe, at, size, value, 0L);
        };
        return fetches(op) ? old : 0L;
    }

    private static boolean fetches(final AmoOp op)
    {
        return op != AmoOp.ADD && op != AmoOp.INC && op != AmoOp.SET && op != AmoOp.AND && op != AmoOp.OR &&
            op != AmoOp.XOR;
    }

    /**
     * One {@code ucp_atomic_op_nbx}, waited for.
     *
     * @param operand what {@code buffer} holds: the operand, or the comparand of a compare-and-swap.
     * @param replyIn what the reply buffer holds before the call: the new value of a compare-and-swap.
     * @return the old value, sign-extended from {@code size} bytes, when {@code fetch}; else 0.
     */
    private long atomicOp(final int opcode, final boolean fetch, final int pe, final long at, final int size,
        final long operand, final long replyIn)
    {
        final UcxScratch s = scratch.get();
        s.operand.set(ValueLayout.JAVA_LONG, 0, operand);
        // the old value replaces it
        s.reply.set(ValueLayout.JAVA_LONG, 0, replyIn);
        final MemorySegment param = size == Long.BYTES ? (fetch ? s.fetch8 : s.post8) : (fetch ? s.fetch4 : s.post4);
        requests.await("ucp_atomic_op_nbx", UcpCalls.atomicOpNbx(ucp.endpoints[pe].address(), opcode,
            s.operand.address(), 1, ucp.bases[pe] + at, ucp.rkeys[pe].address(), param.address()));
        if (!fetch)
        {
            return 0L;
        }
        return size == Long.BYTES ? s.reply.get(ValueLayout.JAVA_LONG, 0) : s.reply.get(ValueLayout.JAVA_INT, 0);
    }

    @Override
    public void fence()
    {
        requests.check("ucp_worker_fence", UcpCalls.workerFence(ucp.worker.address()));
    }

    @Override
    public void quiet()
    {
        if (!ucp.worker.equals(MemorySegment.NULL))
        {
            requests.await("ucp_worker_flush_nbx", UcpCalls.workerFlushNbx(ucp.worker.address(), plainParam.address()));
        }
        // and this PE's own loads after it see what arrived before it
        VarHandle.fullFence();
    }

    @Override
    public void progress()
    {
        UcpCalls.workerProgress(ucp.worker.address());
    }

    // ---------------------------------------------------------------- close

    /** @return the count of calls into this transport, kept by {@link GatedUcxTransport} and {@link UcxControl}. */
    CallGate gate()
    {
        return gate;
    }

    /**
     * Close's first step, before the close barrier: data calls of other threads are refused from now on, and
     * those already inside finish while the peers still serve them.
     */
    public void refuseDataCalls()
    {
        if (!gate.refuseData(DRAIN_NS))
        {
            LOG.warn("PE {}: a call into UCX was still running {} s after close began", myPe,
                DRAIN_NS / 1_000_000_000L);
        }
    }

    /**
     * Releases what {@link UcxEndpoints} holds and the request structs, once no call of another thread is inside
     * UCX; every PE has quieted and passed the close barrier, so no peer still reaches this heap.
     */
    @Override
    public synchronized void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        if (!gate.refuseAll(DRAIN_NS))
        {
            // freeing the worker under it would fault in native code: leave UCX's resources to the process's exit
            LOG.warn("PE {}: a call into UCX was still running {} s into close; UCX's worker and context are " +
                "left allocated", myPe, DRAIN_NS / 1_000_000_000L);
            return;
        }
        ucp.release();
        arena.close();
    }
}
