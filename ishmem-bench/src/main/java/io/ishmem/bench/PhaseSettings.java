package io.ishmem.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What a phase that sets our jobs beside an anchor program (tails, coll) runs.
 *
 * @param peCounts   the PE counts, each at least 2.
 * @param rounds     rounds of our job, the first of them the warm-up; at least 2.
 * @param scale      multiplies our calls per round (1 for a real run; the anchor's are fixed).
 * @param anchor     the anchor program built with Open MPI's {@code oshcc}, or {@code null} to leave
 *                   OpenSHMEM out.
 * @param jvmArgs    JVM options added to our PEs' defaults, for experiments.
 * @param jobTimeout how long any one run may take.
 */
public record PhaseSettings(List<Integer> peCounts, int rounds, double scale, Path anchor, List<String> jvmArgs,
    Duration jobTimeout)
{
    public PhaseSettings
    {
        peCounts = List.copyOf(peCounts);
        jvmArgs = List.copyOf(jvmArgs);
    }
}
