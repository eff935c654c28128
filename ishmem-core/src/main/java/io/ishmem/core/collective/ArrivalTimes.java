package io.ishmem.core.collective;

import io.ishmem.core.heap.AddressSpace;
import io.ishmem.core.heap.ControlBlock;
import io.ishmem.core.observe.BarrierEvent;
import io.ishmem.core.observe.Observe;

import java.lang.foreign.ValueLayout;

/**
 * This PE's arrival at the barrier in progress and the latest arrival heard of, with its PE (one barrier at a time),
 * for the {@code ishmem.Barrier} event: a PE that is not recording reads no clock and passes no arrival on, so a
 * recording PE hears of the arrivals of the PEs that record too (a recording of the whole job, as ishmemrun --profile
 * makes, hears of every PE).
 */
final class ArrivalTimes
{
    private final int myWorldPe;
    private long arrivedNs;
    private long lastNs;
    private long lastPe;

    ArrivalTimes(final int myWorldPe)
    {
        this.myWorldPe = myWorldPe;
    }

    /** @return this PE's barrier event begun now, or null when no recording wants one. */
    BarrierEvent arrive()
    {
        final BarrierEvent event = Observe.barrierBegin();
        arrivedNs = event != null ? System.nanoTime() : 0;
        lastNs = arrivedNs;
        lastPe = myWorldPe;
        return event;
    }

    /** @return the latest arrival heard of, to pass on beside a flag: 0 when this PE read no clock. */
    long lastNs()
    {
        return lastNs;
    }

    /** @return the world PE of {@link #lastNs}. */
    long lastPe()
    {
        return lastPe;
    }

    /** After a round's flag at {@code line} was acquired: keeps the later of the arrival heard of and the latest. */
    void hear(final long line, final long parity)
    {
        final long heardNs = AddressSpace.ALL.get(ValueLayout.JAVA_LONG,
            line + ControlBlock.FLAG_ARRIVAL_OFFSET + parity);
        final long heardPe = AddressSpace.ALL.get(ValueLayout.JAVA_LONG,
            line + ControlBlock.FLAG_ARRIVAL_PE_OFFSET + parity);
        // 0 is a PE that read no clock; nanoTime on Linux counts from boot, never 0 (and the compare is wrap-safe);
        // a tagged PE word is a split's fold, left by an earlier barrier of this parity
        if (heardNs != 0 && (heardPe & ControlBlock.FLAG_FOLD_TAG) == 0 && (lastNs == 0 || heardNs - lastNs > 0))
        {
            lastNs = heardNs;
            lastPe = heardPe;
        }
    }

    void end(final BarrierEvent event, final String call, final String team, final long seq)
    {
        Observe.barrierEnd(event, call, team, seq, (int)lastPe, lastNs - arrivedNs);
    }
}
