package io.ishmem.bench;

import io.ishmem.launcher.CpuBinding;
import io.ishmem.launcher.JavaExecutable;
import io.ishmem.launcher.JobResult;
import io.ishmem.launcher.JobSpec;
import io.ishmem.launcher.Launcher;
import io.ishmem.launcher.PeJvmOptions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A phase's own program as a launcher job, with the JVM options {@code ishmemrun} gives every PE
 * ({@link PeJvmOptions#defaults()}) and of ours only one that keeps the bench's timed loops apart, so the
 * figures are what a user gets; PE 0's lines are echoed as they come, since a job at 8 PEs runs for minutes.
 */
public final class PeJob
{
    /** The timed loops of the bench PEs (methods named *Loop), never inlined into the code around them. */
    static final String TIMED_LOOPS_APART = "-XX:CompileCommand=dontinline,io.ishmem.bench.*::*Loop";

    private final Class<?> program;
    private final List<String> args;
    private final List<String> jvmArgs;
    private final Duration timeout;

    /**
     * @param program the class with the {@code main} every PE runs.
     * @param args    its arguments.
     * @param jvmArgs JVM options added after the defaults, for experiments; empty for a real run.
     * @param timeout how long one job may run.
     */
    public PeJob(final Class<?> program, final List<String> args, final List<String> jvmArgs, final Duration timeout)
    {
        this.program = program;
        this.args = List.copyOf(args);
        this.jvmArgs = List.copyOf(jvmArgs);
        this.timeout = timeout;
    }

    /**
     * @return the JVM options of every PE, in order.
     */
    public List<String> jvmOptions()
    {
        final List<String> options = new ArrayList<>(PeJvmOptions.defaults());
        options.add("--enable-native-access=ALL-UNNAMED");
        // the bench's timed loops compile as methods of their own, as JMH keeps a benchmark out of its harness
        options.add(TIMED_LOOPS_APART);
        options.addAll(jvmArgs);
        return options;
    }

    /**
     * @param result a job's result.
     * @param tag    what each line is tagged with in {@code raw}, before the PE number.
     * @param raw    receives every line, as {@code TAG [PE] LINE}.
     * @return every PE's lines, PE by PE.
     */
    public static List<String> output(final JobResult result, final String tag, final List<String> raw)
    {
        final List<String> lines = new ArrayList<>();
        for (int pe = 0; pe < result.npes(); pe++)
        {
            for (final String line : result.output(pe))
            {
                raw.add(tag + " [" + pe + "] " + line);
                lines.add(line);
            }
        }
        return lines;
    }

    /**
     * @param pes     the PE count.
     * @param binding where each PE runs.
     * @return how the job ended, with every PE's output.
     */
    public JobResult run(final int pes, final CpuBinding binding)
    {
        return run(pes, binding, Map.of());
    }

    /**
     * @param pes     the PE count.
     * @param binding where each PE runs.
     * @param env     variables added to every PE's environment.
     * @return how the job ended, with every PE's output.
     */
    public JobResult run(final int pes, final CpuBinding binding, final Map<String, String> env)
    {
        final List<String> command = new ArrayList<>();
        command.add(JavaExecutable.current());
        command.addAll(jvmOptions());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), program.getName()));
        command.addAll(args);
        final JobSpec.Builder builder = JobSpec.builder().npes(pes).command(command).bindTo(binding)
            .timeout(timeout).captureOutput(true).mergeStderr(true);
        env.forEach(builder::env);
        final JobSpec spec = builder.build();
        return Launcher.run(spec, (pe, stream, line) ->
        {
            if (pe == 0)
            {
                System.out.println("  [0] " + line);
            }
        });
    }
}
