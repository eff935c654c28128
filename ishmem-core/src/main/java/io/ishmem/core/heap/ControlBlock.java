package io.ishmem.core.heap;

import io.ishmem.IshmemException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * Layout of the control block at the start of every PE's memory file, before its symmetric heap.
 * Each PE writes its own header, state, announcements and split scratch; peers write only the
 * barrier flags, each flag by exactly one peer at a time, each on its own cache line (a counter barrier's count,
 * in member 0's block, is the one line that every member of a team writes).
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                       Magic "ISHMEMCB"                        |
 *  +---------------------------------------------------------------+
 *  |            Version (written last)     |        PE             |
 *  +---------------------------------------------------------------+
 *  |        nPEs                   |        pid                    |
 *  +---------------------------------------------------------------+
 *  |        max teams              |  job flags (PE 0's hold)      |
 *  +---------------------------------------------------------------+
 *  |                  Job id hash  |  Symmetric heap size          |
 *  +---------------------------------------------------------------+  128 (two cache lines)
 *  |  State (owner, release)       |  Blamed PE + 1 (owner)        |
 *  +---------------------------------------------------------------+  256
 *  |  Announcements: two 64-byte lines per team slot, owner-written,|
 *  |  one per collective parity: seq|op, five arguments, two words |
 *  |  of this PE's own (collect's contribution and room)           |
 *  +---------------------------------------------------------------+  256 + 128 * maxTeams
 *  |  Barrier flags: maxTeams x MAX_ROUNDS lines, one writer each, |
 *  |  two words by sequence parity: sequence << 16 | lowest op << 8|
 *  |  | highest op, release/acquire; then two words by parity:     |
 *  |  lowest argument hash << 32 | highest argument hash; then by  |
 *  |  parity the latest arrival time heard of, then its PE.        |
 *  |  A counter barrier (TeamSync) uses lines 0 to 2: each member's |
 *  |  arrival on line 0 of its successor's block, the release on   |
 *  |  line 1 of each member's, the count on line 2 of member 0's   |
 *  +---------------------------------------------------------------+  256 + 64 * (2 + MAX_ROUNDS) * maxTeams
 *  |  Split scratch: two 128-byte entries per team slot, owner-    |
 *  |  written, chosen by the parity of the parent's barrier seq:   |
 *  |  line 1: local error code, slot claim result, which config was|
 *  |  invalid and its mask, whether the window is reserved, and a  |
 *  |  copy of the window's first word;                             |
 *  |  line 2: a window of SPLIT_WINDOW_BITS                        |
 *  |  (512) free-slot bits                                         |
 *  +---------------------------------------------------------------+
 *  |  Reduction scratch: per team slot, two halves by collective   |
 *  |  parity, each nPEs entries of reduceEntryLength(nPEs) bytes:  |
 *  |  entry i is written by team member i, read by the owner       |
 *  +---------------------------------------------------------------+  rounded up to 4096
 * </pre>
 */
public final class ControlBlock
{
    public static final long MAGIC = 0x424D_4D45_4D48_5349L; // "ISHMEMMB" little-endian
    // 3: barrier flags carry the lowest and highest op heard of, in two words by sequence parity
    // 4: argument hashes beside the flags, 64-byte announcements, reduction scratch
    // 5: a split's arguments are compared by the hash beside the flags (a peer of 4 sends none), and the first
    //    line of its scratch entry carries the first word of the free-slot window
    // 6: a split's barrier folds the members' verdicts in the arrival words beside its flags (a peer of 5 leaves
    //    arrival times there)
    // 7: the hash of a collective's arguments sums each argument times a constant of its own before one mix (a
    //    peer of 6 chains a mix per argument, so equal arguments would hash apart)
    // 8: the job's barrier in PE 0's header (a counter barrier writes lines a peer of 7 waits on for rounds)
    public static final int MAJOR_VERSION = 8;
    // 0: the barrier flag lines carry the latest arrival time heard of and its PE
    public static final int MINOR_VERSION = 0;
    public static final int VERSION = (MAJOR_VERSION << 16) | MINOR_VERSION;

    public static final int CACHE_LINE = 64;
    /** Rounds of a dissemination barrier over the largest supported team: log2(MAX_PES). */
    public static final int MAX_ROUNDS = 12;
    public static final int MAX_PES = 1 << MAX_ROUNDS;

    public static final long MAGIC_OFFSET = 0;
    public static final long VERSION_OFFSET = MAGIC_OFFSET + 8;
    public static final long PE_OFFSET = VERSION_OFFSET + 4;
    public static final long NPES_OFFSET = PE_OFFSET + 4;
    public static final long PID_OFFSET = NPES_OFFSET + 4;
    public static final long MAX_TEAMS_OFFSET = PID_OFFSET + 4;
    /** Job-wide choices, read from PE 0's block by every PE so that they cannot differ: {@link #FLAG_COUNTER_BARRIER}. */
    public static final long JOB_FLAGS_OFFSET = MAX_TEAMS_OFFSET + 4;
    public static final long JOB_HASH_OFFSET = JOB_FLAGS_OFFSET + 4;
    /** Teams on one node synchronise by a counter barrier (TeamSync), not by dissemination rounds. */
    public static final int FLAG_COUNTER_BARRIER = 1;
    /** Counter barrier lines of a team slot: the arrivals' (a dissemination's round 0), the releases', the count's. */
    public static final int COUNTER_ARRIVAL_LINE = 0;
    public static final int COUNTER_RELEASE_LINE = 1;
    public static final int COUNTER_COUNT_LINE = 2;
    public static final long HEAP_SIZE_OFFSET = JOB_HASH_OFFSET + 8;

    public static final long STATE_OFFSET = 2 * CACHE_LINE;
    /** The PE (plus one; 0: none known) that this PE saw fail before it gave up, written before ABORTED. */
    public static final long BLAMED_OFFSET = STATE_OFFSET + 8;
    public static final long ANNOUNCE_OFFSET = 4 * CACHE_LINE;
    public static final long ANNOUNCE_ENTRY_LENGTH = CACHE_LINE;
    /** Arguments an announcement carries, compared between members; then one word of the PE's own. */
    public static final int ANNOUNCE_ARGS = 5;
    /** The announcement's two own words: not compared (collect's contribution and room). */
    public static final long ANNOUNCE_OWN_OFFSET = 8 + ANNOUNCE_ARGS * 8;
    /** The argument-hash words of a flag line, after its two flag words. */
    public static final long FLAG_HASH_OFFSET = 16;
    /** The latest arrival heard of ({@code System.nanoTime}, CLOCK_MONOTONIC, one host): two words by parity. */
    public static final long FLAG_ARRIVAL_OFFSET = FLAG_HASH_OFFSET + 16;
    /** The world PE of that arrival: two words by parity; the line's last. */
    public static final long FLAG_ARRIVAL_PE_OFFSET = FLAG_ARRIVAL_OFFSET + 16;
    /**
     * In a split's barrier the two arrival words carry instead the fold of the members' verdicts (TeamSync's
     * arriveAnnouncedFolding): an AND in the first, an OR with this bit set in the second, so that no reader of
     * arrivals takes it for a PE.
     */
    public static final long FLAG_FOLD_TAG = 1L << 62;
    /** Reduction scratch entries of a team slot hold at most this many bytes each. */
    public static final long REDUCE_ENTRY_MAX = 512;
    /** Budget of one half of a slot's reduction scratch: entries shrink as PEs grow, to at least 8 bytes. */
    private static final long REDUCE_HALF_BUDGET = 4096;
    /** One split scratch entry: a line of code and claim words, a line of free-slot bits. */
    public static final long SPLIT_ENTRY_LENGTH = 2 * CACHE_LINE;
    public static final long SPLIT_CODE_OFFSET = 0;
    public static final long SPLIT_CLAIM_OFFSET = 8;
    /** For an invalid config: which config (strided, x or y axis) and whether it was null. */
    public static final long SPLIT_CONFIG_OFFSET = SPLIT_CLAIM_OFFSET + 8;
    /** For an invalid config: the mask passed with it. */
    public static final long SPLIT_CONFIG_MASK_OFFSET = SPLIT_CONFIG_OFFSET + 8;
    public static final long SPLIT_WINDOW_OFFSET = CACHE_LINE;
    /** Free-slot bits a split publishes per barrier: one cache line of longs. */
    public static final int SPLIT_WINDOW_BITS = CACHE_LINE * 8;

    public static final long STATE_STARTING = 0;
    public static final long STATE_RUNNING = 1;
    public static final long STATE_CLOSED = 2;
    public static final long STATE_FAILED = 3;
    /** This PE gave up because it saw another PE fail: its own exit is not a root cause. */
    public static final long STATE_ABORTED = 4;

    private static final long PAGE = 4096;
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    private ControlBlock()
    {
    }

    public static long barrierFlagsOffset(final int maxTeams)
    {
        return ANNOUNCE_OFFSET + (long)maxTeams * 2 * ANNOUNCE_ENTRY_LENGTH;
    }

    /**
     * @param maxTeams team slots.
     * @param nPes     PEs of the job.
     * @return bytes of the control block, a whole number of pages so the heap after it is page-aligned.
     */
    public static long length(final int maxTeams, final int nPes)
    {
        final long end = reduceScratchOffset(maxTeams) + (long)maxTeams * 2 * nPes * reduceEntryLength(nPes);
        return (end + PAGE - 1) & -PAGE;
    }

    /**
     * @param nPes PEs of the job.
     * @return the bytes one member may place in a peer's reduction scratch per collective: 512 up to 4 PEs,
     *         then less, so a slot's scratch stays within 8 KiB up to 512 PEs; a multiple of 8, at least 8.
     */
    public static long reduceEntryLength(final int nPes)
    {
        return Math.max(8, Math.min(REDUCE_ENTRY_MAX, REDUCE_HALF_BUDGET / nPes) & -8L);
    }

    public static long reduceScratchOffset(final int maxTeams)
    {
        return splitScratchOffset(maxTeams) + (long)maxTeams * 2 * SPLIT_ENTRY_LENGTH;
    }

    /**
     * @return the offset, in a member's block, of the entry that team member {@code index} writes for the
     *         collective of sequence {@code sequence} on team slot {@code teamSlot}.
     */
    public static long reduceEntryOffset(final int maxTeams, final int nPes, final int teamSlot,
        final long sequence, final int index)
    {
        final long entry = reduceEntryLength(nPes);
        return reduceScratchOffset(maxTeams) + (((long)teamSlot * 2 + (sequence & 1)) * nPes + index) * entry;
    }

    public static long splitScratchOffset(final int maxTeams)
    {
        return barrierFlagsOffset(maxTeams) + (long)maxTeams * MAX_ROUNDS * CACHE_LINE;
    }

    /**
     * @param maxTeams  team slots.
     * @param teamSlot  the slot of the parent team the split runs over.
     * @param sequence  the parent's barrier sequence that publishes the entry; its parity picks the entry,
     *                  so a PE may write the next one while slower peers still read this one.
     * @return the offset of the split scratch entry.
     */
    public static long splitEntryOffset(final int maxTeams, final int teamSlot, final long sequence)
    {
        return splitScratchOffset(maxTeams) + ((long)teamSlot * 2 + (sequence & 1)) * SPLIT_ENTRY_LENGTH;
    }

    /**
     * Clears this PE's announcements, barrier flags and split scratch of a slot, so the next team that
     * takes the slot starts from sequence 0. Only the owner calls this, once no peer can still write
     * those flags (after the destroying barrier).
     */
    public static void clearSlot(final MemorySegment block, final int maxTeams, final int teamSlot)
    {
        block.asSlice(announceOffset(teamSlot, 0), 2 * ANNOUNCE_ENTRY_LENGTH).fill((byte)0);
        block.asSlice(flagOffset(maxTeams, teamSlot, 0), (long)MAX_ROUNDS * CACHE_LINE).fill((byte)0);
        block.asSlice(splitEntryOffset(maxTeams, teamSlot, 0), 2 * SPLIT_ENTRY_LENGTH).fill((byte)0);
        // the stores above are published to peers by the release of this PE's next barrier flag
        VarHandle.releaseFence();
    }

    public static long flagOffset(final int maxTeams, final int teamSlot, final int round)
    {
        return barrierFlagsOffset(maxTeams) + ((long)teamSlot * MAX_ROUNDS + round) * CACHE_LINE;
    }

    /**
     * @return the offset of barrier {@code sequence}'s word within each pair of a flag line (the flag, the hashes,
     *         the arrival): 0 or 8 by the sequence's parity.
     */
    public static long flagParity(final long sequence)
    {
        return (sequence & 1) << 3;
    }

    public static long announceOffset(final int teamSlot, final long sequence)
    {
        return ANNOUNCE_OFFSET + ((long)teamSlot * 2 + (sequence & 1)) * ANNOUNCE_ENTRY_LENGTH;
    }

    /**
     * Writes the header of this PE's block; the version goes last, released, as the "ready" mark.
     */
    public static void writeHeader(final MemorySegment block, final int pe, final int nPes, final int pid,
        final int maxTeams, final int jobFlags, final long jobHash, final long heapSize)
    {
        block.set(ValueLayout.JAVA_INT, JOB_FLAGS_OFFSET, jobFlags);
        block.set(ValueLayout.JAVA_LONG, MAGIC_OFFSET, MAGIC);
        block.set(ValueLayout.JAVA_INT, PE_OFFSET, pe);
        block.set(ValueLayout.JAVA_INT, NPES_OFFSET, nPes);
        block.set(ValueLayout.JAVA_INT, PID_OFFSET, pid);
        block.set(ValueLayout.JAVA_INT, MAX_TEAMS_OFFSET, maxTeams);
        block.set(ValueLayout.JAVA_LONG, JOB_HASH_OFFSET, jobHash);
        block.set(ValueLayout.JAVA_LONG, HEAP_SIZE_OFFSET, heapSize);
        putState(block, STATE_STARTING);
        INT.setRelease(block, VERSION_OFFSET, VERSION);
    }

    /**
     * Checks a peer's block as it is mapped: another major version, another job or another shape is
     * refused with both values in the message.
     */
    public static void check(final MemorySegment block, final int expectedPe, final int nPes, final int maxTeams,
        final long jobHash, final long heapSize)
    {
        final int version = (int)INT.getAcquire(block, VERSION_OFFSET);
        final long magic = block.get(ValueLayout.JAVA_LONG, MAGIC_OFFSET);
        if (magic != MAGIC)
        {
            throw new IshmemException("control block of PE " + expectedPe + ": bad magic 0x" +
                Long.toHexString(magic) + " (not an ishmem4j heap)");
        }
        if ((version >>> 16) != MAJOR_VERSION)
        {
            throw new IshmemException("control block of PE " + expectedPe + ": version " + (version >>> 16) + "." +
                (version & 0xFFFF) + " is not compatible with this PE's version " + MAJOR_VERSION + "." +
                MINOR_VERSION + ": run one ishmem4j version across the job");
        }
        expect(expectedPe, "PE number", block.get(ValueLayout.JAVA_INT, PE_OFFSET), expectedPe);
        expect(expectedPe, "nPes (ISHMEM_NPES)", block.get(ValueLayout.JAVA_INT, NPES_OFFSET), nPes);
        expect(expectedPe, "max teams (ISHMEM_MAX_TEAMS)", block.get(ValueLayout.JAVA_INT, MAX_TEAMS_OFFSET), maxTeams);
        expect(expectedPe, "job id hash", block.get(ValueLayout.JAVA_LONG, JOB_HASH_OFFSET), jobHash);
        expect(expectedPe, "symmetric heap size (ISHMEM_SYMMETRIC_SIZE)",
            block.get(ValueLayout.JAVA_LONG, HEAP_SIZE_OFFSET), heapSize);
    }

    private static void expect(final int pe, final String what, final long actual, final long expected)
    {
        if (actual != expected)
        {
            throw new IshmemException("control block of PE " + pe + ": " + what + " is " + actual +
                " but this PE has " + expected + ": every PE of a job must be started alike");
        }
    }

    /**
     * @return whether the job whose PE 0 wrote {@code pe0Block} synchronises its teams on one node by a counter
     *         barrier: every PE reads PE 0's choice, so a setting that differs between PEs cannot split the job.
     */
    public static boolean counterBarrier(final MemorySegment pe0Block)
    {
        return (pe0Block.get(ValueLayout.JAVA_INT, JOB_FLAGS_OFFSET) & FLAG_COUNTER_BARRIER) != 0;
    }

    public static int pid(final MemorySegment block)
    {
        return block.get(ValueLayout.JAVA_INT, PID_OFFSET);
    }

    public static long state(final MemorySegment block)
    {
        return (long)LONG.getAcquire(block, STATE_OFFSET);
    }

    /**
     * @return the world PE this PE named when it gave up, or -1 when it named none.
     */
    public static int blamedPe(final MemorySegment block)
    {
        // ordered by the acquire of the ABORTED state that the reader saw first
        return (int)((long)LONG.get(block, BLAMED_OFFSET) - 1);
    }

    /**
     * Records the PE this PE saw fail; call before {@link #putState} with ABORTED, which publishes it.
     */
    public static void putBlamedPe(final MemorySegment block, final int pe)
    {
        LONG.set(block, BLAMED_OFFSET, (long)pe + 1);
    }

    public static void putState(final MemorySegment block, final long state)
    {
        // release: a peer that sees CLOSED also sees every store this PE made before closing
        LONG.setRelease(block, STATE_OFFSET, state);
    }

    public static String stateName(final long state)
    {
        return switch ((int)state)
        {
            case 0 -> "STARTING";
            case 1 -> "RUNNING";
            case 2 -> "CLOSED";
            case 3 -> "FAILED";
            case 4 -> "ABORTED";
            default -> "UNKNOWN(" + state + ")";
        };
    }
}
