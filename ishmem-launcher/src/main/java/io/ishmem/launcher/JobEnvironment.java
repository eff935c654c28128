package io.ishmem.launcher;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The variables that tell each PE which job it belongs to, and the names the job's files take.
 */
public final class JobEnvironment
{
    /**
     * 16 lowercase hex characters, new for every job.
     */
    public static final String JOB_ID = "ISHMEM_JOB_ID";

    /**
     * This PE's number, in {@code [0, ISHMEM_NPES)}.
     */
    public static final String PE = "ISHMEM_PE";

    /**
     * The number of PEs in the job.
     */
    public static final String NPES = "ISHMEM_NPES";

    /**
     * The pid of the launcher, so a PE can notice that its launcher has gone.
     */
    public static final String LAUNCHER_PID = "ISHMEM_LAUNCHER_PID";

    /**
     * Variable holding how many CPUs the launcher may use, which its PEs share: a PE bound to one CPU cannot
     * tell from its own affinity whether its peers have CPUs of their own.
     */
    public static final String JOB_CPUS = "ISHMEM_JOB_CPUS";

    /**
     * Length of a job id in hex characters.
     */
    public static final int JOB_ID_LENGTH = 16;

    /**
     * Where the job's fallback and bootstrap files live.
     */
    public static final String SHM_DIRECTORY = "/dev/shm";

    // ids of concurrent jobs of one user must not collide, so they come from the OS entropy source
    private static final SecureRandom RANDOM = new SecureRandom();

    private JobEnvironment()
    {
    }

    /**
     * @return a new job id: {@link #JOB_ID_LENGTH} random lowercase hex characters.
     */
    public static String newJobId()
    {
        final byte[] bytes = new byte[JOB_ID_LENGTH / 2];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /**
     * @param jobId the job's id.
     * @return the prefix of every file the job creates in {@link #SHM_DIRECTORY}: {@code ishmem-<jobId>-}.
     */
    public static String shmFilePrefix(final String jobId)
    {
        return "ishmem-" + jobId + "-";
    }
}
