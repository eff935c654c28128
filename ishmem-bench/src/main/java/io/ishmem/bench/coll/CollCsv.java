package io.ishmem.bench.coll;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code coll.csv}: one line per row of the report, times in nanoseconds per op; the goals and their verdicts
 * are joined with "; " and hold no comma, so no field needs quoting. The columns of our run over UCX
 * ({@code ucx_*}) come after those of the normal run, its floor, OSHMEM and the goals, so readers of the older
 * columns find them where they were.
 */
final class CollCsv
{
    static final String HEADER = "pes,op,size_bytes,rounds,p50_ns,p50_min_ns,p50_max_ns,p999_ns,max_ns,mean_ns," +
        "floor,floor_ns,ratio_to_floor,oshmem_ns,ratio_to_oshmem,targets,verdicts,ucx_rounds,ucx_p50_ns," +
        "ucx_p50_min_ns,ucx_p50_max_ns,ucx_p999_ns,ucx_max_ns,ucx_mean_ns,ucx_ratio_to_oshmem";

    private CollCsv()
    {
    }

    static String write(final List<CollRow> rows)
    {
        final StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (final CollRow row : rows)
        {
            final CollResults.Figures ours = row.ours();
            final CollResults.Figures ucx = row.overUcx();
            final CollCase floor = row.c().floor();
            csv.append(String.join(",", Integer.toString(row.pes()), row.c().lineName(),
                Long.toString(row.c().bytes(row.pes())), Integer.toString(ours.rounds()), num(ours.p50().median()),
                num(ours.p50().min()), num(ours.p50().max()), num(ours.p999().median()), num(ours.max().median()),
                num(ours.mean().median()), (row.c().floorTimes() > 1 ? row.c().floorTimes() + "x " : "") +
                    floor.lineName(), num(row.floor()), num(row.ratioToFloor()), num(row.oshmem()),
                num(row.ratioToOshmem()),
                row.checks().stream().map(CollTargets.Check::target).collect(Collectors.joining("; ")),
                row.checks().stream().map(CollTargets.Check::verdict).collect(Collectors.joining("; ")),
                Integer.toString(ucx.rounds()), num(ucx.p50().median()), num(ucx.p50().min()), num(ucx.p50().max()),
                num(ucx.p999().median()), num(ucx.max().median()), num(ucx.mean().median()),
                num(row.ratioOverUcxToOshmem()))).append('\n');
        }
        return csv.toString();
    }

    private static String num(final double value)
    {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%.4f", value);
    }
}
