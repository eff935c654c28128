package io.ishmem.launcher;

import io.ishmem.rendezvous.RendezvousProtocol;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

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
     * A secret new for every job, which each PE presents when it registers, so a process of another job can
     * never join this one even under the same id.
     */
    public static final String JOB_SECRET = "ISHMEM_JOB_SECRET";

    /**
     * Where the PEs of a job with a rendezvous server meet it: {@code tcp:HOST:PORT}, an IPv6 address in brackets.
     */
    public static final String RENDEZVOUS = "ISHMEM_RENDEZVOUS";

    /**
     * The variables the launcher sets for every job and that no one may set for it: each job gets its own.
     */
    public static final Set<String> OWNED = Set.of(JOB_ID, PE, NPES, LAUNCHER_PID, JOB_SECRET, RENDEZVOUS);

    /**
     * How long init waits for every PE; the rendezvous server waits as long before it declares a PE missing.
     */
    public static final String BOOT_TIMEOUT = "ISHMEM_BOOT_TIMEOUT";

    /**
     * How long each end of the rendezvous waits without a word from the other, as ishmem-core reads it too.
     */
    public static final String RENDEZVOUS_TIMEOUT = RendezvousProtocol.SILENCE_TIMEOUT_VARIABLE;

    /**
     * The default of {@link #BOOT_TIMEOUT}, as ishmem-core's {@code Config.BOOT_TIMEOUT} has it.
     */
    public static final Duration DEFAULT_BOOT_TIMEOUT = Duration.ofSeconds(60);

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
     * @return a new job secret: 32 random lowercase hex characters.
     */
    public static String newSecret()
    {
        final byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /**
     * @param name a variable name.
     * @return why the launcher refuses to set it for a job, or null when it may be set.
     */
    public static String refusal(final String name)
    {
        return OWNED.contains(name) ? name + " is set by the launcher, new for every job (every PE's number, the " +
            "job size, the job's id and secret and its rendezvous address), so that no two jobs can merge: leave " +
            "it out" : null;
    }

    /**
     * Reads {@link #BOOT_TIMEOUT} as ishmem-core's configuration does: a whole number with ns, us, ms or s
     * (ns when none, so a bare number is refused as below 1 ms, as the PEs would refuse it).
     *
     * @param env the job's variables, else the launcher's environment (which local PEs inherit) decides.
     * @return the boot timeout, {@link #DEFAULT_BOOT_TIMEOUT} when unset.
     * @throws IllegalArgumentException if the value is not such a duration, or is below 1 ms.
     */
    public static Duration bootTimeout(final Map<String, String> env)
    {
        return duration(env, BOOT_TIMEOUT, DEFAULT_BOOT_TIMEOUT);
    }

    /**
     * Reads {@link #RENDEZVOUS_TIMEOUT} as {@link #bootTimeout} reads its variable: how long the rendezvous waits
     * without a word from a PE (each beats every second) before it gives the PE up, as every PE does the launcher.
     *
     * @param env the job's variables, else the launcher's environment.
     * @return the silence timeout, {@link RendezvousProtocol#DEFAULT_SILENCE_TIMEOUT_MS} when unset.
     * @throws IllegalArgumentException if the value is not such a duration, or is below 1 ms.
     */
    public static Duration rendezvousTimeout(final Map<String, String> env)
    {
        return duration(env, RENDEZVOUS_TIMEOUT, Duration.ofMillis(RendezvousProtocol.DEFAULT_SILENCE_TIMEOUT_MS));
    }

    private static Duration duration(final Map<String, String> env, final String name, final Duration otherwise)
    {
        final String value = env.containsKey(name) ? env.get(name) : System.getenv(name);
        if (value == null)
        {
            return otherwise;
        }
        final String text = value.trim().toLowerCase(Locale.ROOT);
        final String[][] units = {{"ns", "1"}, {"us", "1000"}, {"ms", "1000000"}, {"s", "1000000000"}};
        long multiplier = 1;
        String number = text;
        for (final String[] unit : units)
        {
            if (text.endsWith(unit[0]))
            {
                multiplier = Long.parseLong(unit[1]);
                number = text.substring(0, text.length() - unit[0].length()).trim();
                break;
            }
        }
        try
        {
            final long nanos = Math.multiplyExact(Long.parseLong(number), multiplier);
            if (nanos >= 1_000_000L)
            {
                return Duration.ofNanos(nanos);
            }
        }
        catch (final NumberFormatException | ArithmeticException ex)
        {
            // worded below, with the accepted forms
        }
        throw new IllegalArgumentException(name + "=" + value + " is not a duration of at least 1ms: give a " +
            "whole number with ns, us, ms or s, e.g. 90s");
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
