package io.ishmem.bench;

import io.ishmem.launcher.JobEnvironment;

/** How many CPUs a bench job's PEs share, as the library's own waits count them. */
final class JobCpus
{
    private JobCpus()
    {
    }

    /**
     * @return the launcher's count of the job's CPUs ({@link JobEnvironment#JOB_CPUS}), else this process's. A PE
     *         bound to one CPU sees one in its own affinity, whatever its peers have: asked there, every bound job
     *         of two or more PEs read as oversubscribed, and the suite's 2-PE raw barrier was the counter barrier
     *         that yields, not the dissemination barrier its floor is meant to be.
     */
    static int count()
    {
        final String cpus = System.getenv(JobEnvironment.JOB_CPUS);
        return cpus == null || cpus.isBlank() ? Runtime.getRuntime().availableProcessors() : Integer.parseInt(cpus.trim());
    }

    /** @return whether {@code nPes} PEs outnumber the job's CPUs. */
    static boolean oversubscribed(final int nPes)
    {
        return nPes > count();
    }
}
