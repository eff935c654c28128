package io.ishmem.bench.coll;

import io.ishmem.bench.Sizes;

/**
 * What the coll phase measures, in the order every PE runs it: the operations and sizes of the anchors'
 * {@code oshm_coll.c}, in its order and with its ops per sample ({@code k}), plus our team barrier, each
 * floor right after the first operation it is the floor of. {@link #lineName()} is the name in result
 * lines; for our operations it is the name {@code oshm_coll} prints, so its lines and ours land in the same
 * rows.
 */
enum CollCase
{
    BARRIER_ALL("barrier_all", Group.BARRIER, 200, 0, "barrierAll"),
    TEAM_BARRIER("team_barrier", Group.BARRIER, 200, 0, "barrier(world team)"),
    RAW_BARRIER("raw_barrier", Group.FLOOR, 200, 0, "raw barrier"),
    SUM_SMALL("sum_to_all", Group.SMALL, 100, 8, "sumReduceLong"),
    SUM_LARGE("sum_to_all", Group.LARGE, 2, CollCase.MAX_BYTES, "sumReduceLong"),
    BROADCAST_SMALL("broadcast64", Group.SMALL, 100, 8, "broadcast from PE 0"),
    BROADCAST_LARGE("broadcast64", Group.LARGE, 2, CollCase.MAX_BYTES, "broadcast from PE 0"),
    FCOLLECT_SMALL("fcollect64", Group.SMALL, 100, 8, "fcollect"),
    /** {@code MAX_BYTES / nPes} from each PE: 1 MiB in all. */
    FCOLLECT_LARGE("fcollect64", Group.LARGE, 2, -1, "fcollect"),
    ALLTOALL("alltoall64", Group.SMALL, 100, 8, "alltoall"),
    COPY("copy", Group.FLOOR, 2, CollCase.MAX_BYTES, "copy"),
    FETCH_ADD("fetch_add", Group.ATOMIC, 1000, 8, "atomicFetchAddLong on the next PE"),
    GET_AND_ADD("get_and_add", Group.FLOOR, 1000, 8, "getAndAdd"),
    COMPARE_SWAP("compare_swap", Group.ATOMIC, 1000, 8, "atomicCompareSwapLong on the next PE"),
    COMPARE_AND_EXCHANGE("compare_and_exchange", Group.FLOOR, 1000, 8, "compareAndExchange"),
    FETCH_ADD_ONE_WORD("fetch_add_one_word", Group.CONTENDED, 1000, 8, "atomicFetchAddLong, all PEs on one word"),
    GET_AND_ADD_ONE_WORD("get_and_add_one_word", Group.FLOOR, 1000, 8, "getAndAdd, all PEs on one word"),
    MALLOC_FREE("malloc_free", Group.HEAP, 50, 4096, "malloc(4096) + free");

    /** {@code MAXB} of {@code oshm_coll.c}: the large size. */
    static final long MAX_BYTES = 1 << 20;

    /** What a case is, which decides its floor and its goals. */
    enum Group
    {
        /** A barrier: the floor is the raw barrier. */
        BARRIER,
        /** An 8-byte collective: within 1.5x of our team barrier. */
        SMALL,
        /** A 1 MiB collective: at least 70% of the copy floor. */
        LARGE,
        /** An uncontended atomic on the next PE: within 1.5x of the raw operation. */
        ATOMIC,
        /** Every PE's atomic on one word of PE 0. */
        CONTENDED,
        /** Symmetric allocation. */
        HEAP,
        /** A floor: raw memory operations in the same JVMs, no library code. */
        FLOOR
    }

    private final String lineName;
    private final Group group;
    private final int calls;
    private final long bytes;
    private final String label;

    CollCase(final String lineName, final Group group, final int calls, final long bytes, final String label)
    {
        this.lineName = lineName;
        this.group = group;
        this.calls = calls;
        this.bytes = bytes;
        this.label = label;
    }

    String lineName()
    {
        return lineName;
    }

    Group group()
    {
        return group;
    }

    /**
     * @return what the case is, for tables and plot titles.
     */
    String label()
    {
        return label;
    }

    boolean ours()
    {
        return group != Group.FLOOR;
    }

    /**
     * @return whether {@code oshm_coll} runs the same operation (all of ours but the team barrier).
     */
    boolean inOshmem()
    {
        return ours() && this != TEAM_BARRIER;
    }

    /**
     * @param nPes the PE count.
     * @return the size in result lines: bytes per PE (reductions, fcollect), per pair (alltoall) or in all
     *         (broadcast, copy); 0 for barriers.
     */
    long bytes(final int nPes)
    {
        return bytes < 0 ? MAX_BYTES / nPes : bytes;
    }

    /**
     * @param nPes the PE count.
     * @return the size in words, for tables.
     */
    String sizeLabel(final int nPes)
    {
        return switch (this)
        {
            case BARRIER_ALL, TEAM_BARRIER, RAW_BARRIER -> "-";
            case FCOLLECT_SMALL -> "8 B per PE";
            case FCOLLECT_LARGE -> "1 MiB in all (" + Sizes.of(bytes(nPes)) + " per PE)";
            case SUM_SMALL, SUM_LARGE -> Sizes.of(bytes(nPes)) + " per PE";
            case ALLTOALL -> "8 B per pair";
            default -> Sizes.of(bytes(nPes));
        };
    }

    /**
     * @param scale multiplies the ops per sample of a real run (1); a smoke run passes a small fraction.
     * @return ops per sample, at least 1.
     */
    int calls(final double scale)
    {
        return Math.max(1, (int)Math.round(calls * scale));
    }

    /**
     * @return the floor this case is set beside, {@code null} for a floor.
     */
    CollCase floor()
    {
        return switch (group)
        {
            case BARRIER, SMALL, HEAP -> RAW_BARRIER;
            case LARGE -> COPY;
            case ATOMIC -> this == FETCH_ADD ? GET_AND_ADD : COMPARE_AND_EXCHANGE;
            case CONTENDED -> GET_AND_ADD_ONE_WORD;
            case FLOOR -> null;
        };
    }

    /**
     * @return how many of {@link #floor()} make the floor: malloc and free are each collective and cannot
     *         do with less than one barrier each.
     */
    int floorTimes()
    {
        return this == MALLOC_FREE ? 2 : 1;
    }

    /**
     * @return the floor's name in tables.
     */
    String floorLabel()
    {
        final CollCase floor = floor();
        return floor == null ? "-" : (floorTimes() > 1 ? floorTimes() + " x " : "") + floor.label();
    }

    /**
     * @param lineName a name from a result line.
     * @param bytes    the size on that line.
     * @param nPes     the PE count of the run that printed it.
     * @return the case, or {@code null} if none has that name and size.
     */
    static CollCase find(final String lineName, final long bytes, final int nPes)
    {
        for (final CollCase candidate : values())
        {
            if (candidate.lineName.equals(lineName) && candidate.bytes(nPes) == bytes)
            {
                return candidate;
            }
        }
        return null;
    }
}
