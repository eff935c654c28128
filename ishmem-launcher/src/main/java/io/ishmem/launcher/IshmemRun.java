package io.ishmem.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import io.ishmem.launcher.profile.ProfileReport;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The {@code ishmemrun} command line: parses the options into a {@link JobSpec} and runs it with {@link Launcher}.
 */
@Command(
    name = "ishmemrun",
    sortOptions = false,
    usageHelpAutoWidth = true,
    customSynopsis = {
        "ishmemrun -n N [--timeout SECONDS] [--grace SECONDS] [--bind-to core|none] [--prefix] [--profile DIR] [--env K=V]... [--hosts H:N,... [--rsh CMD]] [--rendezvous HOST] [--] PROGRAM [ARGS...]",
        "ishmemrun -n N [OPTIONS] [--cp CLASSPATH] [--jvm-arg ARG]... --class MAIN_CLASS [ARGS...]"},
    description = {
        "Starts N processes (PEs) of one ishmem4j job and ends them together. Each PE gets ISHMEM_JOB_ID, " +
            "ISHMEM_PE, ISHMEM_NPES and ISHMEM_LAUNCHER_PID in its environment, and ISHMEM_RENDEZVOUS when the " +
            "job has a rendezvous (--rendezvous, --hosts).",
        "The second form runs MAIN_CLASS on this JDK with the ishmem library from the distribution's lib/ folder."},
    footer = {
        "",
        "Exit status: 0 if every PE exits 0; else the exit status of the first PE that failed; 2 for a usage " +
            "error; 124 on timeout; 127 if the program cannot be started."})
public final class IshmemRun implements Callable<Integer>
{
    @Option(names = {"-n", "--npes"}, required = true, paramLabel = "N",
        description = "number of PEs, in [1, " + JobSpec.MAX_NPES + "]")
    private int npes;

    @Option(names = "--timeout", paramLabel = "SECONDS",
        description = "stop every PE and exit 124 after this many seconds (> 0); default: no limit")
    private Double timeoutSeconds;

    @Option(names = "--grace", paramLabel = "SECONDS", defaultValue = "3",
        description = "once a PE fails, how long the others get to end on their own (>= 0); default: ${DEFAULT-VALUE}")
    private double graceSeconds;

    @Option(names = "--prefix", description = "start each output line with [pe]")
    private boolean prefix;

    @Option(names = "--bind-to", paramLabel = "core|none", defaultValue = "none",
        description = "core: each PE on one CPU of this process's CPU set (PE k on the k-th, round robin), as " +
            "mpirun --bind-to core; none: wherever the kernel puts it; default: ${DEFAULT-VALUE}")
    private String bindTo;

    @Option(names = "--profile", paramLabel = "DIR",
        description = "record every PE with JFR into DIR/pe-<n>.jfr (ishmem events and traffic counters on); when " +
            "the job ends, write DIR/imbalance.md, DIR/traffic.png and DIR/trace.json (Perfetto) and a summary")
    private Path profile;

    @Option(names = "--hosts", paramLabel = "H:N,...",
        description = "run the PEs on these hosts, N each, in blocks in this order (a:4,b:4: PEs 0-3 on a, 4-7 on " +
            "b); the counts add up to -n. A host that is this one forks its PEs itself; the others are started " +
            "through --rsh. Implies --rendezvous")
    private String hosts;

    @Option(names = "--rsh", paramLabel = "CMD", defaultValue = "ssh -o BatchMode=yes",
        description = "with --hosts: the command (split on spaces) that runs one PE on another host, given the host " +
            "and one shell command line; default: ${DEFAULT-VALUE}")
    private String rsh;

    @Option(names = "--rendezvous", paramLabel = "HOST",
        description = "start the job's rendezvous server (even on one host) and give the PEs " +
            "ISHMEM_RENDEZVOUS=tcp:HOST:PORT; default with --hosts: this host's canonical name")
    private String rendezvousHost;

    @Option(names = "--env", paramLabel = "K=V", description = "add a variable to every PE's environment")
    private List<String> env = new ArrayList<>();

    @Option(names = "--class", paramLabel = "MAIN_CLASS",
        description = "run this class on this JDK with the ishmem library; ARGS are its arguments")
    private String mainClass;

    @Option(names = "--cp", paramLabel = "CLASSPATH",
        description = "with --class: class path of the program (repeatable, ':'-separated)")
    private List<String> classPath = new ArrayList<>();

    @Option(names = "--jvm-arg", paramLabel = "ARG", description = "with --class: a JVM option (repeatable)")
    private List<String> jvmArgs = new ArrayList<>();

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this help and exit")
    private boolean help;

    @Parameters(paramLabel = "ARGS", description = "the program and its arguments, or the arguments of MAIN_CLASS")
    private List<String> positional = new ArrayList<>();

    @Spec
    private CommandSpec spec;

    private final PrintStream out;
    private final PrintStream err;

    private IshmemRun(final PrintStream out, final PrintStream err)
    {
        this.out = out;
        this.err = err;
    }

    /**
     * Runs {@code ishmemrun} and exits with its status.
     *
     * @param args the command line.
     */
    public static void main(final String[] args)
    {
        System.exit(execute(args, System.out, System.err));
    }

    /**
     * Runs {@code ishmemrun} in this JVM.
     *
     * @param args the command line.
     * @param out  where PE stdout lines and help go.
     * @param err  where PE stderr lines and errors go.
     * @return the exit status.
     */
    public static int execute(final String[] args, final PrintStream out, final PrintStream err)
    {
        final CommandLine commandLine = new CommandLine(new IshmemRun(out, err));
        // everything after the program name belongs to the program, even when it starts with '-'
        commandLine.setStopAtPositional(true);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        // one line that names the option and its range, not the whole help text
        commandLine.setParameterExceptionHandler((ex, ignored) ->
        {
            err.println("ishmemrun: " + ex.getMessage());
            err.println("Try 'ishmemrun --help' for more information.");
            return CommandLine.ExitCode.USAGE;
        });
        return commandLine.execute(args);
    }

    @Override
    public Integer call()
    {
        try
        {
            final JobSpec spec = jobSpec();
            if (profile != null)
            {
                ProfileOptions.prepare(profile);
            }
            final JobResult result = Launcher.run(spec, new ConsoleOutput(out, err, prefix, spec.peHosts()));
            if (profile != null)
            {
                report();
            }
            // a timeout has said its own line already, as the job was stopped
            if (!result.succeeded() && !result.timedOut())
            {
                err.println("ishmemrun: " + result.describe());
            }
            return result.exitCode();
        }
        catch (final LaunchException ex)
        {
            err.println("ishmemrun: " + ex.getMessage());
            return LaunchException.EXIT_CODE;
        }
        catch (final UncheckedIOException ex)
        {
            err.println("ishmemrun: --profile: " + ex.getMessage());
            return LaunchException.EXIT_CODE;
        }
    }

    /** After the job, whatever its outcome: the PEs that ended normally left their recordings. */
    private void report()
    {
        try
        {
            ProfileReport.write(profile, npes, err);
            if (ProfileOptions.removeRepository(profile))
            {
                err.println("ishmemrun: profile: " + profile.resolve(ProfileOptions.REPOSITORY) + " holds the JFR " +
                    "chunks of PEs that did not end normally (open them in JDK Mission Control)");
            }
        }
        catch (final IOException | RuntimeException ex)
        {
            err.println("ishmemrun: profile: cannot write the report in " + profile + ": " + ex);
        }
    }

    private JobSpec jobSpec()
    {
        if (npes < 1 || npes > JobSpec.MAX_NPES)
        {
            throw usage("Invalid value for option '--npes' (-n): " + npes + " is not in [1, " + JobSpec.MAX_NPES + "]");
        }
        if (timeoutSeconds != null && !(timeoutSeconds > 0 && timeoutSeconds < Long.MAX_VALUE / 1e9))
        {
            throw usage("Invalid value for option '--timeout': " + timeoutSeconds + " is not a number of seconds > 0");
        }
        if (!(graceSeconds >= 0 && graceSeconds < Long.MAX_VALUE / 1e9))
        {
            throw usage("Invalid value for option '--grace': " + graceSeconds + " is not a number of seconds >= 0");
        }

        final CpuBinding binding;
        try
        {
            binding = CpuBinding.parse(bindTo);
        }
        catch (final IllegalArgumentException ex)
        {
            throw usage("Invalid value for option '--bind-to': '" + bindTo + "' is not one of core, none");
        }
        final JobSpec.Builder builder = JobSpec.builder()
            .npes(npes)
            .bindTo(binding)
            .command(command())
            .grace(seconds(graceSeconds))
            .captureOutput(false)
            .profile(profile)
            .rendezvous(rendezvousHost);
        hosts(builder, binding);
        if (timeoutSeconds != null)
        {
            builder.timeout(seconds(timeoutSeconds));
        }
        for (final String pair : env)
        {
            final int equals = pair.indexOf('=');
            if (equals <= 0)
            {
                throw usage("Invalid value for option '--env': '" + pair + "' is not NAME=VALUE");
            }
            final String refusal = JobEnvironment.refusal(pair.substring(0, equals));
            if (refusal != null)
            {
                throw usage("Invalid value for option '--env': " + refusal);
            }
            builder.env(pair.substring(0, equals), pair.substring(equals + 1));
        }
        try
        {
            return builder.build();
        }
        catch (final IllegalArgumentException ex)
        {
            // what only the whole spec can check, e.g. an ISHMEM_BOOT_TIMEOUT the rendezvous cannot read
            throw usage(ex.getMessage());
        }
    }

    private void hosts(final JobSpec.Builder builder, final CpuBinding binding)
    {
        if (rendezvousHost != null && rendezvousHost.isBlank())
        {
            throw usage("Invalid value for option '--rendezvous': give the host name or address the PEs reach " +
                "this host under");
        }
        final List<String> rshWords = List.of(rsh.trim().split(" +"));
        if (rshWords.getFirst().isEmpty())
        {
            throw usage("Invalid value for option '--rsh': '" + rsh + "' names no program");
        }
        builder.remoteShell(rshWords);
        if (hosts == null)
        {
            return;
        }
        if (binding != CpuBinding.NONE)
        {
            throw usage("Options '--hosts' and '--bind-to core' do not go together: the launcher cannot see " +
                "the CPUs of other hosts");
        }
        try
        {
            builder.hosts(HostList.parse(hosts, npes));
        }
        catch (final IllegalArgumentException ex)
        {
            throw usage("Invalid value for option '--hosts': " + ex.getMessage());
        }
    }

    private List<String> command()
    {
        if (mainClass == null)
        {
            if (!classPath.isEmpty() || !jvmArgs.isEmpty())
            {
                throw usage("Options '--cp' and '--jvm-arg' need '--class MAIN_CLASS'");
            }
            if (positional.isEmpty())
            {
                throw usage("Missing program: give '-- PROGRAM [ARGS...]' or '--class MAIN_CLASS [ARGS...]'");
            }
            return positional;
        }

        final Path home = ShortFormCommand.home();
        if (home == null)
        {
            throw new LaunchException(mainClass, "cannot find the ishmem distribution (set -D" +
                ShortFormCommand.HOME_PROPERTY + " to its folder)", null);
        }
        final List<String> userClassPath = new ArrayList<>();
        for (final String entries : classPath)
        {
            for (final String entry : entries.split(":"))
            {
                if (!entry.isEmpty())
                {
                    userClassPath.add(entry);
                }
            }
        }
        return ShortFormCommand.build(JavaExecutable.current(), home, mainClass, userClassPath, jvmArgs, positional);
    }

    private ParameterException usage(final String message)
    {
        return new ParameterException(spec.commandLine(), message);
    }

    private static Duration seconds(final double seconds)
    {
        return Duration.ofNanos(Math.round(seconds * 1e9));
    }
}
