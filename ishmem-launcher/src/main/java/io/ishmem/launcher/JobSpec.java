package io.ishmem.launcher;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What to launch: how many PEs, the command each runs, and how long to let them run.
 *
 * @param npes             number of PEs, in {@code [1, MAX_NPES]}.
 * @param command          program and arguments every PE runs; not empty.
 * @param env              variables added to each PE's environment (the launcher's own are inherited).
 * @param timeout          how long the whole job may run; {@link Duration#ZERO} for no limit.
 * @param grace            how long the other PEs get to end on their own once one has failed.
 * @param killAfter        how long a PE gets between SIGTERM and SIGKILL.
 * @param workingDirectory the PEs' working directory, or {@code null} for the launcher's.
 * @param captureOutput    whether {@link JobResult#output(int)} keeps every line each PE wrote.
 * @param mergeStderr      whether each PE's stderr goes into the same pipe as its stdout, so its lines
 *                         keep the order the PE wrote them in; they are then all reported as
 *                         {@link PeStream#STDOUT}.
 * @param bindTo           where each PE may run ({@link CpuBinding#NONE}: anywhere).
 * @param profileDirectory where each PE records a JFR recording {@code pe-<n>.jfr} with the ishmem events and the
 *                         traffic counters ({@link ProfileOptions}), or {@code null} for none.
 * @param rendezvousHost   the name under which the PEs reach this host's rendezvous server, which the job then
 *                         starts and names in {@code ISHMEM_RENDEZVOUS}; {@code null} for none, unless
 *                         {@code peHosts} names another host (then this host's canonical name is advertised).
 * @param peHosts          the host each PE runs on, by PE, or empty for every PE on this host.
 * @param remoteShell      the program and options that start a PE on another host, followed by the host and
 *                         one shell command line, as {@code ssh} takes them.
 */
public record JobSpec(
    int npes,
    List<String> command,
    Map<String, String> env,
    Duration timeout,
    Duration grace,
    Duration killAfter,
    Path workingDirectory,
    boolean captureOutput,
    boolean mergeStderr,
    CpuBinding bindTo,
    Path profileDirectory,
    String rendezvousHost,
    List<String> peHosts,
    List<String> remoteShell)
{
    /**
     * Largest number of PEs in one job.
     */
    public static final int MAX_NPES = 4096;

    /**
     * Default {@link #grace()}: the time a PE needs to notice a dead peer and throw.
     */
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(3);

    /**
     * Default {@link #killAfter()}.
     */
    public static final Duration DEFAULT_KILL_AFTER = Duration.ofSeconds(2);

    /**
     * Default {@link #remoteShell()}: BatchMode, so a host that would ask for a password fails at once
     * instead of waiting on a prompt nobody sees.
     */
    public static final List<String> DEFAULT_REMOTE_SHELL = List.of("ssh", "-o", "BatchMode=yes");

    /**
     * Checks every field and copies the collections.
     */
    public JobSpec
    {
        if (npes < 1 || npes > MAX_NPES)
        {
            throw new IllegalArgumentException("npes=" + npes + " not in [1, " + MAX_NPES + "]");
        }
        Objects.requireNonNull(command, "command");
        if (command.isEmpty() || command.getFirst().isEmpty())
        {
            throw new IllegalArgumentException("command=" + command + " must name a program");
        }
        command = List.copyOf(command);
        env = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(env, "env")));
        for (final String name : env.keySet())
        {
            if (name.isEmpty() || name.indexOf('=') >= 0)
            {
                throw new IllegalArgumentException("env: name='" + name + "' must be non-empty and have no '='");
            }
            final String refusal = JobEnvironment.refusal(name);
            if (refusal != null)
            {
                throw new IllegalArgumentException("env: " + refusal);
            }
        }
        requireNotNegative("timeout", timeout);
        requireNotNegative("grace", grace);
        requireNotNegative("killAfter", killAfter);
        Objects.requireNonNull(bindTo, "bindTo");
        peHosts = List.copyOf(Objects.requireNonNull(peHosts, "peHosts"));
        if (!peHosts.isEmpty() && peHosts.size() != npes)
        {
            throw new IllegalArgumentException("peHosts names the host of " + peHosts.size() + " PEs, but npes=" +
                npes);
        }
        if (!peHosts.isEmpty() && bindTo != CpuBinding.NONE)
        {
            throw new IllegalArgumentException("bindTo=" + bindTo + " needs every PE on this host (the launcher " +
                "cannot see another host's CPUs); leave it NONE with peHosts");
        }
        remoteShell = List.copyOf(Objects.requireNonNull(remoteShell, "remoteShell"));
        if (remoteShell.isEmpty() || remoteShell.getFirst().isEmpty())
        {
            throw new IllegalArgumentException("remoteShell=" + remoteShell + " must name a program");
        }
        if (rendezvousHost != null && rendezvousHost.isBlank())
        {
            throw new IllegalArgumentException("rendezvousHost must be a host name or address, or null for none");
        }
        if (rendezvousHost != null || !peHosts.isEmpty())
        {
            // refused here, before any PE starts, as the PEs would refuse them
            JobEnvironment.bootTimeout(env);
            JobEnvironment.rendezvousTimeout(env);
        }
    }

    /**
     * @return whether the job runs a rendezvous server: one was asked for, or the PEs span hosts.
     */
    public boolean hasRendezvous()
    {
        return rendezvousHost != null || !peHosts.isEmpty();
    }

    /**
     * @return a builder with no environment, no timeout and the default grace and kill delays.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * @return whether the job has a timeout.
     */
    public boolean hasTimeout()
    {
        return !timeout.isZero();
    }

    private static void requireNotNegative(final String name, final Duration value)
    {
        Objects.requireNonNull(value, name);
        if (value.isNegative())
        {
            throw new IllegalArgumentException(name + "=" + value + " must be >= 0");
        }
    }

    /**
     * Builds a {@link JobSpec}; every setter returns this builder.
     */
    public static final class Builder
    {
        private int npes = 1;
        private final List<String> command = new ArrayList<>();
        private final Map<String, String> env = new LinkedHashMap<>();
        private Duration timeout = Duration.ZERO;
        private Duration grace = DEFAULT_GRACE;
        private Duration killAfter = DEFAULT_KILL_AFTER;
        private Path workingDirectory;
        private boolean captureOutput = true;
        private boolean mergeStderr;
        private CpuBinding bindTo = CpuBinding.NONE;
        private Path profileDirectory;
        private String rendezvousHost;
        private final List<String> peHosts = new ArrayList<>();
        private final List<String> remoteShell = new ArrayList<>(DEFAULT_REMOTE_SHELL);

        private Builder()
        {
        }

        /**
         * @param npes number of PEs, in {@code [1, MAX_NPES]}.
         * @return this builder.
         */
        public Builder npes(final int npes)
        {
            this.npes = npes;
            return this;
        }

        /**
         * @param command program and arguments, replacing any given before.
         * @return this builder.
         */
        public Builder command(final List<String> command)
        {
            this.command.clear();
            this.command.addAll(command);
            return this;
        }

        /**
         * @param command program and arguments, replacing any given before.
         * @return this builder.
         */
        public Builder command(final String... command)
        {
            return command(List.of(command));
        }

        /**
         * @param name  variable name.
         * @param value its value in every PE.
         * @return this builder.
         */
        public Builder env(final String name, final String value)
        {
            env.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /**
         * @param variables variables to add to every PE's environment.
         * @return this builder.
         */
        public Builder env(final Map<String, String> variables)
        {
            variables.forEach(this::env);
            return this;
        }

        /**
         * @param timeout how long the job may run; {@link Duration#ZERO} for no limit.
         * @return this builder.
         */
        public Builder timeout(final Duration timeout)
        {
            this.timeout = timeout;
            return this;
        }

        /**
         * @param grace how long the other PEs get to end on their own once one has failed.
         * @return this builder.
         */
        public Builder grace(final Duration grace)
        {
            this.grace = grace;
            return this;
        }

        /**
         * @param killAfter how long a PE gets between SIGTERM and SIGKILL.
         * @return this builder.
         */
        public Builder killAfter(final Duration killAfter)
        {
            this.killAfter = killAfter;
            return this;
        }

        /**
         * @param workingDirectory the PEs' working directory, or {@code null} for the launcher's.
         * @return this builder.
         */
        public Builder workingDirectory(final Path workingDirectory)
        {
            this.workingDirectory = workingDirectory;
            return this;
        }

        /**
         * @param captureOutput whether the result keeps every line each PE wrote.
         * @return this builder.
         */
        public Builder captureOutput(final boolean captureOutput)
        {
            this.captureOutput = captureOutput;
            return this;
        }

        /**
         * @param mergeStderr whether each PE's stderr shares its stdout's pipe, keeping the order of its lines.
         * @return this builder.
         */
        public Builder mergeStderr(final boolean mergeStderr)
        {
            this.mergeStderr = mergeStderr;
            return this;
        }

        /**
         * @param bindTo where each PE may run: {@link CpuBinding#CORE} for one CPU each.
         * @return this builder.
         */
        public Builder bindTo(final CpuBinding bindTo)
        {
            this.bindTo = bindTo;
            return this;
        }

        /**
         * @param profileDirectory where each PE records {@code pe-<n>.jfr}, or {@code null} for no recording.
         * @return this builder.
         */
        public Builder profile(final Path profileDirectory)
        {
            this.profileDirectory = profileDirectory;
            return this;
        }

        /**
         * @param advertisedHost the name under which the PEs reach this host's rendezvous server (started for the
         *                       job), or {@code null} for none when every PE runs on this host.
         * @return this builder.
         */
        public Builder rendezvous(final String advertisedHost)
        {
            this.rendezvousHost = advertisedHost;
            return this;
        }

        /**
         * @param peHosts the host of each PE, by PE ({@link HostList#parse} makes it from {@code a:4,b:4}), or
         *                empty for every PE on this host; replaces any given before.
         * @return this builder.
         */
        public Builder hosts(final List<String> peHosts)
        {
            this.peHosts.clear();
            this.peHosts.addAll(peHosts);
            return this;
        }

        /**
         * @param remoteShell program and options that run a command on another host, e.g. {@code ssh -o
         *                    BatchMode=yes}; replaces any given before.
         * @return this builder.
         */
        public Builder remoteShell(final List<String> remoteShell)
        {
            this.remoteShell.clear();
            this.remoteShell.addAll(remoteShell);
            return this;
        }

        /**
         * @return the spec.
         * @throws IllegalArgumentException if a field is out of range.
         */
        public JobSpec build()
        {
            return new JobSpec(npes, command, env, timeout, grace, killAfter, workingDirectory, captureOutput,
                mergeStderr, bindTo, profileDirectory, rendezvousHost, peHosts, remoteShell);
        }
    }
}
