package io.ishmem.bench.gpu;

import io.ishmem.launcher.JavaExecutable;
import io.ishmem.launcher.JobResult;
import io.ishmem.launcher.JobSpec;
import io.ishmem.launcher.LaunchException;
import io.ishmem.launcher.Launcher;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Runs the GPU bench on the GPU machine: NVSHMEM's comparison program (optional), the 2-PE job of
 * {@link GpuBenchPe}, NVSHMEM's program again, so NVSHMEM is measured on the machine as it was around
 * our job; then writes {@code gpu-results.csv}, {@code gpu-raw.txt} and {@code table.md} and prints the
 * table. It runs on a JRE of {@code java.base}, {@code java.logging} and {@code jdk.unsupported}: no
 * class on this path may touch AWT, so the plots are {@link GpuReport}'s, drawn later from the CSV.
 *
 * <p>On a machine with two NVIDIA GPUs, python3 with the {@code nvidia-nvshmem-cu13} wheel and nvcc, from
 * the repository root, with the runtime in {@code .jre} and the jars in {@code .gpu/lib}:
 * <pre>
 * .jre/bin/java --enable-native-access=ALL-UNNAMED -cp '.gpu/lib/*' io.ishmem.bench.gpu.GpuBench \
 *     --out gpu-results/run1 --nvshmem ishmem-bench/src/main/cuda/nvshmem_compare.sh
 * </pre>
 * then, where a JDK is, {@code GpuReport gpu-results/run1} for the plots.
 */
@Command(name = "ishmem-gpu-bench", mixinStandardHelpOptions = true,
    description = "Measures the CUDA device heap beside the copy engine and NVSHMEM, in one run.")
public final class GpuBench implements Callable<Integer>
{
    @Option(names = "--rounds", description = "measured rounds after the warm-up round; default ${DEFAULT-VALUE}")
    int rounds = 3;

    @Option(names = "--quick", description = "a smoke run: 1 round, a tenth of the ping-pong iterations")
    boolean quick;

    @Option(names = "--out", description = "output folder; default gpu-results/<timestamp>")
    Path out;

    @Option(names = "--nvshmem", description = "NVSHMEM comparison script (ishmem-bench/src/main/cuda/" +
        "nvshmem_compare.sh), run before and after the Java job")
    Path nvshmem;

    @Option(names = "--device-heap", description = "ISHMEM_DEVICE_SYMMETRIC_SIZE of each PE; default ${DEFAULT-VALUE}")
    String deviceHeap = "640M";

    @Option(names = "--env", description = "NAME=VALUE added to each PE's environment (e.g. ISHMEM_WAIT_STRATEGY=spin)")
    Map<String, String> env = new LinkedHashMap<>();

    @Option(names = "--timeout-minutes", description = "limit of the Java job and of each NVSHMEM run; default ${DEFAULT-VALUE}")
    int timeoutMinutes = 15;

    private final GpuResults results = new GpuResults();
    private final List<String> raw = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();

    public static void main(final String[] args)
    {
        System.exit(new CommandLine(new GpuBench()).execute(args));
    }

    @Override
    public Integer call() throws IOException, InterruptedException
    {
        final double scale = quick ? 0.1 : 1.0;
        if (quick)
        {
            rounds = 1;
        }
        if (out == null)
        {
            out = Path.of("gpu-results", LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        }
        Files.createDirectories(out);
        notes.add(String.format(Locale.ROOT, "%s, %s %s; %d measured rounds after a warm-up round%s.",
            LocalDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME), System.getProperty("java.vm.name"),
            Runtime.version(), rounds, quick ? " (quick: a tenth of the ping-pong iterations)" : ""));
        final NvshmemRunner runner = nvshmem == null ? null :
            new NvshmemRunner(nvshmem, out, Duration.ofMinutes(timeoutMinutes));
        if (runner != null)
        {
            take(runner.run("before"));
        }
        runJob(scale);
        if (runner != null)
        {
            take(runner.run("after"));
        }
        else
        {
            notes.add("NVSHMEM not run (no --nvshmem): its columns are empty.");
        }

        final List<Summary> summaries = results.summaries();
        final List<String> allNotes = new ArrayList<>(notes);
        failures.forEach(failure -> allNotes.add("**FAILED:** " + failure));
        final String table = GpuTable.markdown(summaries, allNotes);
        Files.write(out.resolve("gpu-raw.txt"), raw, StandardCharsets.UTF_8);
        Files.writeString(out.resolve("gpu-results.csv"), GpuCsv.write(summaries), StandardCharsets.UTF_8);
        Files.writeString(out.resolve("table.md"), table, StandardCharsets.UTF_8);
        System.out.println();
        System.out.println(table);
        System.out.println("written: " + out.toAbsolutePath() + " (gpu-results.csv, gpu-raw.txt, table.md); plots: " +
            "GpuReport " + out.resolve("gpu-results.csv") + " on a full JDK");
        return failures.isEmpty() ? 0 : 1;
    }

    private void take(final NvshmemRunner.Run run)
    {
        final String tag = "nvshmem-" + run.label();
        run.lines().forEach(line -> raw.add(tag + " " + line));
        run.figures().forEach(results::add);
        notes.add("NVSHMEM " + run.label() + " ours: " + run.figures().size() + " figures, exit " + run.exitCode() +
            (run.timedOut() ? " (timed out)" : "") + ".");
        if (run.exitCode() != 0 || run.timedOut() || run.figures().isEmpty())
        {
            failures.add("NVSHMEM run " + run.label() + ": exit " + run.exitCode() + (run.timedOut() ? ", timed out" :
                "") + ", " + run.figures().size() + " figures; see gpu-raw.txt");
        }
    }

    private void runJob(final double scale)
    {
        final List<String> command = List.of(JavaExecutable.current(), "--enable-native-access=ALL-UNNAMED",
            "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), GpuBenchPe.class.getName(),
            Integer.toString(rounds), Double.toString(scale));
        final JobSpec spec = JobSpec.builder().npes(2).command(command)
            .env("ISHMEM_DEVICE", "cuda")
            .env("ISHMEM_DEVICE_SYMMETRIC_SIZE", deviceHeap)
            // the host heap holds nothing here but the library's own words
            .env("ISHMEM_SYMMETRIC_SIZE", "64M")
            .env(env)
            .timeout(Duration.ofMinutes(timeoutMinutes)).captureOutput(true).mergeStderr(true).build();
        System.out.println("running GpuBenchPe on 2 PEs: " + String.join(" ", command.subList(5, command.size())));
        final JobResult result;
        try
        {
            result = Launcher.run(spec, (pe, stream, line) -> System.out.println("[" + pe + "] " + line));
        }
        catch (final LaunchException ex)
        {
            failures.add("the Java job did not start: " + ex.getMessage());
            return;
        }
        for (int pe = 0; pe < result.npes(); pe++)
        {
            for (final String line : result.output(pe))
            {
                raw.add("pe" + pe + " " + line);
                results.parse(line);
                if (line.startsWith("DEVICE "))
                {
                    notes.add("PE " + line.substring("DEVICE ".length()));
                }
            }
        }
        if (!result.succeeded())
        {
            failures.add("the Java job exited " + result.exitCode() + (result.timedOut() ? " (timed out)" : "") +
                ", first failed PE " + result.firstFailedPe() + "; see gpu-raw.txt");
        }
    }
}
