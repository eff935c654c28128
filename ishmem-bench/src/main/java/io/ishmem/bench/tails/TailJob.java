package io.ishmem.bench.tails;

import io.ishmem.launcher.CpuBinding;
import io.ishmem.launcher.JavaExecutable;
import io.ishmem.launcher.JobResult;
import io.ishmem.launcher.JobSpec;
import io.ishmem.launcher.Launcher;
import io.ishmem.launcher.PeJvmOptions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Our side of the tails phase: {@link TailPe} as a launcher job, with the JVM options {@code ishmemrun} gives
 * every PE ({@link PeJvmOptions#defaults()}) and nothing else of ours, so the figures are what a user gets;
 * PE 0's lines are echoed as they come, since a job at 8 PEs runs for minutes.
 */
final class TailJob
{
    private final int rounds;
    private final double scale;
    private final List<String> jvmArgs;
    private final Duration timeout;

    /**
     * @param rounds  rounds per job, the first of them the warm-up.
     * @param scale   multiplies the calls per round.
     * @param jvmArgs JVM options added after the defaults, for experiments; empty for a real run.
     * @param timeout how long one job may run.
     */
    TailJob(final int rounds, final double scale, final List<String> jvmArgs, final Duration timeout)
    {
        this.rounds = rounds;
        this.scale = scale;
        this.jvmArgs = List.copyOf(jvmArgs);
        this.timeout = timeout;
    }

    /**
     * @return the JVM options of every PE, in order.
     */
    List<String> jvmOptions()
    {
        final List<String> options = new ArrayList<>(PeJvmOptions.defaults());
        options.add("--enable-native-access=ALL-UNNAMED");
        options.addAll(jvmArgs);
        return options;
    }

    JobResult run(final int pes, final Variant variant)
    {
        if (!variant.ours())
        {
            throw new IllegalArgumentException("variant=" + variant + " is not one of ours");
        }
        final List<String> command = new ArrayList<>();
        command.add(JavaExecutable.current());
        command.addAll(jvmOptions());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), TailPe.class.getName(),
            Integer.toString(rounds), Double.toString(scale)));
        final JobSpec spec = JobSpec.builder().npes(pes).command(command)
            .bindTo(variant == Variant.OURS_BOUND ? CpuBinding.CORE : CpuBinding.NONE)
            .timeout(timeout).captureOutput(true).mergeStderr(true).build();
        System.out.printf(Locale.ROOT, "tails: %s on %d PEs ...%n", variant.label(), pes);
        return Launcher.run(spec, (pe, stream, line) ->
        {
            if (pe == 0)
            {
                System.out.println("  [0] " + line);
            }
        });
    }
}
