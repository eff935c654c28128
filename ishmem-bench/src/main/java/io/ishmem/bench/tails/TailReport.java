package io.ishmem.bench.tails;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Writes the tails report again from a run's {@code raw.txt}: for a run on a machine whose jlinked runtime
 * has no AWT, so the plots are drawn here. {@code TailReport RAW_TXT [OUT_DIR] [NOTE...]}.
 */
public final class TailReport
{
    private TailReport()
    {
    }

    public static void main(final String[] args) throws IOException
    {
        if (args.length < 1)
        {
            System.err.println("usage: TailReport RAW_TXT [OUT_DIR] [NOTE...]");
            System.exit(2);
        }
        final Path raw = Path.of(args[0]);
        final Path out = args.length > 1 ? Path.of(args[1]) : raw.toAbsolutePath().getParent();
        final List<String> notes = new ArrayList<>(List.of(args).subList(Math.min(2, args.length), args.length));
        Files.createDirectories(out);
        System.out.println(report(Files.readAllLines(raw, StandardCharsets.UTF_8), notes, out));
    }

    /**
     * @param raw lines of {@code raw.txt}: {@code tails/VARIANT/PES [PE] LINE} for ours,
     *            {@code tails/oshmem/PES LINE} for OpenSHMEM; other lines are passed over.
     * @return the table written.
     */
    static String report(final List<String> raw, final List<String> notes, final Path out) throws IOException
    {
        final Map<String, List<String>> runs = new LinkedHashMap<>();
        final TreeSet<Integer> peCounts = new TreeSet<>();
        for (final String line : raw)
        {
            if (!line.startsWith("tails/"))
            {
                continue;
            }
            final int space = line.indexOf(' ');
            final String[] tag = line.substring(0, space).split("/");
            if (tag.length != 3)
            {
                continue;
            }
            String rest = line.substring(space + 1);
            if (rest.startsWith("["))
            {
                rest = rest.substring(rest.indexOf("] ") + 2);
            }
            runs.computeIfAbsent(tag[1] + "/" + tag[2], key -> new ArrayList<>()).add(rest);
            peCounts.add(Integer.parseInt(tag[2]));
        }
        final TailResults results = new TailResults();
        final List<String> allNotes = new ArrayList<>(notes);
        for (final Map.Entry<String, List<String>> run : runs.entrySet())
        {
            final String[] key = run.getKey().split("/");
            final Variant variant = variantOf(key[0]);
            final int pes = Integer.parseInt(key[1]);
            final TailOutput.Parsed parsed = TailOutput.parse(run.getValue());
            parsed.lines().forEach(line -> results.add(pes, variant, line));
            parsed.rejected().forEach(why -> allNotes.add(variant.label() + " on " + pes + " PEs, line rejected: " + why));
        }
        return TailPhase.write(results, List.copyOf(peCounts), allNotes, out);
    }

    private static Variant variantOf(final String tag)
    {
        for (final Variant variant : Variant.values())
        {
            if (variant.tag().equals(tag))
            {
                return variant;
            }
        }
        throw new IllegalArgumentException("raw.txt: run tag '" + tag + "' is not one of ours-unbound, ours-bound, oshmem");
    }
}
