package io.ishmem.core.runtime;

import io.ishmem.AmoOp;
import io.ishmem.Cmp;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.core.rma.Rma;
import io.ishmem.core.signal.Signals;
import io.ishmem.core.rendezvous.RendezvousClient;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.CompletableFuture;

/**
 * The one-sided data calls: RMA, the single-element puts and gets, atomic memory operations, locks and
 * signaling. Each is a one-line delegation to the class of its family, which checks every argument once and
 * calls the transport of the segment's heap; most of those classes hold no state, so the calls are static and
 * load nothing of the runtime.
 */
abstract class DataCalls extends RuntimeParts
{

    DataCalls(final JobIdentity identity, final JobMappings mappings, final StartSettings settings,
        final int launcherPidfd, final NodeMap nodes, final RendezvousClient rendezvous)
    {
        super(identity, mappings, settings, launcherPidfd, nodes, rendezvous);
    }

    // ---------------------------------------------------------------- RMA

    @Override
    public void put(final SymmetricSegment dest, final long destOffset, final MemorySegment src, final long srcOffset,
        final long bytes, final int pe)
    {
        Rma.put(dest, destOffset, src, srcOffset, bytes, pe);
    }

    @Override
    public void putNbi(final SymmetricSegment dest, final long destOffset, final MemorySegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        Rma.putNbi(dest, destOffset, src, srcOffset, bytes, pe);
    }

    @Override
    public void get(final MemorySegment dest, final long destOffset, final SymmetricSegment src, final long srcOffset,
        final long bytes, final int pe)
    {
        Rma.get(dest, destOffset, src, srcOffset, bytes, pe);
    }

    @Override
    public void getNbi(final MemorySegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        Rma.getNbi(dest, destOffset, src, srcOffset, bytes, pe);
    }

    @Override
    public void put(final SymmetricSegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        rma.putFromSymmetric("put", dest, destOffset, src, srcOffset, bytes, pe);
    }

    @Override
    public void putNbi(final SymmetricSegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        rma.putFromSymmetric("putNbi", dest, destOffset, src, srcOffset, bytes, pe);
    }

    @Override
    public void get(final SymmetricSegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        rma.getIntoSymmetric("get", dest, destOffset, src, srcOffset, bytes, pe);
    }

    @Override
    public void getNbi(final SymmetricSegment dest, final long destOffset, final SymmetricSegment src,
        final long srcOffset, final long bytes, final int pe)
    {
        rma.getIntoSymmetric("getNbi", dest, destOffset, src, srcOffset, bytes, pe);
    }

    @Override
    public void pByte(final SymmetricSegment dest, final long index, final byte value, final int pe)
    {
        Rma.pByte(dest, index, value, pe);
    }

    @Override
    public byte gByte(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gByte(src, index, pe);
    }

    @Override
    public void pShort(final SymmetricSegment dest, final long index, final short value, final int pe)
    {
        Rma.pShort(dest, index, value, pe);
    }

    @Override
    public short gShort(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gShort(src, index, pe);
    }

    @Override
    public void pChar(final SymmetricSegment dest, final long index, final char value, final int pe)
    {
        Rma.pChar(dest, index, value, pe);
    }

    @Override
    public char gChar(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gChar(src, index, pe);
    }

    @Override
    public void pInt(final SymmetricSegment dest, final long index, final int value, final int pe)
    {
        Rma.pInt(dest, index, value, pe);
    }

    @Override
    public int gInt(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gInt(src, index, pe);
    }

    // ---------------------------------------------------------------- atomic memory operations

    @Override
    public long atomic(final AmoOp op, final ValueLayout type, final SymmetricSegment dest, final long index,
        final long value, final long compare, final int pe)
    {
        // after close the segment is retired, and the offset check says so, as for p and g
        return atomics.atomic(op, type, dest, index, value, compare, pe);
    }

    @Override
    public void atomicNbi(final AmoOp op, final ValueLayout type, final MemorySegment fetch,
        final SymmetricSegment dest, final long index, final long value, final long compare, final int pe)
    {
        atomics.atomicNbi(op, type, fetch, dest, index, value, compare, pe);
    }

    @Override
    public void setLock(final SymmetricSegment lock)
    {
        checkOpen("setLock");
        locks.setLock(lock);
    }

    @Override
    public boolean testLock(final SymmetricSegment lock)
    {
        checkOpen("testLock");
        return locks.testLock(lock);
    }

    @Override
    public void clearLock(final SymmetricSegment lock)
    {
        checkOpen("clearLock");
        locks.clearLock(lock);
    }

    @Override
    public void pLong(final SymmetricSegment dest, final long index, final long value, final int pe)
    {
        Rma.pLong(dest, index, value, pe);
    }

    @Override
    public long gLong(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gLong(src, index, pe);
    }

    @Override
    public void pFloat(final SymmetricSegment dest, final long index, final float value, final int pe)
    {
        Rma.pFloat(dest, index, value, pe);
    }

    @Override
    public float gFloat(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gFloat(src, index, pe);
    }

    @Override
    public void pDouble(final SymmetricSegment dest, final long index, final double value, final int pe)
    {
        Rma.pDouble(dest, index, value, pe);
    }

    @Override
    public double gDouble(final SymmetricSegment src, final long index, final int pe)
    {
        return Rma.gDouble(src, index, pe);
    }

    // ---------------------------------------------------------------- signaling

    @Override
    public void putSignal(final SymmetricSegment dest, final long destOffset, final MemorySegment src,
        final long srcOffset, final long bytes, final SymmetricSegment sig, final long sigIndex, final long signal,
        final SignalOp op, final int pe)
    {
        Signals.putSignal(dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, op, pe);
    }

    @Override
    public void putSignalNbi(final SymmetricSegment dest, final long destOffset, final MemorySegment src,
        final long srcOffset, final long bytes, final SymmetricSegment sig, final long sigIndex, final long signal,
        final SignalOp op, final int pe)
    {
        Signals.putSignalNbi(dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, op, pe);
    }

    @Override
    public CompletableFuture<Void> putSignalOnQueue(final SymmetricSegment dest, final long destOffset,
        final MemorySegment src, final long srcOffset, final long bytes, final SymmetricSegment sig,
        final long sigIndex, final long signal, final SignalOp op, final int pe,
        final CompletableFuture<?>... dependsOn)
    {
        return signals.putSignalOnQueue(dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, op, pe,
            dependsOn);
    }

    @Override
    public CompletableFuture<Void> putSignalNbiOnQueue(final SymmetricSegment dest, final long destOffset,
        final MemorySegment src, final long srcOffset, final long bytes, final SymmetricSegment sig,
        final long sigIndex, final long signal, final SignalOp op, final int pe,
        final CompletableFuture<?>... dependsOn)
    {
        return signals.putSignalNbiOnQueue(dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, op, pe,
            dependsOn);
    }

    @Override
    public long signalFetch(final SymmetricSegment sig, final long sigIndex)
    {
        return Signals.signalFetch(sig, sigIndex);
    }

    @Override
    public void signalAdd(final SymmetricSegment sig, final long sigIndex, final long value, final int pe)
    {
        Signals.signalAdd(sig, sigIndex, value, pe);
    }

    @Override
    public void signalSet(final SymmetricSegment sig, final long sigIndex, final long value, final int pe)
    {
        Signals.signalSet(sig, sigIndex, value, pe);
    }

    @Override
    public long signalWaitUntil(final SymmetricSegment sig, final long sigIndex, final Cmp cmp, final long value)
    {
        return signals.signalWaitUntil(sig, sigIndex, cmp, value);
    }

}
