package io.ishmem.core.collective;

import io.ishmem.core.heap.AddressSpace;
import io.ishmem.core.heap.ControlBlock;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * A member's announcement of a collective, at its address in {@link AddressSpace#ALL} (this PE's control block plus
 * {@link ControlBlock#announceOffset}): the sequence and op, the arguments every member must pass alike, two words of
 * its own; and the hash of those arguments that rides the collective's barrier, so that members who agree read none
 * of each other's announcements. Static, so each step inlines into {@link TeamSync}'s calls.
 */
final class Announcements
{
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private Announcements()
    {
    }

    static void write(final long at, final long seq, final CollectiveOp op, final long arg0, final long arg1,
        final long arg2, final long arg3, final long arg4, final long own)
    {
        final MemorySegment all = AddressSpace.ALL;
        all.set(ValueLayout.JAVA_LONG, at + argumentOffset(0), arg0);
        all.set(ValueLayout.JAVA_LONG, at + argumentOffset(1), arg1);
        all.set(ValueLayout.JAVA_LONG, at + argumentOffset(2), arg2);
        all.set(ValueLayout.JAVA_LONG, at + argumentOffset(3), arg3);
        all.set(ValueLayout.JAVA_LONG, at + argumentOffset(4), arg4);
        all.set(ValueLayout.JAVA_LONG, at + ControlBlock.ANNOUNCE_OWN_OFFSET, own);
        // release: the barrier flag that follows publishes the arguments too; this orders them first
        LONG.setRelease(all, at, seq << 8 | op.code());
    }

    static void writeSecondOwn(final long at, final long own)
    {
        AddressSpace.ALL.set(ValueLayout.JAVA_LONG, at + ControlBlock.ANNOUNCE_OWN_OFFSET + 8, own);
    }

    /** @return the 32-bit hash of {@code op} and the arguments announced at {@code at}, never 0. */
    static long hash(final long at, final CollectiveOp op)
    {
        // each argument times an odd constant of its own, summed, then one mix: the products do not wait for each
        // other, where five chained mixes took some 50 cycles, on the path to the store of the flag that carries
        // the hash. Members that differ in one argument never collide before the 32-bit fold (an odd factor is
        // invertible); the flag also carries the op code
        final long h = mix(op.code() * 0x9E37_79B9_7F4A_7C15L
            + argument(at, 0) * 0xBF58_476D_1CE4_E5B9L
            + argument(at, 1) * 0x94D0_49BB_1331_11EBL
            + argument(at, 2) * 0xC2B2_AE3D_27D4_EB4FL
            + argument(at, 3) * 0x1656_67B1_9E37_79F9L
            + argument(at, 4) * 0xD6E8_FEB8_6659_FD93L);
        // never 0, which stands for a collective without arguments
        return (h ^ (h >>> 32)) & 0xFFFF_FFFFL | 1L;
    }

    /** @return where argument {@code index} sits in an announcement: after the word of sequence and op. */
    static long argumentOffset(final int index)
    {
        return 8 + 8L * index;
    }

    private static long argument(final long at, final int index)
    {
        return AddressSpace.ALL.get(ValueLayout.JAVA_LONG, at + argumentOffset(index));
    }

    private static long mix(final long x)
    {
        long z = x * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 31)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 29);
    }
}
