package io.ishmem.bench;

import io.ishmem.Cmp;
import io.ishmem.Ishmem;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The ping-pongs of {@link BenchPe}'s pair suite: p + waitUntil and put-with-signal, each beside its floor on the
 * same mappings. The library's batches and the floor's are interleaved, sample by sample, which of the two goes
 * first alternating: the cross-core latency of a VM drifts within a phase, and timed one after the other the two
 * medians came from different minutes (put-with-signal ADD's ratio moved 1.01-1.14x between runs of one code, and
 * 1.06x for the same loops interleaved).
 *
 * <p>Each timed loop is a method of its own (*Loop), which the bench's PEs keep from being inlined into its caller
 * (PeJob: -XX:CompileCommand=dontinline for *Loop, as JMH keeps a benchmark out of its harness): the launcher's
 * forced inlining of put and putSignal grows whatever method the library's loop sits in, and in one method with
 * the floor's loop that changed how C2 compiled the floor (the 8 B copy stream fell from 2.0 to 0.75 GB/s in 9 of
 * 10 rounds). Both PEs run the same sequence of batches, so the two loops hand over without a barrier: a batch
 * ends with PE 0 having its last answer, and the next one starts with PE 0 sending. The sequence numbers run on
 * across both, so a wait never sees an older batch's value as new.
 */
final class PingPongs
{
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private final Ishmem shmem;
    private final int me;
    private final Samples library;
    private final Samples floor;

    PingPongs(final Ishmem shmem, final int capacity)
    {
        this.shmem = shmem;
        this.me = shmem.myPe();
        this.library = new Samples(capacity);
        this.floor = new Samples(capacity);
    }

    /** p + waitUntil, one-way latency; floor: release store into the peer view, acquire spin on our copy. */
    void pWait(final int round, final SymmetricSegment words)
    {
        final int k = 32;
        final MemorySegment mine = words.local();
        final MemorySegment theirs = words.peerView(1 - me).orElseThrow();
        reset(words);
        long seq = 0;
        for (int s = 0; s < library.capacity(); s++)
        {
            for (int turn = 0; turn < 2; turn++)
            {
                final boolean ours = (s + turn & 1) == 0;
                final long startNs = System.nanoTime();
                if (ours)
                {
                    libraryPWaitLoop(words, seq, k);
                }
                else
                {
                    floorPWaitLoop(mine, theirs, seq, k);
                }
                seq += k;
                (ours ? library : floor).add(System.nanoTime() - startNs);
            }
        }
        report(round, "p_wait_oneway", 8, 2.0 * k);
    }

    /** k round trips of p and waitUntil after {@code seq}; PE 0 sends first. */
    private void libraryPWaitLoop(final SymmetricSegment words, final long seq, final int k)
    {
        final int peer = 1 - me;
        for (long next = seq + 1; next <= seq + k; next++)
        {
            if (me == 0)
            {
                shmem.pLong(words, 0, next, peer);
                shmem.waitUntilLong(words, 8, Cmp.GE, next);
            }
            else
            {
                shmem.waitUntilLong(words, 0, Cmp.GE, next);
                shmem.pLong(words, 8, next, peer);
            }
        }
    }

    /** The same round trips as {@link #libraryPWaitLoop} with a release store and a spin. */
    private void floorPWaitLoop(final MemorySegment mine, final MemorySegment theirs, final long seq, final int k)
    {
        for (long next = seq + 1; next <= seq + k; next++)
        {
            if (me == 0)
            {
                LONG.setRelease(theirs, 0L, next);
                spinUntil(mine, 64L, next);
            }
            else
            {
                spinUntil(mine, 0L, next);
                LONG.setRelease(theirs, 64L, next);
            }
        }
    }

    /**
     * Put-with-signal ping-pong, receiver reads every word of the payload; floor: copy into the peer
     * view, then release store (SET) or getAndAdd (ADD) of the signal; acquire spin on our signal. An ADD adds 1
     * per message in both loops, so the signal counts messages as SET's sequence numbers do.
     */
    void putSignal(final int round, final SymmetricSegment data, final SymmetricSegment words,
        final MemorySegment src, final long size, final SignalOp op, final int count)
    {
        final int k = size <= 1024 ? 32 : 1;
        final int peer = 1 - me;
        final MemorySegment mine = words.local();
        final MemorySegment theirs = words.peerView(peer).orElseThrow();
        final MemorySegment localData = data.local();
        final MemorySegment peerData = data.peerView(peer).orElseThrow();
        final String name = op == SignalOp.SET ? "putsig_set_read_oneway" : "putsig_add_read_oneway";
        long sink = 0;
        reset(words);
        long seq = 0;
        for (int s = 0; s < count; s++)
        {
            for (int turn = 0; turn < 2; turn++)
            {
                final boolean ours = (s + turn & 1) == 0;
                final long startNs = System.nanoTime();
                sink += ours ? libraryPutSignalLoop(data, words, src, localData, size, op, seq, k) :
                    floorPutSignalLoop(peerData, mine, theirs, src, localData, size, op, seq, k);
                seq += k;
                (ours ? library : floor).add(System.nanoTime() - startNs);
            }
        }
        report(round, name, size, 2.0 * k);
        if (sink == 42)
        {
            System.out.print("");
        }
    }

    /** k round trips of put-with-signal and signalWaitUntil, after {@code seq}; PE 0 sends first. */
    private long libraryPutSignalLoop(final SymmetricSegment data, final SymmetricSegment words,
        final MemorySegment src, final MemorySegment localData, final long size, final SignalOp op, final long seq,
        final int k)
    {
        final boolean sender = me == 0;
        final int peer = 1 - me;
        final long sendAt = sender ? 0 : 8;
        final long receiveAt = sender ? 8 : 0;
        long sink = 0;
        for (long next = seq + 1; next <= seq + k; next++)
        {
            if (!sender)
            {
                shmem.signalWaitUntil(words, receiveAt, Cmp.GE, next);
                sink += sum(localData, size);
            }
            shmem.putSignal(data, 0, src, 0, size, words, sendAt, op == SignalOp.SET ? next : 1, op, peer);
            if (sender)
            {
                shmem.signalWaitUntil(words, receiveAt, Cmp.GE, next);
                sink += sum(localData, size);
            }
        }
        return sink;
    }

    /** The same round trips as {@link #libraryPutSignalLoop} with a copy, a release store or add, a spin. */
    private long floorPutSignalLoop(final MemorySegment peerData, final MemorySegment mine,
        final MemorySegment theirs, final MemorySegment src, final MemorySegment localData, final long size,
        final SignalOp op, final long seq, final int k)
    {
        final boolean sender = me == 0;
        final long sendAt = sender ? 0 : 8;
        final long receiveAt = sender ? 8 : 0;
        long sink = 0;
        for (long next = seq + 1; next <= seq + k; next++)
        {
            if (!sender)
            {
                spinUntil(mine, receiveAt * 8, next);
                sink += sum(localData, size);
            }
            MemorySegment.copy(src, 0, peerData, 0, size);
            if (op == SignalOp.SET)
            {
                LONG.setRelease(theirs, sendAt * 8, next);
            }
            else
            {
                final long ignored = (long)LONG.getAndAdd(theirs, sendAt * 8, 1L);
            }
            if (sender)
            {
                spinUntil(mine, receiveAt * 8, next);
                sink += sum(localData, size);
            }
        }
        return sink;
    }

    /**
     * The receiver's read of every word, as C's {@code sum_words} does it: an int-indexed loop, which C2
     * vectorises (a long-indexed one it does not, and read at 12.5 GB/s against 28.5 on this VM: the Java floor
     * of a large put-with-signal was 1.5x slower than C's for that alone).
     */
    private static long sum(final MemorySegment data, final long size)
    {
        final int words = Math.toIntExact(size >>> 3);
        long total = 0;
        for (int i = 0; i < words; i++)
        {
            total += data.getAtIndex(ValueLayout.JAVA_LONG, i);
        }
        return total;
    }

    private static void spinUntil(final MemorySegment segment, final long offset, final long value)
    {
        while ((long)LONG.getAcquire(segment, offset) < value)
        {
            Thread.onSpinWait();
        }
    }

    private void reset(final SymmetricSegment words)
    {
        shmem.barrierAll();
        words.local().fill((byte)0);
        library.reset();
        floor.reset();
        shmem.barrierAll();
    }

    /** PE 0 speaks for the job, as in BenchPe: a ping-pong's two sides time the same round trips. */
    private void report(final int round, final String op, final long size, final double messagesPerSample)
    {
        if (round > 0 && me == 0)
        {
            Report.result(round, Report.LIBRARY, op, size, "ns", library.p50() / messagesPerSample);
            Report.result(round, Report.FLOOR, op, size, "ns", floor.p50() / messagesPerSample);
        }
    }
}
