package io.ishmem.bench.gpu;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code gpu-results.csv}: one line per {@link Summary}, written on the GPU machine and read back by
 * {@link GpuReport} elsewhere, so the plots need nothing but this file. Tail columns are empty where the
 * iterations were not timed one by one; no field can hold a comma, so no quoting is needed.
 */
final class GpuCsv
{
    static final String HEADER = "impl,op,size_bytes,unit,median,min,max,rounds,p50,p99,p999,tail_max,mean";
    private static final int COLUMNS = 13;

    private GpuCsv()
    {
    }

    static String write(final List<Summary> summaries)
    {
        final StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (final Summary summary : summaries)
        {
            final ResultKey key = summary.key();
            final Tails tails = summary.tails();
            csv.append(String.join(",", key.impl(), key.op(), Long.toString(key.size()), key.unit(),
                num(summary.median()), num(summary.min()), num(summary.max()), Integer.toString(summary.rounds()),
                tails == null ? "" : num(tails.p50()), tails == null ? "" : num(tails.p99()),
                tails == null ? "" : num(tails.p999()), tails == null ? "" : num(tails.max()),
                tails == null ? "" : num(tails.mean()))).append('\n');
        }
        return csv.toString();
    }

    /**
     * @throws IllegalArgumentException if the text is not a file {@link #write} wrote, naming the line.
     */
    static List<Summary> read(final String text)
    {
        final List<String> lines = text.lines().filter(line -> !line.isBlank()).toList();
        if (lines.isEmpty() || !lines.get(0).trim().equals(HEADER))
        {
            throw new IllegalArgumentException("not a gpu-results.csv: the first line must be " + HEADER);
        }
        final List<Summary> summaries = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++)
        {
            // -1 keeps the empty tail columns at the end of the line
            final String[] fields = lines.get(i).split(",", -1);
            if (fields.length != COLUMNS)
            {
                throw new IllegalArgumentException("gpu-results.csv line " + (i + 1) + " has " + fields.length +
                    " fields, not " + COLUMNS + ": " + lines.get(i));
            }
            try
            {
                final ResultKey key = new ResultKey(fields[0], fields[1], Long.parseLong(fields[2]), fields[3]);
                final Tails tails = fields[8].isEmpty() ? null : new Tails(value(fields[8]), value(fields[9]),
                    value(fields[10]), value(fields[11]), value(fields[12]));
                summaries.add(new Summary(key, value(fields[4]), value(fields[5]), value(fields[6]),
                    Integer.parseInt(fields[7]), tails));
            }
            catch (final NumberFormatException ex)
            {
                throw new IllegalArgumentException("gpu-results.csv line " + (i + 1) + ": " + ex.getMessage() + ": " +
                    lines.get(i), ex);
            }
        }
        return summaries;
    }

    private static String num(final double value)
    {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%.4f", value);
    }

    private static double value(final String field)
    {
        return field.isEmpty() ? Double.NaN : Double.parseDouble(field);
    }
}
