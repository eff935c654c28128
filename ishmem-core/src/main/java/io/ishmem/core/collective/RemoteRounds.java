package io.ishmem.core.collective;

import io.ishmem.NativeCallException;
import io.ishmem.PeFailureException;
import io.ishmem.core.heap.ControlBlock;
import io.ishmem.core.transport.RemoteControl;
import io.ishmem.core.wait.Liveness;

import java.util.concurrent.locks.LockSupport;

/**
 * The rounds of a team's barrier to members on other nodes, which have no mapped block here: what this PE writes
 * into them goes through {@link RemoteControl} (the words beside the flag, a fence, then the flag, so the flag still
 * publishes them), and a member UCX cannot reach is named as the PE that failed when the launcher reports one.
 */
final class RemoteRounds
{
    /** How long a barrier that could not reach a member waits for the launcher to name the PE that failed. */
    private static final long UNREACHABLE_WAIT_MS = 3_000;

    private final RemoteControl remote;
    private final TeamName teamName;
    private final long[] flagOffsets;
    private final int[] targetPes;
    private final Liveness liveness;

    RemoteRounds(final RemoteControl remote, final TeamName teamName, final long[] flagOffsets, final int[] targetPes,
        final Liveness liveness)
    {
        this.remote = remote;
        this.teamName = teamName;
        this.flagOffsets = flagOffsets;
        this.targetPes = targetPes;
        this.liveness = liveness;
    }

    /**
     * Before the first flag of a barrier in a job across nodes: whatever this PE wrote into other nodes' memory (a
     * reduction's contributions to their blocks) is complete there, since a member may learn of this PE's arrival
     * through a third member, on another endpoint, which a fence does not order.
     */
    void completeWrites()
    {
        remote.complete();
    }

    /**
     * Round r to a member on another node: the words beside the flag, a fence (the same endpoint), the flag, which
     * publishes them as the release of the local path does.
     */
    void publish(final int r, final long parity, final long hashes, final long arrivalWord, final long peWord,
        final long flag, final String call)
    {
        final int pe = targetPes[r];
        final long line = flagOffsets[r];
        try
        {
            remote.putLong(pe, line + ControlBlock.FLAG_HASH_OFFSET + parity, hashes);
            remote.putLong(pe, line + ControlBlock.FLAG_ARRIVAL_OFFSET + parity, arrivalWord);
            remote.putLong(pe, line + ControlBlock.FLAG_ARRIVAL_PE_OFFSET + parity, peWord);
            remote.fence();
            remote.putLong(pe, line + parity, flag);
        }
        catch (final NativeCallException ex)
        {
            throw unreachable(ex, pe, call);
        }
    }

    /** @return word {@code offset} of world PE {@code pe}'s block, fetched. */
    long word(final int pe, final long offset)
    {
        return remote.getLong(pe, offset);
    }

    /**
     * A member on another node whose flag UCX could not deliver: most often a PE that died, which the launcher reports
     * within moments; that report is the cause to name, when it comes within {@value #UNREACHABLE_WAIT_MS} ms, else
     * the member with UCX's own words.
     */
    private RuntimeException unreachable(final NativeCallException ex, final int pe, final String call)
    {
        final long untilNs = System.nanoTime() + UNREACHABLE_WAIT_MS * 1_000_000L;
        do
        {
            if (!liveness.probe(true))
            {
                return liveness.failure(call + " (team " + teamName + ", PE " + pe + " unreachable: " +
                    ex.getMessage() + ")");
            }
            LockSupport.parkNanos(1_000_000L);
        }
        while (System.nanoTime() - untilNs < 0);
        return new PeFailureException(pe, call + " on team " + teamName + ": PE " + pe + " on another node cannot " +
            "be reached: " + ex.getMessage());
    }
}
