package io.ishmem.core.collective;

/**
 * Which collective a PE is in; the code travels in every barrier flag so that PEs calling different
 * collectives at the same point find out instead of deadlocking.
 */
public enum CollectiveOp
{
    INIT(1, "init"),
    CLOSE(2, "close"),
    BARRIER_ALL(3, "barrierAll"),
    SYNC_ALL(4, "syncAll"),
    MALLOC(5, "malloc"),
    CALLOC(6, "calloc"),
    ALIGN(7, "align"),
    FREE(8, "free"),
    TEAM_SYNC(9, "team.sync"),
    TEAM_SPLIT_STRIDED(10, "splitStrided"),
    TEAM_SPLIT_2D(11, "split2d"),
    TEAM_DESTROY(12, "team.destroy"),
    INTERNAL(13, "internal step"),
    DEVICE_MALLOC(14, "device().malloc"),
    DEVICE_CALLOC(15, "device().calloc"),
    DEVICE_ALIGN(16, "device().align"),
    DEVICE_FREE(17, "device().free"),
    DEVICE_SETUP(18, "device heap set-up"),
    BARRIER(19, "barrier"),
    BROADCAST(20, "broadcast"),
    COLLECT(21, "collect"),
    FCOLLECT(22, "fcollect"),
    ALLTOALL(23, "alltoall"),
    ALLTOALLS(24, "alltoalls"),
    REDUCE(25, "reduce");

    private static final CollectiveOp[] BY_CODE = new CollectiveOp[256];

    static
    {
        for (final CollectiveOp op : values())
        {
            BY_CODE[op.code] = op;
        }
    }

    private final int code;
    private final String callName;

    CollectiveOp(final int code, final String callName)
    {
        this.code = code;
        this.callName = callName;
    }

    public int code()
    {
        return code;
    }

    public String callName()
    {
        return callName;
    }

    /**
     * @param code the low byte of a flag word.
     * @return the op's call name, or "collective #code" for an unknown code.
     */
    public static String nameOf(final int code)
    {
        final CollectiveOp op = code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
        return op != null ? op.callName : "collective #" + code;
    }
}
