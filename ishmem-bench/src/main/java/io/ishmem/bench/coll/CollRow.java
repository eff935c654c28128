package io.ishmem.bench.coll;

import java.util.List;

/**
 * One row of the coll report: one of our cases at one PE count, beside the same case over UCX, its floor and
 * {@code oshm_coll}'s figure, with its goals (checked on {@code ours} only). Times in nanoseconds per op.
 *
 * @param pes     the PE count.
 * @param c       the case.
 * @param ours    our figures, from the normal run (the shared-memory transport).
 * @param overUcx our figures from the run with {@code ISHMEM_TRANSPORT=ucx}, {@link CollResults.Figures#NONE}
 *                if it printed none.
 * @param floor   the floor's p50 ({@link CollCase#floorTimes()} of it), NaN if it was not measured.
 * @param oshmem  {@code oshm_coll}'s p50, NaN if it did not run.
 * @param checks  the goals of the case, checked.
 */
record CollRow(int pes, CollCase c, CollResults.Figures ours, CollResults.Figures overUcx, double floor,
    double oshmem, List<CollTargets.Check> checks)
{
    CollRow
    {
        checks = List.copyOf(checks);
    }

    double p50()
    {
        return ours.p50().median();
    }

    /**
     * @return the p50 of our run over UCX, NaN without it.
     */
    double overUcxP50()
    {
        return overUcx.p50().median();
    }

    /**
     * @return ours / the floor, NaN without either.
     */
    double ratioToFloor()
    {
        return ratio(p50(), floor);
    }

    /**
     * @return ours / OSHMEM's, NaN without either.
     */
    double ratioToOshmem()
    {
        return ratio(p50(), oshmem);
    }

    /**
     * @return ours over UCX / OSHMEM's, NaN without either.
     */
    double ratioOverUcxToOshmem()
    {
        return ratio(overUcxP50(), oshmem);
    }

    private static double ratio(final double ours, final double reference)
    {
        return Double.isNaN(ours) || Double.isNaN(reference) || reference <= 0 ? Double.NaN : ours / reference;
    }
}
