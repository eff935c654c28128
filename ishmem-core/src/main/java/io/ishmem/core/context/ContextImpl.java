package io.ishmem.core.context;

import io.ishmem.AmoOp;
import io.ishmem.Context;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import io.ishmem.core.atomic.AtomicOps;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.rma.Ordering;
import io.ishmem.core.rma.Rma;
import io.ishmem.core.signal.Signals;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A communication context: every one-sided routine checks the context (alive, and on its creator's thread when
 * {@link Context#PRIVATE}), maps the team's PE number to the world PE it names, and calls the runtime's own
 * {@link Rma}, {@link Signals} and {@link AtomicOps}, with each device segment argument served by this
 * context's device queue ({@link SymmetricHeap#routed}); host segments go as they are, since host operations
 * leave nothing pending. So the default context's code is the same code, unchanged, and contexts cost it
 * nothing. The default context's object ({@code defaultContext()}) routes nothing.
 */
final class ContextImpl implements Context
{
    private final Team team;
    private final TeamContexts ledger;
    private final boolean isDefault;
    private final long options;
    private final Thread owner;
    private final int start;
    private final int stride;
    private final int size;
    private final Rma rma;
    private final Signals signals;
    private final AtomicOps atomics;
    // exactly one of the two: the runtime's ordering for the default context, else this context's own domain
    private final Ordering defaultOrdering;
    private final ContextDomain domain;
    // null while the context is usable, else what a call is told
    private volatile String retired;

    /**
     * @param ledger          the contexts of the team (the world's for the default context, which it is not one of).
     * @param defaultOrdering the runtime's ordering for the default context, else null.
     * @param domain          the context's own domain, or null for the default context.
     */
    ContextImpl(final Team team, final TeamContexts ledger, final long options, final Rma rma, final Signals signals,
        final AtomicOps atomics, final Ordering defaultOrdering, final ContextDomain domain)
    {
        this.team = team;
        this.ledger = ledger;
        this.isDefault = domain == null;
        this.options = options;
        this.owner = (options & PRIVATE) != 0 ? Thread.currentThread() : null;
        this.start = ledger.start;
        this.stride = ledger.stride;
        this.size = ledger.size;
        this.rma = rma;
        this.signals = signals;
        this.atomics = atomics;
        this.defaultOrdering = defaultOrdering;
        this.domain = domain;
    }

    // ---------------------------------------------------------------- checks

    private void check(final String call)
    {
        // a thread's identity is a register read: a PRIVATE context costs one compare more per call
        if (retired != null || owner != null && owner != Thread.currentThread())
        {
            throw unusable(call);
        }
    }

    private IllegalStateException unusable(final String call)
    {
        final String why = retired;
        if (why != null)
        {
            return new IllegalStateException(call + ": " + why);
        }
        return new IllegalStateException(call + ": the context is PRIVATE to thread " + owner.getName() +
            ", which created it, and cannot be used by thread " + Thread.currentThread().getName());
    }

    /**
     * Checks the context, then maps a PE number of its team to the world PE it names (the same number on the
     * world team's contexts). Every routine with a PE calls it, as its last argument: the arguments before it
     * are plain reads, so the context is checked before anything else happens.
     */
    private int target(final String call, final int pe)
    {
        check(call);
        if (pe < 0 || pe >= size)
        {
            throw new IndexOutOfBoundsException(call + ": pe=" + pe + " not in [0, " + size + ") of the context's " +
                "team " + ledger.teamName + " (a context of a team takes the team's PE numbers)");
        }
        return start + stride * pe;
    }

    /**
     * A segment argument as this context's call passes it on: served by the context's device queue when it is
     * device memory. A retired context routes nothing, so that its check, made next, refuses the call.
     */
    private SymmetricSegment on(final SymmetricSegment segment)
    {
        return domain == null || retired != null ? segment : SymmetricHeap.routed(segment, domain);
    }

    private Ordering ordering()
    {
        return domain == null ? defaultOrdering : domain.ordering();
    }

    // ---------------------------------------------------------------- lifetime

    @Override
    public Team team()
    {
        check("team");
        return team;
    }

    @Override
    public long options()
    {
        check("options");
        return options;
    }

    @Override
    public void destroy()
    {
        if (isDefault)
        {
            check("destroy");
            throw new IllegalStateException("destroy: this is the default context (SHMEM_CTX_DEFAULT), which cannot " +
                "be destroyed");
        }
        check("destroy");
        if (!retire("the context was destroyed"))
        {
            throw unusable("destroy");
        }
    }

    @Override
    public void close()
    {
        if (!isDefault && retired != null)
        {
            return;
        }
        destroy();
    }

    /**
     * Completes the context's operations (its implicit quiet), then makes every later call refuse with
     * {@code why} and gives its place back.
     *
     * @return false if it was already retired.
     */
    boolean retire(final String why)
    {
        synchronized (this)
        {
            if (retired != null)
            {
                return false;
            }
            try
            {
                if (domain != null)
                {
                    domain.ordering().quiet();
                }
            }
            finally
            {
                retired = why;
                if (domain != null)
                {
                    domain.close();
                }
                // the default context holds no place: there is nothing to give back
                ledger.remove(this);
            }
        }
        return true;
    }

    // ---------------------------------------------------------------- RMA

    @Override
    public void put(final SymmetricSegment dest, final long destOffset, final MemorySegment src, final long srcOffset,
        final long bytes, final int pe)
    {
        Rma.put(on(dest), destOffset, src, srcOffset, bytes, target("put", pe));
    }

    @Override
    public void putNbi(final SymmetricSegment dest, final long destOffset, final MemorySegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        Rma.putNbi(on(dest), destOffset, src, srcOffset, bytes, target("putNbi", pe));
    }

    @Override
    public void get(final MemorySegment dest, final long destOffset, final SymmetricSegment src, final long srcOffset,
        final long bytes, final int pe)
    {
        Rma.get(dest, destOffset, on(src), srcOffset, bytes, target("get", pe));
    }

    @Override
    public void getNbi(final MemorySegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        Rma.getNbi(dest, destOffset, on(src), srcOffset, bytes, target("getNbi", pe));
    }

    @Override
    public void put(final SymmetricSegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        rma.putFromSymmetric("put", on(dest), destOffset, on(src), srcOffset, bytes, target("put", pe));
    }

    @Override
    public void putNbi(final SymmetricSegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        rma.putFromSymmetric("putNbi", on(dest), destOffset, on(src), srcOffset, bytes, target("putNbi", pe));
    }

    @Override
    public void get(final SymmetricSegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        rma.getIntoSymmetric("get", on(dest), destOffset, on(src), srcOffset, bytes, target("get", pe));
    }

    @Override
    public void getNbi(final SymmetricSegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        rma.getIntoSymmetric("getNbi", on(dest), destOffset, on(src), srcOffset, bytes, target("getNbi", pe));
    }

    // ---------------------------------------------------------------- single elements

    @Override
    public void pByte(final SymmetricSegment dest, final long index, final byte value, final int pe)
    {
        Rma.pByte(on(dest), index, value, target("pByte", pe));
    }

    @Override
    public byte gByte(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gByte(on(src), index, target("gByte", pe));
    }

    @Override
    public void pShort(final SymmetricSegment dest, final long index, final short value, final int pe)
    {
        Rma.pShort(on(dest), index, value, target("pShort", pe));
    }

    @Override
    public short gShort(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gShort(on(src), index, target("gShort", pe));
    }

    @Override
    public void pChar(final SymmetricSegment dest, final long index, final char value, final int pe)
    {
        Rma.pChar(on(dest), index, value, target("pChar", pe));
    }

    @Override
    public char gChar(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gChar(on(src), index, target("gChar", pe));
    }

    @Override
    public void pInt(final SymmetricSegment dest, final long index, final int value, final int pe)
    {
        Rma.pInt(on(dest), index, value, target("pInt", pe));
    }

    @Override
    public int gInt(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gInt(on(src), index, target("gInt", pe));
    }

    @Override
    public void pLong(final SymmetricSegment dest, final long index, final long value, final int pe)
    {
        Rma.pLong(on(dest), index, value, target("pLong", pe));
    }

    @Override
    public long gLong(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gLong(on(src), index, target("gLong", pe));
    }

    @Override
    public void pFloat(final SymmetricSegment dest, final long index, final float value, final int pe)
    {
        Rma.pFloat(on(dest), index, value, target("pFloat", pe));
    }

    @Override
    public float gFloat(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gFloat(on(src), index, target("gFloat", pe));
    }

    @Override
    public void pDouble(final SymmetricSegment dest, final long index, final double value, final int pe)
    {
        Rma.pDouble(on(dest), index, value, target("pDouble", pe));
    }

    @Override
    public double gDouble(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gDouble(on(src), index, target("gDouble", pe));
    }

    // ---------------------------------------------------------------- put-with-signal and atomics

    @Override
    public void putSignal(final SymmetricSegment dest, final long destOffset, final MemorySegment src,
        final long srcOffset, final long bytes, final SymmetricSegment sig, final long sigIndex, final long signal,
        final SignalOp op, final int pe)
    {
        Signals.putSignal(on(dest), destOffset, src, srcOffset, bytes, on(sig), sigIndex, signal, op,
            target("putSignal", pe));
    }

    @Override
    public void putSignalNbi(final SymmetricSegment dest, final long destOffset, final MemorySegment src,
        final long srcOffset, final long bytes, final SymmetricSegment sig, final long sigIndex, final long signal,
        final SignalOp op, final int pe)
    {
        Signals.putSignalNbi(on(dest), destOffset, src, srcOffset, bytes, on(sig), sigIndex, signal, op,
            target("putSignalNbi", pe));
    }

    @Override
    public long atomic(final AmoOp op, final ValueLayout type, final SymmetricSegment dest, final long index,
        final long value, final long compare, final int pe)
    {
        // host words only (the device transport refuses atomics): complete on return in every context, so the
        // segment is not routed
        return atomics.atomic(op, type, dest, index, value, compare, target("atomic", pe));
    }

    @Override
    public void atomicNbi(final AmoOp op, final ValueLayout type, final MemorySegment fetch,
        final SymmetricSegment dest, final long index, final long value, final long compare, final int pe)
    {
        atomics.atomicNbi(op, type, fetch, dest, index, value, compare, target("atomicNbi", pe));
    }

    // ---------------------------------------------------------------- ordering

    @Override
    public void quiet()
    {
        check("quiet");
        ordering().quiet();
    }

    @Override
    public void fence()
    {
        check("fence");
        ordering().fence();
    }

    @Override
    public String toString()
    {
        final String why = retired;
        return "Context[" + (isDefault ? "DEFAULT" : "team " + ledger.teamName + ", options=" + options) +
            (why == null ? "]" : ", " + why + "]");
    }
}
