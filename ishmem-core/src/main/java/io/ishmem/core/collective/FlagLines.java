package io.ishmem.core.collective;

import io.ishmem.core.heap.AddressSpace;
import io.ishmem.core.heap.ControlBlock;

import java.lang.foreign.MemorySegment;

/**
 * Where one member's barrier flags of a team sit, in {@link AddressSpace#ALL}: in round r of a dissemination member
 * i stores into member i + 2^r's line r and waits on its own line r, written by member i - 2^r. A counter barrier
 * ({@link BarrierCount}) has one line to store into (its arrival) and one to wait on (its release). Flags sit in the
 * control block of the PE that waits on them, one writer per line.
 */
final class FlagLines
{
    private static final long[] NO_LONGS = {};
    private static final int[] NO_INTS = {};

    /** Each round's flag line, the same offset in every member's block. */
    final long[] offsets;
    /** Where this PE waits: each round's flag line, or a counter barrier's release line alone. */
    final long[] mine;
    /** Where this PE stores each round's flag, 0 for a target on another node; a counter barrier's arrival line. */
    final long[] targets;
    /** World PE of each round's target, member {@code myIndex + 2^r}. */
    final int[] targetPes;
    /** World PE of each round's source, member {@code myIndex - 2^r}. */
    final int[] sourcePes;

    /**
     * @param rounds    the dissemination rounds; 0 for a team of one or a counter barrier.
     * @param count     the counter barrier, or null.
     * @param memberPes world PE of each member, by team index.
     * @param myIndex   this PE's index in the team.
     * @param blocks    control block of every world PE; null for a PE on another node.
     */
    FlagLines(final int rounds, final BarrierCount count, final int[] memberPes, final int myIndex,
        final MemorySegment[] blocks, final int maxTeams, final int teamSlot)
    {
        final int size = memberPes.length;
        final int lines = count != null ? 1 : rounds;
        // a team of one (a split's often are) has no rounds, and shares empty arrays
        this.offsets = rounds == 0 ? NO_LONGS : new long[rounds];
        this.mine = lines == 0 ? NO_LONGS : new long[lines];
        this.targets = lines == 0 ? NO_LONGS : new long[lines];
        this.targetPes = rounds == 0 ? NO_INTS : new int[rounds];
        this.sourcePes = rounds == 0 ? NO_INTS : new int[rounds];
        if (count != null)
        {
            mine[0] = count.releaseLine(myIndex);
            targets[0] = count.arrivalLine(myIndex);
        }
        final long myBlockAddress = AddressSpace.addressOf(blocks[memberPes[myIndex]]);
        for (int r = 0; r < rounds; r++)
        {
            final int distance = 1 << r;
            final int target = memberPes[(myIndex + distance) % size];
            targetPes[r] = target;
            sourcePes[r] = memberPes[((myIndex - distance) % size + size) % size];
            offsets[r] = ControlBlock.flagOffset(maxTeams, teamSlot, r);
            mine[r] = myBlockAddress + offsets[r];
            targets[r] = blocks[target] == null ? 0L : blocks[target].address() + offsets[r];
        }
    }
}
