package io.ishmem.core.runtime;

import io.ishmem.IshmemConfigException;

import java.util.Locale;
import java.util.Map;

/**
 * Every configuration variable of the library, one entry each: name, kind, default and meaning.
 * A variable {@code ISHMEM_FOO_BAR} is overridden by the system property {@code ishmem.foo.bar}.
 * {@code docs/configuration.md} lists the same table (a test keeps the two equal).
 */
public enum Config
{
    SYMMETRIC_SIZE("ISHMEM_SYMMETRIC_SIZE", Kind.SIZE, "512M",
        "Bytes of symmetric heap per PE (K, M, G, T suffixes are binary multiples). Memory is committed only when touched."),
    MAX_TEAMS("ISHMEM_MAX_TEAMS", Kind.INT, "1026",
        "Team slots per PE, WORLD and SHARED included (the default leaves 1024 for split teams); each costs about 1 KiB of control memory per PE."),
    MAX_CONTEXTS("ISHMEM_MAX_CONTEXTS", Kind.INT, "64",
        "Communication contexts per PE, in [0, 65536]: those its teams reserve (TeamConfig.numContexts) and those created beyond the reservations, world contexts included. A context costs a few objects; on a device heap it also gets a command queue of its own at its first device operation."),
    HEAP_SHARING("ISHMEM_HEAP_SHARING", Kind.STRING, "auto",
        "How PEs map each other's heaps: pidfd (memfd imported with pidfd_getfd), shm-file (a /dev/shm file unlinked once mapped), or auto (pidfd, else shm-file)."),
    TRANSPORT("ISHMEM_TRANSPORT", Kind.STRING, "auto",
        "What moves data into the peers' host heaps: auto or shm (shared memory, every PE on one host), or ucx (UCX's put, get and atomics, forced even within one host; fails at init if libucp.so.0 cannot be loaded). With ucx, UCX reads its own `UCX_*` variables; unless set, `UCX_TLS` is `^self` and `UCX_ERROR_SIGNALS` empty, so that the JVM keeps its SIGSEGV ([ucx.md](ucx.md))."),
    DEVICE("ISHMEM_DEVICE", Kind.STRING, "auto",
        "Device symmetric heap beside the host heap: auto (Level Zero, else CUDA, whichever serves every PE, else none, and the log says why), level-zero or cuda (or fail naming the reason), or none (the host heap alone)."),
    DEVICE_SYMMETRIC_SIZE("ISHMEM_DEVICE_SYMMETRIC_SIZE", Kind.SIZE, "256M",
        "Bytes of device heap per PE, allocated in GPU memory at init when there is a device heap; a multiple of 2 MiB."),
    BARRIER("ISHMEM_BARRIER", Kind.STRING, "auto",
        "How the teams of a job on one host synchronise: dissemination (log2 n rounds, each member signalling one other; the fastest where every PE has a CPU), counter (each member counts itself in on one word and the last to arrive releases them all; the fastest oversubscribed, where each round of a dissemination waits for a descheduled PE), or auto (counter when the job is oversubscribed). PE 0's choice holds for the whole job; a job across hosts uses dissemination."),
    WAIT_STRATEGY("ISHMEM_WAIT_STRATEGY", Kind.STRING, "backoff",
        "How waits idle: backoff (spin, then yield, then park), spin (busy-spin only; one PE per core), yield (spin, then yield)."),
    WAIT_SPINS("ISHMEM_WAIT_SPINS", Kind.INT, "auto",
        "Busy-spin iterations (Thread.onSpinWait) before a wait starts to yield; auto: 10000 when the job has no more PEs than cores, 20 when it is oversubscribed, where the waits of barriers and other collectives then yield at once."),
    WAIT_YIELDS("ISHMEM_WAIT_YIELDS", Kind.INT, "auto",
        "Thread.yield calls before a backoff wait starts to park; auto: 100000 (tens of milliseconds) when the job has no more PEs than cores, 1000 when it is oversubscribed."),
    WAIT_PARK_MIN("ISHMEM_WAIT_PARK_MIN", Kind.DURATION, "1us",
        "First park period of a backoff wait; doubles up to ISHMEM_WAIT_PARK_MAX."),
    WAIT_PARK_MAX("ISHMEM_WAIT_PARK_MAX", Kind.DURATION, "200us",
        "Longest park period of a backoff wait: the worst added latency of a wait that has gone idle."),
    STOPPED_TIMEOUT("ISHMEM_STOPPED_TIMEOUT", Kind.DURATION, "10s",
        "A PE whose process has been stopped (SIGSTOP, Ctrl-Z, a debugger) for longer than this is declared failed by the PEs waiting for it; one that exits is seen at once, through its pidfd."),
    WARMUP("ISHMEM_WARMUP", Kind.STRING, "auto",
        "Whether init runs barrierAll, malloc + free, put-with-signal and p with their waits 12,000 times and waits for the JIT to compile them, so compilation does not stall the application's first rounds: auto (when the job has no more PEs than cores), on, off."),
    BOOT_TIMEOUT("ISHMEM_BOOT_TIMEOUT", Kind.DURATION, "60s",
        "How long init waits for every PE of the job to arrive."),
    DEBUG("ISHMEM_DEBUG", Kind.BOOLEAN, "false",
        "Logs the configuration on every PE, not only on PE 0."),
    PROFILE("ISHMEM_PROFILE", Kind.BOOLEAN, "false",
        "Compiles in the per-target traffic counters (puts, gets, signal updates and atomics by target PE) that the ishmem.Traffic JFR event reports; read once at start. ishmemrun --profile sets it (see docs/profiling.md)."),
    JOB_SECRET("ISHMEM_JOB_SECRET", Kind.STRING, "",
        "A secret shared by the PEs of one job and checked as each registers, so a process of another job given the same ISHMEM_JOB_ID is refused instead of joining; set by ishmemrun to a new random value per job. When starting PEs by hand with a fixed ISHMEM_JOB_ID, give each job its own."),
    RENDEZVOUS("ISHMEM_RENDEZVOUS", Kind.STRING, "",
        "Set by ishmemrun for a job across hosts (--hosts, or --rendezvous): tcp:HOST:PORT of the launcher's rendezvous, where each PE proves the job secret, learns which PEs share its node and exchanges the UCX addresses and keys of the others, and hears of a PE that failed on another host. Unset: every PE is on one host."),
    RENDEZVOUS_TIMEOUT("ISHMEM_RENDEZVOUS_TIMEOUT", Kind.DURATION, "10s",
        "In a job with a rendezvous: how long a PE goes without a word from ishmemrun (which beats every second) before it fails its waits, and how long ishmemrun goes without a word from a PE before it tells every other PE that that one is gone: a host or network that goes away closes no connection. Give it with `--env`, so that the PEs of other hosts see it too."),
    JOB_ID("ISHMEM_JOB_ID", Kind.STRING, "",
        "Identifier that keeps two jobs on one machine apart; set by ishmemrun, derived from mpirun/srun otherwise."),
    PE("ISHMEM_PE", Kind.INT, "",
        "This process's PE number; set by ishmemrun (mpirun: OMPI_COMM_WORLD_RANK, srun: SLURM_PROCID, PMI: PMI_RANK)."),
    NPES("ISHMEM_NPES", Kind.INT, "",
        "Number of PEs in the job; set by ishmemrun (mpirun: OMPI_COMM_WORLD_SIZE, srun: SLURM_NTASKS, PMI: PMI_SIZE)."),
    JOB_CPUS("ISHMEM_JOB_CPUS", Kind.INT, "",
        "CPUs the job's PEs share, which decides whether the job is oversubscribed (more PEs than CPUs) for the auto settings; set by ishmemrun to its own CPU count, otherwise this PE's available processors (under mpirun or srun with one CPU bound per rank, set it to the node's CPU count)."),
    LAUNCHER_PID("ISHMEM_LAUNCHER_PID", Kind.INT, "",
        "Pid of the ishmemrun that started the job; set by ishmemrun. The job aborts if it dies.");

    /** How a value is parsed. */
    public enum Kind
    {
        STRING, INT, BOOLEAN, SIZE, DURATION
    }

    private final String envName;
    private final Kind kind;
    private final String defaultValue;
    private final String description;

    Config(final String envName, final Kind kind, final String defaultValue, final String description)
    {
        this.envName = envName;
        this.kind = kind;
        this.defaultValue = defaultValue;
        this.description = description;
    }

    public String envName()
    {
        return envName;
    }

    /**
     * @return the system property that overrides the variable, e.g. {@code ishmem.symmetric.size}.
     */
    public String propertyName()
    {
        return envName.toLowerCase(Locale.ROOT).replace('_', '.');
    }

    public Kind kind()
    {
        return kind;
    }

    public String defaultValue()
    {
        return defaultValue;
    }

    public String description()
    {
        return description;
    }

    /**
     * @param env the environment to read.
     * @return the raw value: system property, else environment, else the default ("" when none).
     */
    public String raw(final Map<String, String> env)
    {
        final String property = System.getProperty(propertyName());
        if (property != null)
        {
            return property.trim();
        }
        final String value = env.get(envName);
        return value != null ? value.trim() : defaultValue;
    }

    /**
     * @param env the environment.
     * @return whether the user set this variable (environment or property).
     */
    public boolean isSet(final Map<String, String> env)
    {
        return System.getProperty(propertyName()) != null || env.containsKey(envName);
    }

    public long size(final Map<String, String> env)
    {
        return ConfigValues.parseSize(envName, raw(env));
    }

    public long durationNs(final Map<String, String> env)
    {
        return ConfigValues.parseDurationNs(envName, raw(env));
    }

    public int intValue(final Map<String, String> env)
    {
        return ConfigValues.parseInt(envName, raw(env));
    }

    public boolean booleanValue(final Map<String, String> env)
    {
        return ConfigValues.parseBoolean(envName, raw(env));
    }

    /**
     * @param env  the environment.
     * @param min  smallest accepted value.
     * @param max  largest accepted value.
     * @return the integer value, checked against the range.
     */
    public int intValue(final Map<String, String> env, final int min, final int max)
    {
        final int value = intValue(env);
        if (value < min || value > max)
        {
            throw new IshmemConfigException(envName + "=" + value + " not in [" + min + ", " + max + "]");
        }
        return value;
    }

    /**
     * @param name an {@code ISHMEM_*} variable name.
     * @return whether the library knows it.
     */
    public static boolean isKnown(final String name)
    {
        for (final Config config : values())
        {
            if (config.envName.equals(name))
            {
                return true;
            }
        }
        return false;
    }
}
