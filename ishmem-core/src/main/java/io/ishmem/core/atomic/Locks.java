package io.ishmem.core.atomic;

import io.ishmem.AmoOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.rma.Ordering;
import io.ishmem.core.transport.Transport;
import io.ishmem.core.wait.Liveness;
import io.ishmem.core.wait.WaitStrategy;

import java.util.Arrays;

/**
 * The distributed locks, {@code shmem_set_lock}, {@code shmem_test_lock} and {@code shmem_clear_lock}: a
 * ticket lock in PE 0's copy of the symmetric lock word, whose high 32 bits are the next ticket and low 32
 * bits the ticket being served. PEs are served in the order they asked, so none starves; both halves wrap
 * alike. Each PE remembers the locks it holds, so a second {@code setLock} of the same lock, or a
 * {@code clearLock} of one it does not hold, is refused instead of deadlocking or releasing another PE's
 * hold. Locks are taken and released by PEs, not threads: one thread of a PE may release what another took.
 */
public final class Locks
{
    private static final int HOME_PE = 0;
    private static final long TICKET = 1L << 32;
    private static final long SERVING = 0xFFFF_FFFFL;

    private final Ordering ordering;
    private final WaitStrategy waitStrategy;
    private final Liveness liveness;
    /** Heap offsets of the locks this PE holds; few at a time, so a scan beats a set and allocates nothing. */
    private long[] held = new long[4];
    private int heldCount;

    public Locks(final Ordering ordering, final WaitStrategy waitStrategy, final Liveness liveness)
    {
        this.ordering = ordering;
        this.waitStrategy = waitStrategy;
        this.liveness = liveness;
    }

    public void setLock(final SymmetricSegment lock)
    {
        final long at = lockOffset("setLock", lock);
        final Transport transport = SymmetricHeap.transportOf(lock);
        synchronized (this)
        {
            refuseHeld("setLock", at);
        }
        // the wait holds no monitor: another thread of this PE may clear a lock this PE holds meanwhile
        final int ticket = (int)(transport.atomic(AmoOp.FETCH_ADD, HOME_PE, at, Long.BYTES, TICKET, 0) >>> 32);
        int idle = 0;
        while ((int)transport.atomic(AmoOp.FETCH, HOME_PE, at, Long.BYTES, 0, 0) != ticket)
        {
            idle = waitStrategy.idle(idle, liveness);
            if (idle < 0 && (int)transport.atomic(AmoOp.FETCH, HOME_PE, at, Long.BYTES, 0, 0) != ticket)
            {
                throw liveness.failure("setLock (the lock at heap offset " + lock.heapOffset() + ", ticket " +
                    Integer.toUnsignedString(ticket) + ")");
            }
        }
        synchronized (this)
        {
            hold(at);
        }
    }

    /**
     * @return true if this PE took the lock, false if another PE holds it or waits for it.
     */
    public boolean testLock(final SymmetricSegment lock)
    {
        final long at = lockOffset("testLock", lock);
        final Transport transport = SymmetricHeap.transportOf(lock);
        synchronized (this)
        {
            refuseHeld("testLock", at);
            final long word = transport.atomic(AmoOp.FETCH, HOME_PE, at, Long.BYTES, 0, 0);
            // free: the next ticket is the one being served; take it only if no one took it meanwhile
            if ((int)(word >>> 32) != (int)word ||
                transport.atomic(AmoOp.COMPARE_SWAP, HOME_PE, at, Long.BYTES, word + TICKET, word) != word)
            {
                return false;
            }
            hold(at);
            return true;
        }
    }

    public void clearLock(final SymmetricSegment lock)
    {
        final long at = lockOffset("clearLock", lock);
        final Transport transport = SymmetricHeap.transportOf(lock);
        synchronized (this)
        {
            final int slot = indexOf(at);
            if (slot < 0)
            {
                throw new IllegalStateException("clearLock: this PE does not hold the lock at heap offset " +
                    lock.heapOffset() + " (it never took it, or released it already)");
            }
            // what this PE wrote under the lock is visible to whoever takes it next
            ordering.quiet();
            long word = transport.atomic(AmoOp.FETCH, HOME_PE, at, Long.BYTES, 0, 0);
            long witnessed;
            // serve the next ticket; the low half wraps without carrying into the high half
            while ((witnessed = transport.atomic(AmoOp.COMPARE_SWAP, HOME_PE, at, Long.BYTES,
                word & ~SERVING | (word + 1) & SERVING, word)) != word)
            {
                word = witnessed;
            }
            held[slot] = held[--heldCount];
        }
    }

    private long lockOffset(final String call, final SymmetricSegment lock)
    {
        // the lock is one long: the symmetric object itself, as in C
        final long at = SymmetricHeap.elementOffset(call, "lock", lock, 0, Long.BYTES);
        if (lock.byteSize() != Long.BYTES)
        {
            throw new IllegalArgumentException(call + ": lock is " + lock.byteSize() + " bytes: a lock is one " +
                "symmetric long (8 bytes, zero before first use), e.g. shmem.calloc(1, JAVA_LONG)");
        }
        return at;
    }

    private void refuseHeld(final String call, final long at)
    {
        if (indexOf(at) >= 0)
        {
            throw new IllegalStateException(call + ": this PE already holds this lock (locks are not reentrant: " +
                "clearLock it first)");
        }
    }

    private int indexOf(final long at)
    {
        for (int i = 0; i < heldCount; i++)
        {
            if (held[i] == at)
            {
                return i;
            }
        }
        return -1;
    }

    private void hold(final long at)
    {
        if (heldCount == held.length)
        {
            held = Arrays.copyOf(held, heldCount * 2);
        }
        held[heldCount++] = at;
    }
}
