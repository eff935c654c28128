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
    Path profileDirectory)
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
         * @return the spec.
         * @throws IllegalArgumentException if a field is out of range.
         */
        public JobSpec build()
        {
            return new JobSpec(npes, command, env, timeout, grace, killAfter, workingDirectory, captureOutput,
                mergeStderr, bindTo, profileDirectory);
        }
    }
}
