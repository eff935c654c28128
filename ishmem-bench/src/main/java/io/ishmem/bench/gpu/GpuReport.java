package io.ishmem.bench.gpu;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Turns a GPU bench run's {@code gpu-results.csv} into {@code table.md}, {@code gpu_bandwidth.png} and
 * {@code gpu_latency.png}. Runs on a full JDK (XChart draws with AWT), after the results have come back
 * from the GPU machine, whose JRE has no {@code java.desktop}.
 */
@Command(name = "ishmem-gpu-report", mixinStandardHelpOptions = true,
    description = "Writes the table and plots of a GPU bench run from its gpu-results.csv.")
public final class GpuReport implements Callable<Integer>
{
    @Parameters(index = "0", description = "gpu-results.csv, or the folder holding it")
    Path results;

    @Option(names = "--out", description = "output folder; default: the folder of the CSV")
    Path out;

    public static void main(final String[] args)
    {
        System.exit(new CommandLine(new GpuReport()).execute(args));
    }

    @Override
    public Integer call() throws IOException
    {
        final Path csv = Files.isDirectory(results) ? results.resolve("gpu-results.csv") : results;
        final Path dir = out != null ? out : csv.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        final List<Summary> summaries = GpuCsv.read(Files.readString(csv, StandardCharsets.UTF_8));
        final String table = GpuTable.markdown(summaries, notes(csv));
        Files.writeString(dir.resolve("table.md"), table, StandardCharsets.UTF_8);
        GpuPlots.write(summaries, dir);
        System.out.println(table);
        System.out.println("written: " + dir.toAbsolutePath() + " (table.md, gpu_bandwidth.png, gpu_latency.png)");
        return 0;
    }

    /** The devices the PEs reported, from the raw output beside the CSV when it came along. */
    private static List<String> notes(final Path csv) throws IOException
    {
        final List<String> notes = new ArrayList<>();
        notes.add("From " + csv.getFileName() + ".");
        final Path raw = csv.toAbsolutePath().resolveSibling("gpu-raw.txt");
        if (Files.isReadable(raw))
        {
            for (final String line : Files.readAllLines(raw, StandardCharsets.UTF_8))
            {
                final String[] parts = line.split(" ", 3);
                if (parts.length == 3 && parts[0].startsWith("pe") && parts[1].equals("DEVICE"))
                {
                    notes.add("PE " + parts[2]);
                }
            }
        }
        return notes;
    }
}
