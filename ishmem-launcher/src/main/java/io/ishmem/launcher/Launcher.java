package io.ishmem.launcher;

import java.nio.file.Path;

/**
 * Runs a job in the calling thread: the in-process form of {@code ishmemrun}.
 *
 * <p>Every PE gets {@code ISHMEM_JOB_ID}, {@code ISHMEM_PE}, {@code ISHMEM_NPES} and
 * {@code ISHMEM_LAUNCHER_PID} on top of the launcher's environment and the spec's variables. When a PE
 * exits non-zero the others get the spec's grace period to end on their own, then SIGTERM, then after
 * {@link JobSpec#killAfter()} SIGKILL, descendants included. When the call returns (or throws) no PE is
 * left running and every {@code /dev/shm/ishmem-<jobId>-*} file is removed; a shutdown hook does the
 * same if the JVM is stopped while the job runs.
 */
public final class Launcher
{
    private Launcher()
    {
    }

    /**
     * Runs the job, keeping its output only in the result (if the spec captures it).
     *
     * @param spec the job.
     * @return how it ended.
     * @throws LaunchException if the program cannot be started; then no PE is left running.
     * @throws java.util.concurrent.CancellationException if the thread was interrupted; the PEs are stopped.
     */
    public static JobResult run(final JobSpec spec)
    {
        return run(spec, JobListener.NONE);
    }

    /**
     * Runs the job, passing each output line to {@code listener} as it arrives.
     *
     * @param spec     the job.
     * @param listener receives every line of every PE, and the timeout if it expires; must not throw.
     * @return how it ended.
     * @throws LaunchException if the program cannot be started; then no PE is left running.
     * @throws java.util.concurrent.CancellationException if the thread was interrupted; the PEs are stopped.
     */
    public static JobResult run(final JobSpec spec, final JobListener listener)
    {
        return new Job(spec, listener, Path.of(JobEnvironment.SHM_DIRECTORY)).run();
    }
}
