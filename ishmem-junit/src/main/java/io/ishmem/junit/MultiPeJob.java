package io.ishmem.junit;

import io.ishmem.launcher.ConsoleOutput;
import io.ishmem.launcher.JavaExecutable;
import io.ishmem.launcher.JobListener;
import io.ishmem.launcher.JobResult;
import io.ishmem.launcher.JobSpec;
import io.ishmem.launcher.Launcher;
import io.ishmem.launcher.TransparentHugePages;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The programmatic form of {@link MultiPeTest}: runs a test body or a main class on N PEs and returns the
 * launcher's {@link JobResult}, for tests that expect a failure and check each PE's exit code and output.
 *
 * <pre>{@code
 * final JobResult result = MultiPeJob.of(CrashBodies.class, "haltPeOne").pes(4).timeoutSeconds(30).run();
 * assertEquals(1, result.firstFailedPe());
 * }</pre>
 */
public final class MultiPeJob
{
    /**
     * JVM options of every PE, before the user's: small heaps and fast start, because tests run up to 8 PEs
     * on 2 cores (the heap in huge pages where the kernel gives them on request: {@link TransparentHugePages});
     * assertions on, as surefire runs tests.
     */
    public static final List<String> DEFAULT_JVM_ARGS = TransparentHugePages.after(
        "--enable-native-access=ALL-UNNAMED",
        "-XX:+UseSerialGC",
        "-XX:TieredStopAtLevel=1",
        "-Xss1m",
        "-Xmx256m",
        "-XX:-UsePerfData",
        "-ea");

    /**
     * Default {@link #timeoutSeconds(int)}.
     */
    public static final int DEFAULT_TIMEOUT_SECONDS = 60;

    /**
     * System property that, set to {@code true}, streams every PE's output to the console as {@code [pe] line}.
     */
    public static final String VERBOSE_PROPERTY = "ishmem.junit.verbose";

    private final List<String> program;
    private final List<String> jvmArgs = new ArrayList<>();
    private final JobSpec.Builder spec = JobSpec.builder()
        .npes(2)
        .timeout(Duration.ofSeconds(DEFAULT_TIMEOUT_SECONDS));
    private JobListener listener = Boolean.getBoolean(VERBOSE_PROPERTY) ?
        new ConsoleOutput(System.out, System.err, true) : JobListener.NONE;

    private MultiPeJob(final List<String> program)
    {
        this.program = program;
    }

    /**
     * Runs a method on every PE: no parameters, or one {@link io.ishmem.Ishmem} that each PE initialises.
     *
     * @param testClass  the class declaring (or inheriting) the method; needs a no-argument constructor
     *                   unless the method is static.
     * @param methodName the method's name.
     * @return a job of 2 PEs with a {@value #DEFAULT_TIMEOUT_SECONDS} s timeout, to adjust and {@link #run()}.
     * @throws IllegalArgumentException if the class has no such method.
     */
    public static MultiPeJob of(final Class<?> testClass, final String methodName)
    {
        TestBodies.find(testClass, methodName);
        return new MultiPeJob(List.of(PeMain.class.getName(), testClass.getName(), methodName));
    }

    /**
     * Runs {@code main(String[])} of a class on every PE.
     *
     * @param mainClass the class with the {@code main} method.
     * @param args      its arguments.
     * @return a job of 2 PEs with a {@value #DEFAULT_TIMEOUT_SECONDS} s timeout, to adjust and {@link #run()}.
     */
    public static MultiPeJob ofMain(final Class<?> mainClass, final String... args)
    {
        final List<String> program = new ArrayList<>();
        program.add(mainClass.getName());
        program.addAll(List.of(args));
        return new MultiPeJob(program);
    }

    /**
     * Runs a method on {@code npes} PEs with the defaults.
     *
     * @param npes       number of PEs, in {@code [1, 4096]}.
     * @param testClass  the class declaring the method.
     * @param methodName the method's name.
     * @return how the job ended.
     */
    public static JobResult run(final int npes, final Class<?> testClass, final String methodName)
    {
        return of(testClass, methodName).pes(npes).run();
    }

    /**
     * @param npes number of PEs, in {@code [1, 4096]}.
     * @return this job.
     */
    public MultiPeJob pes(final int npes)
    {
        spec.npes(npes);
        return this;
    }

    /**
     * @param seconds after how long every PE is stopped and the result has exit code 124, {@code >= 1}.
     * @return this job.
     */
    public MultiPeJob timeoutSeconds(final int seconds)
    {
        if (seconds < 1)
        {
            throw new IllegalArgumentException("timeoutSeconds=" + seconds + " must be >= 1");
        }
        return timeout(Duration.ofSeconds(seconds));
    }

    /**
     * @param timeout after how long every PE is stopped and the result has exit code 124; positive.
     * @return this job.
     */
    public MultiPeJob timeout(final Duration timeout)
    {
        if (timeout.isNegative() || timeout.isZero())
        {
            throw new IllegalArgumentException("timeout=" + timeout + " must be > 0");
        }
        spec.timeout(timeout);
        return this;
    }

    /**
     * @param grace once a PE fails, how long the others get to end on their own before SIGTERM.
     * @return this job.
     */
    public MultiPeJob grace(final Duration grace)
    {
        spec.grace(grace);
        return this;
    }

    /**
     * @param name  variable name.
     * @param value its value in every PE.
     * @return this job.
     */
    public MultiPeJob env(final String name, final String value)
    {
        spec.env(name, value);
        return this;
    }

    /**
     * @param pairs variables for every PE's environment, each {@code NAME=VALUE}.
     * @return this job.
     * @throws IllegalArgumentException if a pair has no '=' or an empty name.
     */
    public MultiPeJob env(final String... pairs)
    {
        for (final String pair : pairs)
        {
            final int equals = pair.indexOf('=');
            if (equals <= 0)
            {
                throw new IllegalArgumentException("env: '" + pair + "' is not NAME=VALUE");
            }
            env(pair.substring(0, equals), pair.substring(equals + 1));
        }
        return this;
    }

    /**
     * @param args JVM options added after {@link #DEFAULT_JVM_ARGS}, so they can override them.
     * @return this job.
     */
    public MultiPeJob jvmArgs(final String... args)
    {
        jvmArgs.addAll(List.of(args));
        return this;
    }

    /**
     * @param listener receives each output line as it arrives, e.g. a {@link ConsoleOutput}; output is
     *                 captured in the result either way.
     * @return this job.
     */
    public MultiPeJob listener(final JobListener listener)
    {
        this.listener = Objects.requireNonNull(listener, "listener");
        return this;
    }

    /**
     * The first call in a test JVM makes the cache of PE starts ({@link PeStartCache}) that every PE is then
     * given, unless {@code -Dishmem.junit.aotCache=false}.
     *
     * @return the command every PE runs: {@link #DEFAULT_JVM_ARGS}, the cache's options, the job's
     *         {@link #jvmArgs}, the class path, the program.
     */
    public List<String> command()
    {
        final PeStartCache start = PeStartCache.get();
        final List<String> command = new ArrayList<>();
        command.add(JavaExecutable.current());
        command.addAll(DEFAULT_JVM_ARGS);
        command.addAll(start.jvmArgs());
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(start.classPath());
        command.addAll(program);
        return command;
    }

    /**
     * Runs the job in the calling thread; every PE is gone when this returns.
     *
     * @return how the job ended, with every PE's stdout and stderr lines in the order the PE wrote them.
     */
    public JobResult run()
    {
        // one pipe per PE: a stack trace on stderr stays after the stdout lines that came before it
        return Launcher.run(spec.command(command()).captureOutput(true).mergeStderr(true).build(), listener);
    }
}
