package io.ishmem.core.signal;

import io.ishmem.Cmp;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.core.heap.LocalRange;
import io.ishmem.core.heap.SegmentAccess;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.observe.Traffic;
import io.ishmem.core.queue.OperationQueue;
import io.ishmem.core.transport.Transport;
import io.ishmem.core.wait.Liveness;
import io.ishmem.core.wait.WaitStrategy;
import io.ishmem.core.wait.WordWait;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.CompletableFuture;

/**
 * Put-with-signal in every form (blocking, nbi, on the ordered queue), signalSet, signalAdd, signalFetch
 * and signalWaitUntil: every argument checked once, here, then the transport of the segment's heap (for
 * put-with-signal over shared memory its put and then its signal update, see putSignal). Every comparison
 * on a signal is unsigned.
 */
public final class Signals
{
    private final OperationQueue queue;
    private final WaitStrategy waitStrategy;
    /** The strategy's first batch, which a wait spins through where it was called: a field, so no call precedes it. */
    private final int callerSpins;
    private final Liveness liveness;

    public Signals(final OperationQueue queue, final WaitStrategy waitStrategy, final Liveness liveness)
    {
        this.queue = queue;
        this.waitStrategy = waitStrategy;
        this.callerSpins = waitStrategy.callerSpins();
        this.liveness = liveness;
    }

    public static void putSignal(final SymmetricSegment dest, final long destOffset, final MemorySegment src,
        final long srcOffset, final long bytes, final SymmetricSegment sig, final long sigIndex, final long signal,
        final SignalOp op, final int pe)
    {
        putSignal("putSignal", dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, op, pe, true);
    }

    public static void putSignalNbi(final SymmetricSegment dest, final long destOffset, final MemorySegment src,
        final long srcOffset, final long bytes, final SymmetricSegment sig, final long sigIndex, final long signal,
        final SignalOp op, final int pe)
    {
        // a transport's putSignal returns once src may be reused; quiet and fence still give what they promise
        putSignal("putSignalNbi", dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, op, pe, true);
    }

    public CompletableFuture<Void> putSignalOnQueue(final SymmetricSegment dest, final long destOffset,
        final MemorySegment src, final long srcOffset, final long bytes, final SymmetricSegment sig,
        final long sigIndex, final long signal, final SignalOp op, final int pe, final CompletableFuture<?>[] dependsOn)
    {
        // checked now, so a bad argument fails at its call; checked again when it runs, in case of a free
        putSignal("putSignalOnQueue", dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, op, pe, false);
        queue.checkAccessible("putSignalOnQueue", "src", src);
        return queue.submit("putSignalOnQueue", () -> putSignal("putSignalOnQueue", dest, destOffset, src, srcOffset,
            bytes, sig, sigIndex, signal, op, pe, true), dependsOn);
    }

    public CompletableFuture<Void> putSignalNbiOnQueue(final SymmetricSegment dest, final long destOffset,
        final MemorySegment src, final long srcOffset, final long bytes, final SymmetricSegment sig,
        final long sigIndex, final long signal, final SignalOp op, final int pe, final CompletableFuture<?>[] dependsOn)
    {
        putSignal("putSignalNbiOnQueue", dest, destOffset, src, srcOffset, bytes, sig, sigIndex, signal, op, pe,
            false);
        queue.checkAccessible("putSignalNbiOnQueue", "src", src);
        return queue.submit("putSignalNbiOnQueue", () -> putSignal("putSignalNbiOnQueue", dest, destOffset, src,
            srcOffset, bytes, sig, sigIndex, signal, op, pe, true), dependsOn);
    }

    /**
     * Every form of put-with-signal: all argument checks once, then, when {@code issue}, the data path.
     */
    private static void putSignal(final String call, final SymmetricSegment dest, final long destOffset,
        final MemorySegment src, final long srcOffset, final long bytes, final SymmetricSegment sig,
        final long sigIndex, final long signal, final SignalOp op, final int pe, final boolean issue)
    {
        final long at = SymmetricHeap.rangeOffset(call, "dest", dest, destOffset, bytes);
        final long sigAt = signalOffset(call, sig, sigIndex);
        if (op == null)
        {
            throw nullOp(call);
        }
        SymmetricHeap.checkPe(call, sig, pe);
        LocalRange.check(call, "src", src, srcOffset, bytes);
        final Transport data = SymmetricHeap.transportOf(dest);
        final Transport signalled = SymmetricHeap.transportOf(sig);
        // in one heap, a payload that covered the word would race with the signal
        if (bytes > 0 && sigAt < at + bytes && at < sigAt + Long.BYTES && data == signalled)
        {
            throw overlap(call, sigAt, at, bytes);
        }
        if (!issue)
        {
            return;
        }
        try
        {
            if (data != signalled)
            {
                putSignalAcrossHeaps(data, signalled, pe, at, src, srcOffset, bytes, sigAt, signal, op);
            }
            else if (SegmentAccess.mappedHere(dest))
            {
                // a heap mapped into this process: both stores made here, the signal's release store (or atomic
                // add) after the payload's, each address one load off its own segment. The signal's address comes
                // from the signal's segment, not from the bases the payload's store used: with one address for
                // both, the two stores back to back, the 2-PE SET ping-pong ran ~10% slower on the project's Intel
                // VM (probe, ratio to the raw floor per job: 1.12 against 1.02 over 8 jobs each; 1.14-1.19
                // against 1.02-1.04 in 24 before), why not known (no performance counters in the VM). This way
                // the ping-pong matched the transport's two calls (18 jobs each: SET 0.99 and ADD 1.05 against
                // 1.02 and 1.04) at ~0.8 ns less per call in JMH (alternation forks: -0.46 to 1.27 ns over raw
                // against 1.65 to 2.14)
                SegmentAccess.put(dest, pe, at, src, srcOffset, bytes);
                SegmentAccess.signalUpdate(sig, pe, sigAt, signal, op);
            }
            else if (data.deliversOnReturn())
            {
                // the payload is in the target's memory when put returns, and the signal's update comes after it
                data.put(pe, at, src, srcOffset, bytes);
                signalled.signalUpdate(pe, sigAt, signal, op);
            }
            else
            {
                data.putSignal(pe, at, src, srcOffset, bytes, sigAt, signal, op);
            }
            if (Traffic.ENABLED)
            {
                Traffic.putSignal(pe, bytes);
            }
        }
        catch (final IllegalStateException | WrongThreadException ex)
        {
            // src is copied first, so a src the JDK refuses fails the call before the signal is touched
            throw LocalRange.unusable(call, "src", src, ex);
        }
    }

    /**
     * Payload in one heap, signal word in the other (device data under a host signal, say): the payload
     * is complete and visible before the signal update is issued, which is what a reader of the signal
     * relies on; the two transports share no queue that could order them otherwise.
     */
    private static void putSignalAcrossHeaps(final Transport data, final Transport signalled, final int pe,
        final long at, final MemorySegment src, final long srcOffset, final long bytes, final long sigAt,
        final long signal, final SignalOp op)
    {
        data.put(pe, at, src, srcOffset, bytes);
        data.quiet();
        signalled.signalUpdate(pe, sigAt, signal, op);
    }

    public static long signalFetch(final SymmetricSegment sig, final long sigIndex)
    {
        final long sigAt = signalOffset("signalFetch", sig, sigIndex);
        return SegmentAccess.loadAcquire(sig, sigAt, Long.BYTES);
    }

    public static void signalAdd(final SymmetricSegment sig, final long sigIndex, final long value, final int pe)
    {
        final long sigAt = signalOffset("signalAdd", sig, sigIndex);
        SymmetricHeap.checkPe("signalAdd", sig, pe);
        SegmentAccess.signalAdd(sig, pe, sigAt, value);
        if (Traffic.ENABLED)
        {
            Traffic.signal(pe);
        }
    }

    public static void signalSet(final SymmetricSegment sig, final long sigIndex, final long value, final int pe)
    {
        final long sigAt = signalOffset("signalSet", sig, sigIndex);
        SymmetricHeap.checkPe("signalSet", sig, pe);
        SegmentAccess.signalSet(sig, pe, sigAt, value);
        if (Traffic.ENABLED)
        {
            Traffic.signal(pe);
        }
    }

    public long signalWaitUntil(final SymmetricSegment sig, final long sigIndex, final Cmp cmp, final long value)
    {
        final long sigAt = signalOffset("signalWaitUntil", sig, sigIndex);
        if (cmp == null)
        {
            throw new NullPointerException("signalWaitUntil: cmp is null (use Cmp.EQ, NE, GT, GE, LT or LE)");
        }
        final long first = SegmentAccess.loadAcquire(sig, sigAt, Long.BYTES);
        if (cmp.holdsUnsigned(first, value))
        {
            return first;
        }
        final Transport transport = SymmetricHeap.transportOf(sig);
        // the first batch inlined where the application called, as Waits does (which says why)
        final int spun = callerSpins;
        final long seen = spun == 0 ? first : transport.spinWhileUnchanged(sigAt, Long.BYTES, first, spun);
        if (spun != 0 && cmp.holdsUnsigned(seen, value))
        {
            return seen;
        }
        return WordWait.await("signalWaitUntil", transport, sigAt, Long.BYTES, cmp, value, WordWait.UNSIGNED, seen,
            spun, first, waitStrategy, liveness);
    }

    private static long signalOffset(final String call, final SymmetricSegment sig, final long sigIndex)
    {
        final long at = SymmetricHeap.elementOffset(call, "sig", sig, sigIndex, Long.BYTES);
        if ((at & (Long.BYTES - 1)) != 0)
        {
            throw misalignedSignal(call, sigIndex, at);
        }
        return at;
    }

    // the messages are built out of line, so the checked paths stay small enough for the JIT to inline whole

    private static NullPointerException nullOp(final String call)
    {
        return new NullPointerException(call + ": op is null (use SignalOp.SET or SignalOp.ADD)");
    }

    private static IllegalArgumentException overlap(final String call, final long sigAt, final long at,
        final long bytes)
    {
        return new IllegalArgumentException(call + ": sig word at heap offset range [" + sigAt + ", " +
            (sigAt + Long.BYTES) + ") overlaps dest at heap offset range [" + at + ", " + (at + bytes) + ")");
    }

    private static IllegalArgumentException misalignedSignal(final String call, final long sigIndex, final long at)
    {
        return new IllegalArgumentException(call + ": sig word " + sigIndex + " is at heap offset " + at +
            ", not 8-byte aligned (slice the segment at a multiple of 8)");
    }
}
