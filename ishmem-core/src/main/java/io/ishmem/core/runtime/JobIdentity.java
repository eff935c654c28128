package io.ishmem.core.runtime;

import io.ishmem.IshmemConfigException;
import io.ishmem.core.heap.ControlBlock;

import java.util.Map;

/**
 * Who this process is in its job: PE number, job size and a job id that keeps two jobs on one
 * machine apart. Taken from ishmemrun's variables, else from Open MPI, Slurm or PMI; a program
 * started alone is a job of one PE.
 *
 * @param pe          this PE, in [0, nPes).
 * @param nPes        PEs in the job.
 * @param jobId       file-name-safe id shared by every PE of the job.
 * @param source      which launcher the identity came from, for the log.
 * @param launcherPid pid of ishmemrun, or -1.
 * @param secret      the job's {@code ISHMEM_JOB_SECRET}, empty when none was given.
 */
public record JobIdentity(int pe, int nPes, String jobId, String source, int launcherPid, String secret)
{
    public JobIdentity(final int pe, final int nPes, final String jobId, final String source, final int launcherPid)
    {
        this(pe, nPes, jobId, source, launcherPid, "");
    }

    @Override
    public String toString()
    {
        // the secret stays out of logs and messages
        return "JobIdentity[pe=" + pe + ", nPes=" + nPes + ", jobId=" + jobId + ", source=" + source +
            ", launcherPid=" + launcherPid + ", secret=" + (secret.isEmpty() ? "none" : "set") + "]";
    }

    /**
     * @param env the process environment.
     * @return the identity.
     * @throws IshmemConfigException when the variables are inconsistent, naming them.
     */
    public static JobIdentity fromEnvironment(final Map<String, String> env)
    {
        if (Config.PE.isSet(env) || Config.NPES.isSet(env))
        {
            final int nPes = requireInt(env, Config.NPES.envName(), Config.NPES.raw(env));
            final int pe = requireInt(env, Config.PE.envName(), Config.PE.raw(env));
            final String job = Config.JOB_ID.raw(env);
            if (job.isEmpty() && nPes > 1)
            {
                throw new IshmemConfigException(Config.JOB_ID.envName() + " must be set when " +
                    Config.NPES.envName() + "=" + nPes + " > 1: start the job with ishmemrun");
            }
            final int launcherPid = Config.LAUNCHER_PID.isSet(env) ? Config.LAUNCHER_PID.intValue(env) : -1;
            return checked(pe, nPes, job.isEmpty() ? "solo-" + ProcessHandle.current().pid() : job, "ishmemrun",
                launcherPid, Config.JOB_SECRET.raw(env), Config.PE.envName(), Config.NPES.envName());
        }
        if (env.containsKey("OMPI_COMM_WORLD_RANK"))
        {
            final String job = first(env, "OMPI_MCA_ess_base_jobid", "OMPI_MCA_orte_ess_jobid", "PMIX_NAMESPACE");
            return external(env, "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "ompi-", job, "Open MPI");
        }
        if (env.containsKey("SLURM_PROCID"))
        {
            final String step = env.getOrDefault("SLURM_STEP_ID", "0");
            final String job = env.containsKey("SLURM_JOB_ID") ? env.get("SLURM_JOB_ID") + "." + step : null;
            return external(env, "SLURM_PROCID", "SLURM_NTASKS", "slurm-", job, "Slurm");
        }
        if (env.containsKey("PMI_RANK"))
        {
            return external(env, "PMI_RANK", "PMI_SIZE", "pmi-", first(env, "PMI_JOBID", "PMI_KVSNAME"), "PMI");
        }
        return new JobIdentity(0, 1, "solo-" + ProcessHandle.current().pid(), "single process", -1);
    }

    private static JobIdentity external(final Map<String, String> env, final String rankName, final String sizeName,
        final String prefix, final String job, final String source)
    {
        final int pe = requireInt(env, rankName, env.get(rankName));
        final int nPes = requireInt(env, sizeName, env.get(sizeName));
        String id = Config.JOB_ID.raw(env);
        if (id.isEmpty())
        {
            // ranks of one node share their parent (orted, hydra proxy, slurmstepd) when the launcher names no job
            id = prefix + (job != null ? job :
                "ppid" + ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(0L));
        }
        return checked(pe, nPes, id, source, -1, Config.JOB_SECRET.raw(env), rankName, sizeName);
    }

    private static String first(final Map<String, String> env, final String... names)
    {
        for (final String name : names)
        {
            final String value = env.get(name);
            if (value != null && !value.isBlank())
            {
                return value;
            }
        }
        return null;
    }

    private static int requireInt(final Map<String, String> env, final String name, final String value)
    {
        if (value == null)
        {
            throw new IshmemConfigException(name + " is not set: a PE needs both its number and the job size");
        }
        return ConfigValues.parseInt(name, value);
    }

    private static JobIdentity checked(final int pe, final int nPes, final String jobId, final String source,
        final int launcherPid, final String secret, final String peName, final String nPesName)
    {
        if (nPes < 1 || nPes > ControlBlock.MAX_PES)
        {
            throw new IshmemConfigException(nPesName + "=" + nPes + " not in [1, " + ControlBlock.MAX_PES + "]");
        }
        if (pe < 0 || pe >= nPes)
        {
            throw new IshmemConfigException(peName + "=" + pe + " not in [0, " + nPes + ")");
        }
        return new JobIdentity(pe, nPes, sanitize(jobId), source, launcherPid, secret);
    }

    static String sanitize(final String jobId)
    {
        final StringBuilder out = new StringBuilder(Math.min(jobId.length(), 64));
        for (int i = 0; i < jobId.length() && out.length() < 64; i++)
        {
            final char c = jobId.charAt(i);
            out.append(Character.isLetterOrDigit(c) && c < 128 || c == '-' || c == '.' ? c : '_');
        }
        return out.toString();
    }

    /**
     * @return a 64-bit hash of the job id and secret, never 0: kept in the boot rendezvous and in every
     *         control block, so a process or a mapping of another job is refused.
     */
    public long jobHash()
    {
        long hash = 0xcbf29ce484222325L;
        final String key = jobId + '\0' + secret;
        for (int i = 0; i < key.length(); i++)
        {
            hash ^= key.charAt(i);
            hash *= 0x100000001b3L;
        }
        return hash == 0 ? 1 : hash;
    }

    /**
     * @return the prefix of every /dev/shm name this job may create; ishmemrun removes them all at the end.
     */
    public String shmPrefix()
    {
        return "/dev/shm/ishmem-" + jobId + "-";
    }
}
