package io.ishmem.bench.coll;

import io.ishmem.bench.Verdict;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code coll.md}: how it was measured, every row (ours, ours over UCX, the floor, OSHMEM) with its goals and
 * verdicts, then each miss with why.
 */
final class CollTable
{
    private CollTable()
    {
    }

    /**
     * @param rows  the phase's rows.
     * @param notes lines for the head of the report (machine, date, how each side ran, failures).
     */
    static String markdown(final List<CollRow> rows, final List<String> notes)
    {
        final StringBuilder md = new StringBuilder("## Collectives, atomics and heap management, ours over shared " +
            "memory and over UCX, beside their floors and Open MPI's OpenSHMEM\n\n");
        for (final String note : notes)
        {
            md.append(note).append("  \n");
        }
        md.append('\n')
            .append("Method (the anchors' `oshm_coll.c`, mirrored): per case, 3k ops of warm-up (ours: and then ")
            .append("more, to at least 300 ms a case and round, so that C2 has recompiled what the cases before ")
            .append("deoptimised), then ")
            .append(CollPe.SAMPLES).append(" samples of k ops, each sample started by a barrier; **p50**: the ")
            .append("median sample, per op, of the slowest PE; **mean**: the mean sample of the slowest PE; ")
            .append("**p99.9** and **max**: the same count of ops again, each timed on its own (one clock read ")
            .append("per op, which adds some 20-30 ns to each), the slowest PE's. Ours: the median over the ")
            .append("rounds after the first (the range is in coll.csv). Every PE checks every result. **Ours over ")
            .append("UCX**: the same job run again with `ISHMEM_TRANSPORT=ucx`, its figures taken the same way; the ")
            .append("goals are checked on ours (shared memory) only.\n\n")
            .append("Floors, raw memory operations in the same JVMs, measured the same way: **raw barrier**, the ")
            .append("library's barrier of raw memory operations: a dissemination barrier of release stores into the ")
            .append("peers' mapped words and acquire spins, or, where PEs outnumber the CPUs, a counter barrier ")
            .append("(getAndAdd on PE 0's word, the last to arrive release-storing into every PE's word, the others ")
            .append("yielding) ")
            .append("(the floor of the barriers, of the 8-byte collectives, and twice over of malloc + free, each ")
            .append("of which is collective); **copy**, `MemorySegment.copy` of 1 MiB from the next PE's mapped ")
            .append("heap into our own, every PE at once, then the raw barrier, so an op ends when every PE's copy is ")
            .append("done, as a collective's does: the bytes each PE must move in a 1 MiB broadcast (it ")
            .append("receives 1 MiB), an fcollect of 1 MiB in all (it writes its 1/n block into n destinations ")
            .append("and receives 1 MiB) and a 1 MiB reduction (it reads its 1/n slice of n sources and writes ")
            .append("its result slice into n destinations: one copy's traffic, plus the adds); ")
            .append("**getAndAdd** and **compareAndExchange**, the `VarHandle` operation on the same word of ")
            .append("the peer's mapped heap. Ratios are of p50s; \"missed by N%\": ours is N% over the limit.\n\n")
            .append("| operation | size | PEs | ours p50 | p99.9 | max | mean | ours over UCX p50 | UCX p99.9 ")
            .append("| UCX max | floor | floor p50 | ours/floor | OSHMEM p50 | ours/OSHMEM | UCX/OSHMEM | target ")
            .append("| verdict |\n")
            .append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---|---|\n");
        for (final CollRow row : rows)
        {
            md.append("| ").append(row.c().label()).append(" | ").append(row.c().sizeLabel(row.pes())).append(" | ")
                .append(row.pes()).append(" | ").append(time(row.p50())).append(" | ")
                .append(time(row.ours().p999().median())).append(" | ").append(time(row.ours().max().median()))
                .append(" | ").append(time(row.ours().mean().median())).append(" | ").append(time(row.overUcxP50()))
                .append(" | ").append(time(row.overUcx().p999().median())).append(" | ")
                .append(time(row.overUcx().max().median())).append(" | ").append(row.c().floorLabel())
                .append(" | ").append(time(row.floor())).append(" | ").append(ratio(row.ratioToFloor()))
                .append(" | ").append(time(row.oshmem())).append(" | ").append(ratio(row.ratioToOshmem()))
                .append(" | ").append(ratio(row.ratioOverUcxToOshmem()))
                .append(" | ").append(join(row.checks(), true)).append(" | ").append(join(row.checks(), false))
                .append(" |\n");
        }
        final Map<String, StringBuilder> misses = new LinkedHashMap<>();
        for (final CollRow row : rows)
        {
            for (final CollTargets.Check check : row.checks())
            {
                if (Verdict.missed(check.verdict()))
                {
                    misses.computeIfAbsent("**" + check.target() + "**: " + check.why() + ".\n\n", why ->
                        new StringBuilder()).append("- ").append(row.pes()).append(" PEs, ").append(row.c().label())
                        .append(row.c().group() == CollCase.Group.BARRIER ? "" : ", " + row.c().sizeLabel(row.pes()))
                        .append(": ").append(check.verdict())
                        .append(" (ours ").append(time(check.ours())).append(", limit ").append(time(check.limit()))
                        .append(")\n");
                }
            }
        }
        if (!misses.isEmpty())
        {
            md.append("\n### Misses, by goal, with what the figure is made of\n");
            misses.forEach((why, list) -> md.append('\n').append(why).append(list));
        }
        return md.toString();
    }

    /** One cell of the goals or their verdicts, one line each. */
    private static String join(final List<CollTargets.Check> checks, final boolean targets)
    {
        final StringBuilder cell = new StringBuilder();
        for (final CollTargets.Check check : checks)
        {
            cell.append(cell.isEmpty() ? "" : "<br>").append(targets ? check.target() : check.verdict());
        }
        return cell.isEmpty() ? "-" : cell.toString();
    }

    static String ratio(final double ratio)
    {
        return Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.2fx", ratio);
    }

    /** Three significant digits or so, with the unit: 5.2 ns, 812 ns, 23.4 us, 1.65 ms. */
    static String time(final double ns)
    {
        if (Double.isNaN(ns))
        {
            return "-";
        }
        if (ns < 1e3)
        {
            return String.format(Locale.ROOT, ns >= 100 ? "%.0f ns" : "%.1f ns", ns);
        }
        final boolean micros = ns < 1e6;
        final double value = micros ? ns / 1e3 : ns / 1e6;
        final String format = value >= 100 ? "%.0f" : value >= 10 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, format + (micros ? " us" : " ms"), value);
    }
}
