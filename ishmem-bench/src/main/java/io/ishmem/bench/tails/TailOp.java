package io.ishmem.bench.tails;

/**
 * The operations of the tails bench, in report order. {@link #lineName()} is the word after {@code tail} in
 * a result line; the first two are the names the anchors' {@code oshm_tail.c} prints, so its lines and ours
 * land in the same rows.
 */
enum TailOp
{
    BARRIER("barrier", "barrier_all", 20_000),
    MALLOC_FREE("malloc+free", "malloc(64) + free", 4_000),
    TEAM_SPLIT_DESTROY("team_split+destroy", "team split (all PEs) + destroy", 1_000),
    PUT_SIGNAL_RTT("putsig_rtt", "put-with-signal 8 B SET, round trip", 10_000),
    P_WAIT_RTT("p_wait_rtt", "p + waitUntil, round trip", 10_000);

    private final String lineName;
    private final String label;
    private final int calls;

    TailOp(final String lineName, final String label, final int calls)
    {
        this.lineName = lineName;
        this.label = label;
        this.calls = calls;
    }

    /**
     * @return the op's name in result lines.
     */
    String lineName()
    {
        return lineName;
    }

    /**
     * @return what the op is, for tables and plot titles.
     */
    String label()
    {
        return label;
    }

    /**
     * @param scale multiplies the calls of a real run (1); a smoke run passes a small fraction.
     * @return timed calls per round, at least 10 so every percentile below p90 has a sample of its own.
     */
    int calls(final double scale)
    {
        return Math.max(10, (int)Math.round(calls * scale));
    }

    /**
     * @return the file name of the op's plot.
     */
    String plotFile()
    {
        return "tail_" + lineName.replace('+', '_') + ".png";
    }

    /**
     * @param lineName a name from a result line.
     * @return the op, or {@code null} if no op has that name.
     */
    static TailOp byLineName(final String lineName)
    {
        for (final TailOp op : values())
        {
            if (op.lineName.equals(lineName))
            {
                return op;
            }
        }
        return null;
    }
}
