package io.ishmem.core.runtime;

import io.ishmem.IshmemConfigException;
import io.ishmem.core.heap.Bytes;
import io.ishmem.core.transport.ucx.UcxTransport;
import io.ishmem.core.wait.WaitStrategy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;

/**
 * The settings a PE starts with, read from the environment and checked once before anything is mapped,
 * and the lines that report them once the PE is up.
 */
record StartSettings(long heapSize, int maxTeams, WaitStrategy waitStrategy, long stoppedTimeoutNs,
    long deviceHeapSize, int warmupCalls, long bootTimeoutNs, int maxContexts,
    boolean ucx, boolean splitByNode, boolean counterBarrier)
{
    // under the runtime's name: these are the lines a user looks for when ishmem starts
    private static final Logger LOG = LoggerFactory.getLogger(IshmemRuntime.class);
    /** Device heaps are mapped in 2 MiB pages by GPU drivers; the heap is a whole number of them. */
    private static final long DEVICE_HEAP_GRANULE = 2L << 20;

    static StartSettings read(final Map<String, String> env, final JobIdentity identity)
    {
        final long heapSize = Config.SYMMETRIC_SIZE.size(env);
        if (heapSize < 4096 || heapSize % 4096 != 0)
        {
            throw new IshmemConfigException("ISHMEM_SYMMETRIC_SIZE=" + Config.SYMMETRIC_SIZE.raw(env) +
                " must be a multiple of 4 KiB and at least 4K");
        }
        final long deviceHeapSize = Config.DEVICE_SYMMETRIC_SIZE.size(env);
        if (deviceHeapSize < DEVICE_HEAP_GRANULE || deviceHeapSize % DEVICE_HEAP_GRANULE != 0)
        {
            throw new IshmemConfigException("ISHMEM_DEVICE_SYMMETRIC_SIZE=" + Config.DEVICE_SYMMETRIC_SIZE.raw(env) +
                " must be a multiple of 2 MiB and at least 2M");
        }
        final int maxTeams = Config.MAX_TEAMS.intValue(env, 3, 1 << 20);
        final int maxContexts = Config.MAX_CONTEXTS.intValue(env, 0, 1 << 16);
        // more PEs than CPUs: waits must give their core away soon, and a warm-up would be slow
        final boolean oversubscribed = identity.nPes() > jobCpus(env);
        final int waitSpins = waitSpins(env, oversubscribed);
        final WaitStrategy waitStrategy = WaitStrategy.of(Config.WAIT_STRATEGY.raw(env),
            waitSpins, waitYields(env, oversubscribed),
            Config.WAIT_PARK_MIN.durationNs(env), Config.WAIT_PARK_MAX.durationNs(env))
            .withCollectiveSpins(collectiveSpins(env, oversubscribed, waitSpins));
        final long bootTimeoutNs = Config.BOOT_TIMEOUT.durationNs(env);
        if (bootTimeoutNs < 1_000_000L)
        {
            throw new IshmemConfigException("ISHMEM_BOOT_TIMEOUT=" + Config.BOOT_TIMEOUT.raw(env) +
                " must be at least 1ms: it is how long init waits for every PE of the job to arrive");
        }
        final long stoppedTimeoutNs = Config.STOPPED_TIMEOUT.durationNs(env);
        if (stoppedTimeoutNs < 2 * JobLiveness.STOP_CHECK_MS * 1_000_000L)
        {
            throw new IshmemConfigException("ISHMEM_STOPPED_TIMEOUT=" + Config.STOPPED_TIMEOUT.raw(env) +
                " must be at least " + 2 * JobLiveness.STOP_CHECK_MS + "ms (twice the period of the stopped-PE check)");
        }
        if (identity.pe() == 0)
        {
            warnUnknownVariables(env);
        }
        return new StartSettings(heapSize, maxTeams, waitStrategy, stoppedTimeoutNs, deviceHeapSize,
            warmupCalls(env, oversubscribed), bootTimeoutNs, maxContexts, ucxTransport(env), false,
            counterBarrier(env, oversubscribed));
    }

    /**
     * @return the CPUs the job's PEs share: ishmemrun's own CPU set, else this PE's.
     */
    static int jobCpus(final Map<String, String> env)
    {
        // a PE bound to one CPU (ishmemrun --bind-to core, mpirun --bind-to core) sees 1 here, and would take
        // its job for oversubscribed; ishmemrun says how many CPUs the whole job has
        return Config.JOB_CPUS.raw(env).isEmpty() ? Runtime.getRuntime().availableProcessors() :
            Config.JOB_CPUS.intValue(env, 1, Integer.MAX_VALUE);
    }

    private static int waitSpins(final Map<String, String> env, final boolean oversubscribed)
    {
        if (Config.WAIT_SPINS.raw(env).equals("auto"))
        {
            // a spinning waiter on an oversubscribed host holds the core the PE it waits for needs
            return oversubscribed ? 20 : 10_000;
        }
        return Config.WAIT_SPINS.intValue(env, 0, Integer.MAX_VALUE);
    }

    private static int collectiveSpins(final Map<String, String> env, final boolean oversubscribed, final int spins)
    {
        // oversubscribed, a barrier's flag waits for the PE descheduled on this core more often than not, and 20
        // spins (some 1 us of PAUSEs on this project's VM) only delay the yield that lets it run: at 4 and 8 PEs on
        // 2 vCPUs barrierAll took 4.42 and 13.3 us with them, 3.21 and 11.0 us yielding at once (the coll phase,
        // one run each). Point-to-point waits keep theirs: a partner on the other core answers within them (a
        // bound 4-PE put-with-signal round trip: 0.30 us with the spins, 5.1 us without)
        return oversubscribed && Config.WAIT_SPINS.raw(env).equals("auto") ? 0 : spins;
    }

    private static int waitYields(final Map<String, String> env, final boolean oversubscribed)
    {
        if (Config.WAIT_YIELDS.raw(env).equals("auto"))
        {
            // with a core per PE a yield returns at once unless a thread of this JVM (JIT, GC) wants the core,
            // so the waiter still sees its partner within a microsecond; a park would sleep through the
            // partner's arrival, and the doubling park periods turn a 50 us hiccup of the partner into half a
            // millisecond at this PE. Oversubscribed, the partner needs this core: park soon.
            return oversubscribed ? 1_000 : 100_000;
        }
        return Config.WAIT_YIELDS.intValue(env, 0, Integer.MAX_VALUE);
    }

    private static boolean counterBarrier(final Map<String, String> env, final boolean oversubscribed)
    {
        return switch (Config.BARRIER.raw(env))
        {
            // oversubscribed, each of a dissemination's rounds waits for a PE the scheduler has not run yet; with a
            // count, a member waits once, for the last to arrive (C on 2 vCPUs, yielding waits: 4 PEs 13-16 us a
            // dissemination barrier, 10-12.5 us a count; 8 PEs 67-70 us, 32-38 us). With a CPU per PE the count's
            // one line, written by every member, costs more than the rounds' lines of one writer each
            case "auto" -> oversubscribed;
            case "counter" -> true;
            case "dissemination" -> false;
            default -> throw new IshmemConfigException("ISHMEM_BARRIER=" + Config.BARRIER.raw(env) +
                " is not one of auto, dissemination, counter");
        };
    }

    private static boolean ucxTransport(final Map<String, String> env)
    {
        return switch (Config.TRANSPORT.raw(env))
        {
            // auto: shared memory within a node; a job across nodes adds UCX (acrossNodes)
            case "auto", "shm" -> false;
            case "ucx" -> true;
            default -> throw new IshmemConfigException("ISHMEM_TRANSPORT=" + Config.TRANSPORT.raw(env) +
                " is not one of auto, shm, ucx");
        };
    }

    private static int warmupCalls(final Map<String, String> env, final boolean oversubscribed)
    {
        return switch (Config.WARMUP.raw(env))
        {
            // with a core per PE the warm-up's barriers take well under a microsecond each
            case "auto" -> oversubscribed ? 0 : Warmup.CALLS;
            case "on" -> Warmup.CALLS;
            case "off" -> 0;
            default -> throw new IshmemConfigException("ISHMEM_WARMUP=" + Config.WARMUP.raw(env) +
                " is not one of auto, on, off");
        };
    }

    private static void warnUnknownVariables(final Map<String, String> env)
    {
        for (final String name : env.keySet())
        {
            if (name.equals("ISHMEM_HEARTBEAT_INTERVAL") || name.equals("ISHMEM_HEARTBEAT_TIMEOUT"))
            {
                // the heartbeat thread is gone: peers are watched through their pidfds and /proc when a wait idles
                LOG.warn("{} is no longer used: a PE that exits is seen through its pidfd, a stopped one after " +
                    "ISHMEM_STOPPED_TIMEOUT (see docs/configuration.md)", name);
            }
            else if (name.startsWith("ISHMEM_") && !Config.isKnown(name))
            {
                LOG.warn("unknown variable {} is ignored (see docs/configuration.md)", name);
            }
        }
    }

    /**
     * @return the settings a PE started with, for the init event: every variable as NAME=value, the secret hidden.
     */
    static String describe(final Map<String, String> env)
    {
        final StringBuilder text = new StringBuilder();
        for (final Config config : Config.values())
        {
            final String value = config == Config.JOB_SECRET && !config.raw(env).isEmpty() ? "(set)" : config.raw(env);
            text.append(text.isEmpty() ? "" : " ").append(config.envName()).append('=').append(value);
        }
        return text.toString();
    }

    /**
     * @param nodes how many nodes the job spans.
     * @return these settings for a job across {@code nodes} nodes: UCX reaches the PEs of the other nodes, shared
     *         memory those of this one ({@link #splitByNode}), unless ISHMEM_TRANSPORT=ucx asked for UCX to all.
     * @throws IshmemConfigException when ISHMEM_TRANSPORT=shm asks for shared memory alone across nodes.
     */
    StartSettings acrossNodes(final int nodes, final Map<String, String> env)
    {
        if (nodes == 1 || ucx)
        {
            return this;
        }
        if (Config.TRANSPORT.raw(env).equals("shm"))
        {
            throw new IshmemConfigException("ISHMEM_TRANSPORT=shm but the job's PEs are on " + nodes + " nodes, " +
                "which shared memory cannot join: use auto or ucx");
        }
        return new StartSettings(heapSize, maxTeams, waitStrategy, stoppedTimeoutNs, deviceHeapSize, warmupCalls,
            bootTimeoutNs, maxContexts, true, true, counterBarrier);
    }

    /** @return the transport of the host heaps, as ISHMEM_TRANSPORT names it. */
    String transportName()
    {
        return splitByNode ? "shm+ucx" : ucx ? "ucx" : "shm";
    }

    /**
     * Reports a started PE: PE 0 at INFO, every PE with each variable under {@code ISHMEM_DEBUG}.
     */
    void log(final JobIdentity identity, final int nodes, final String sharing, final Map<String, String> env)
    {
        final String settings = "PE " + identity.pe() + " of " + identity.nPes() + (nodes > 1 ? " on " + nodes +
            " nodes" : "") + " (job " + identity.jobId() + ", from " + identity.source() + "): symmetric heap " +
            Bytes.describe(heapSize) +
            ", heap sharing " + sharing + ", transport " + (ucx ? (splitByNode ? "shm within a node, ucx across (UCX_TLS=" : "ucx (UCX_TLS=") +
            env.getOrDefault("UCX_TLS", UcxTransport.DEFAULT_TLS) + ")" : "shm") +
            ", wait " + waitStrategy.alias();
        if (identity.pe() == 0 || DebugChecks.ENABLED)
        {
            LOG.info("ishmem4j started: {}", settings);
        }
        if (DebugChecks.ENABLED)
        {
            for (final Config config : Config.values())
            {
                // a secret is only as good as the places it is not written to
                final String value = config == Config.JOB_SECRET && !config.raw(env).isEmpty() ? "(set)" : config.raw(env);
                LOG.info("PE {} {}={}", identity.pe(), config.envName(), value);
            }
        }
        else
        {
            LOG.debug("ishmem4j started: {}", settings);
        }
    }
}
