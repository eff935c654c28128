package io.ishmem.bench.tails;

/**
 * Whose distribution a row shows: PE 0's own (what {@code oshm_tail} prints, so the two compare like for
 * like), or the worst PE's, the largest value of each statistic over all PEs in each round, since a
 * collective runs at the pace of its slowest PE.
 */
enum Scope
{
    PE0("PE 0", "pe0"),
    WORST("worst PE", "worst");

    private final String label;
    private final String tag;

    Scope(final String label, final String tag)
    {
        this.label = label;
        this.tag = tag;
    }

    String label()
    {
        return label;
    }

    String tag()
    {
        return tag;
    }
}
