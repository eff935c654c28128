package io.ishmem.bench.tails;

/**
 * Who ran an op and how: our job unbound or bound one CPU per PE, our job with UCX carrying the heaps
 * (unbound), or Open MPI's OpenSHMEM (itself over UCX).
 */
enum Variant
{
    OURS_UNBOUND("ours unbound", "ours-unbound"),
    OURS_BOUND("ours bound", "ours-bound"),
    OURS_UCX("ours over UCX", "ours-ucx"),
    OSHMEM("OSHMEM", "oshmem");

    private final String label;
    private final String tag;

    Variant(final String label, final String tag)
    {
        this.label = label;
        this.tag = tag;
    }

    /**
     * @return the name in tables and legends.
     */
    String label()
    {
        return label;
    }

    /**
     * @return the name in CSV files and raw lines: no spaces.
     */
    String tag()
    {
        return tag;
    }

    boolean ours()
    {
        return this != OSHMEM;
    }
}
