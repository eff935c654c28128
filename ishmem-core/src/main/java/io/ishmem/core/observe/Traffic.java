package io.ishmem.core.observe;

import io.ishmem.core.runtime.Config;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Per-thread counts of the small one-sided operations, by target PE: operations and bytes of puts and gets, signal
 * updates and atomics. They exist only when profiling was asked for at start: {@link #ENABLED} is a static final,
 * so where it is false C2 folds {@code if (Traffic.ENABLED)} and the call behind it away, and the data paths are the
 * code they were. Where it is true a call costs a thread-local lookup and two increments of this thread's own
 * array: no lock, no allocation after the thread's first call, no shared line written. {@link #emit} sums every
 * thread's array (plain reads of counters another thread writes: a total a few operations late is still a total)
 * into one {@link TrafficEvent} per target.
 */
public final class Traffic
{
    /** {@code ISHMEM_PROFILE} (property {@code ishmem.profile}), read once, before any data path is compiled. */
    public static final boolean ENABLED = Config.PROFILE.booleanValue(System.getenv());

    private static final int PUT_OPS = 0;
    private static final int PUT_BYTES = 1;
    private static final int GET_OPS = 2;
    private static final int GET_BYTES = 3;
    private static final int SIGNAL_OPS = 4;
    private static final int ATOMIC_OPS = 5;
    /** Counters per target: a whole cache line, so one target's counters never share a line with another's. */
    private static final int STRIDE = 8;

    private static final ThreadLocal<long[]> COUNTS = new ThreadLocal<>();
    /** Every thread's array, so the counts of a thread that has ended still count. */
    private static final List<long[]> ALL = new CopyOnWriteArrayList<>();
    private static volatile int pe = -1;
    private static volatile int nPes = 1;

    private Traffic()
    {
    }

    public static void put(final int target, final long bytes)
    {
        final long[] counts = counts(target);
        counts[target * STRIDE + PUT_OPS]++;
        counts[target * STRIDE + PUT_BYTES] += bytes;
    }

    public static void get(final int target, final long bytes)
    {
        final long[] counts = counts(target);
        counts[target * STRIDE + GET_OPS]++;
        counts[target * STRIDE + GET_BYTES] += bytes;
    }

    /** A put-with-signal: its payload and its signal update. */
    public static void putSignal(final int target, final long bytes)
    {
        final long[] counts = counts(target);
        counts[target * STRIDE + PUT_OPS]++;
        counts[target * STRIDE + PUT_BYTES] += bytes;
        counts[target * STRIDE + SIGNAL_OPS]++;
    }

    public static void signal(final int target)
    {
        counts(target)[target * STRIDE + SIGNAL_OPS]++;
    }

    public static void atomic(final int target)
    {
        counts(target)[target * STRIDE + ATOMIC_OPS]++;
    }

    private static long[] counts(final int target)
    {
        final long[] counts = COUNTS.get();
        return counts != null && target * STRIDE < counts.length ? counts : register(target);
    }

    /** A thread's first call, or a PE number beyond its array (a later job in this JVM has more PEs). */
    private static long[] register(final int target)
    {
        final long[] old = COUNTS.get();
        final long[] counts = new long[Math.max(nPes, target + 1) * STRIDE];
        if (old != null)
        {
            System.arraycopy(old, 0, counts, 0, old.length);
            ALL.remove(old);
        }
        ALL.add(counts);
        COUNTS.set(counts);
        return counts;
    }

    /** At init, after the warm-up: the counts start from zero for this PE's job. */
    static void start(final int myPe, final int jobPes)
    {
        pe = myPe;
        nPes = jobPes;
        for (final long[] counts : ALL)
        {
            java.util.Arrays.fill(counts, 0);
        }
    }

    /** Commits one {@link TrafficEvent} per target this PE has sent anything to; runs on JFR's periodic thread too. */
    static void emit()
    {
        final int me = pe;
        if (me < 0)
        {
            return;
        }
        final int targets = nPes;
        final long[] sums = new long[targets * STRIDE];
        for (final long[] counts : ALL)
        {
            final int n = Math.min(sums.length, counts.length);
            for (int i = 0; i < n; i++)
            {
                sums[i] += counts[i];
            }
        }
        for (int target = 0; target < targets; target++)
        {
            final int base = target * STRIDE;
            if (sums[base + PUT_OPS] + sums[base + GET_OPS] + sums[base + SIGNAL_OPS] + sums[base + ATOMIC_OPS] == 0)
            {
                continue;
            }
            final TrafficEvent event = new TrafficEvent();
            event.pe = me;
            event.targetPe = target;
            event.putOps = sums[base + PUT_OPS];
            event.putBytes = sums[base + PUT_BYTES];
            event.getOps = sums[base + GET_OPS];
            event.getBytes = sums[base + GET_BYTES];
            event.signalOps = sums[base + SIGNAL_OPS];
            event.atomicOps = sums[base + ATOMIC_OPS];
            event.commit();
        }
    }
}
