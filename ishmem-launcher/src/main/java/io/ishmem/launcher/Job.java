package io.ishmem.launcher;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.ishmem.launcher.rendezvous.RendezvousServer;

/**
 * One run of a {@link JobSpec}: starts the PEs, watches their exits, and stops and cleans up after them.
 */
final class Job
{
    // after the PEs are gone, how long their pipes may take to drain
    private static final long OUTPUT_DRAIN_NS = TimeUnit.SECONDS.toNanos(5);
    private static final long REAP_WAIT_NS = TimeUnit.SECONDS.toNanos(1);
    /** util-linux, on every Debian and RHEL system. */
    private static final String TASKSET = "taskset";
    /** What ssh exits with when it fails itself, rather than passing on the remote command's status. */
    private static final int RSH_FAILURE_STATUS = 255;

    private final JobSpec spec;
    private final JobListener listener;
    private final Path shmDirectory;
    private final String jobId = JobEnvironment.newJobId();
    private final String secret = JobEnvironment.newSecret();
    private final List<PeProcess> pes = new ArrayList<>();
    private final BlockingQueue<PeProcess> exits = new LinkedBlockingQueue<>();
    private final List<String> peHosts;
    private final boolean[] remote;
    private boolean shuttingDown;
    private RendezvousServer rendezvous;

    Job(final JobSpec spec, final JobListener listener, final Path shmDirectory)
    {
        this.spec = spec;
        this.listener = listener;
        this.shmDirectory = shmDirectory;
        this.remote = new boolean[spec.npes()];
        if (spec.peHosts().isEmpty())
        {
            // the name is for the rendezvous's failure texts; a job without one never waits on the resolver
            this.peHosts = Collections.nCopies(spec.npes(), spec.hasRendezvous() ? LocalHost.name() : "localhost");
        }
        else
        {
            this.peHosts = spec.peHosts();
            for (int pe = 0; pe < remote.length; pe++)
            {
                remote[pe] = !LocalHost.isLocal(peHosts.get(pe));
            }
        }
    }

    JobResult run()
    {
        final Path workingDirectory = spec.workingDirectory() != null ?
            spec.workingDirectory() : Path.of("").toAbsolutePath();
        if (anyPe(false))
        {
            ProgramCheck.check(spec.command().getFirst(), System.getenv("PATH"), workingDirectory);
        }
        if (anyPe(true))
        {
            ProgramCheck.check(spec.remoteShell().getFirst(), System.getenv("PATH"), workingDirectory);
        }

        // Ctrl-C or kill of the launcher must not leave PEs or their files behind
        final Thread shutdownHook = Thread.ofPlatform().name("ishmemrun-shutdown").unstarted(this::onShutdown);
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        try
        {
            startAll(workingDirectory);
            return awaitEnd();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new CancellationException("job " + jobId + " interrupted; its PEs were stopped");
        }
        finally
        {
            removeShutdownHook(shutdownHook);
            stopAndClean();
        }
    }

    private void startAll(final Path workingDirectory)
    {
        final int[] cpus = spec.bindTo() == CpuBinding.CORE ? CpuSet.allowed() : null;
        // read once: a bound job has it already, and only a missing /proc leaves it unknown
        final int[] allowed = cpus != null ? cpus : CpuSet.allowedOrNull();
        if (cpus != null)
        {
            ProgramCheck.check(TASKSET, System.getenv("PATH"), workingDirectory);
        }
        final String rendezvousAddress = startRendezvous();
        for (int pe = 0; pe < spec.npes(); pe++)
        {
            final List<String> command = ProfileOptions.command(spec.profileDirectory(), pe, spec.command());
            // a remote PE's variables travel in its command line; a local one inherits the launcher's as well
            final Map<String, String> variables = new LinkedHashMap<>();
            variables.putAll(spec.env());
            variables.put(JobEnvironment.JOB_ID, jobId);
            variables.put(JobEnvironment.PE, Integer.toString(pe));
            variables.put(JobEnvironment.NPES, Integer.toString(spec.npes()));
            variables.put(JobEnvironment.LAUNCHER_PID, Long.toString(ProcessHandle.current().pid()));
            variables.put(JobEnvironment.JOB_SECRET, secret);
            if (rendezvousAddress != null)
            {
                variables.put(JobEnvironment.RENDEZVOUS, rendezvousAddress);
            }
            final ProcessBuilder builder;
            if (remote[pe])
            {
                ProfileOptions.environment(spec.profileDirectory(), pe, spec.command(), variables);
                // this host's CPU count says nothing of the other host's: the PE finds its own
                builder = new ProcessBuilder(RemoteCommand.build(spec.remoteShell(), peHosts.get(pe),
                    workingDirectory, variables, command));
            }
            else
            {
                builder = new ProcessBuilder(cpus == null ? command : bound(cpus[pe % cpus.length], command));
                final Map<String, String> environment = builder.environment();
                environment.putAll(variables);
                ProfileOptions.environment(spec.profileDirectory(), pe, spec.command(), environment);
                if (allowed != null && !spec.env().containsKey(JobEnvironment.JOB_CPUS))
                {
                    environment.put(JobEnvironment.JOB_CPUS, Integer.toString(allowed.length));
                }
            }
            builder.directory(workingDirectory.toFile()).redirectErrorStream(spec.mergeStderr());

            final PeProcess process;
            try
            {
                process = PeProcess.start(pe, builder, listener, spec.captureOutput());
            }
            catch (final IOException ex)
            {
                // the finally block of run() stops the PEs started so far
                final String reason = ex.getCause() != null ? ex.getCause().getMessage() : ex.getMessage();
                throw new LaunchException(builder.command().getFirst(), reason + " (PE " + pe +
                    (spec.peHosts().isEmpty() ? "" : " on host " + peHosts.get(pe)) + ")", ex);
            }
            synchronized (this)
            {
                if (shuttingDown)
                {
                    // the shutdown hook has already stopped the others: this one must not outlive the JVM
                    process.process().toHandle().destroyForcibly();
                    throw new CancellationException("job " + jobId + " cancelled: the JVM is shutting down");
                }
                pes.add(process);
            }
            watchExit(process);
        }
    }

    /**
     * Queues the PE when its process is reaped. Process.onExit() cannot give that order: its stage runs
     * asynchronously on the common pool (one worker on a 2-CPU machine), so a PE that exits only after another
     * was reaped could be queued first. Waiting in a thread of its own, woken by the JDK's reaper the moment it
     * records the status, keeps the order of the reaps.
     */
    private void watchExit(final PeProcess process)
    {
        Thread.ofPlatform().daemon().name("ishmemrun-exit-pe-" + process.pe()).start(() ->
        {
            boolean waited = false;
            while (!waited)
            {
                try
                {
                    process.process().waitFor();
                    waited = true;
                }
                catch (final InterruptedException ex)
                {
                    // nobody interrupts this thread; the queue must still hear of the exit
                }
            }
            exits.add(process);
        });
    }

    private JobResult awaitEnd() throws InterruptedException
    {
        final long startNs = System.nanoTime();
        final long timeoutDeadlineNs = startNs + spec.timeout().toNanos();
        long graceDeadlineNs = 0;
        int firstFailedPe = -1;
        int firstFailedExitCode = 0;
        boolean timedOut = false;
        int running = spec.npes();

        while (running > 0)
        {
            final PeProcess exited;
            if (firstFailedPe >= 0)
            {
                // the timeout stops counting here: the job ends within grace + killAfter anyway
                exited = exits.poll(Math.max(0, graceDeadlineNs - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            else if (spec.hasTimeout())
            {
                exited = exits.poll(Math.max(0, timeoutDeadlineNs - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            else
            {
                exited = exits.take();
            }

            if (exited == null)
            {
                if (firstFailedPe < 0)
                {
                    timedOut = true;
                    listener.onTimeout(spec.timeout(), running);
                }
                break;
            }

            running--;
            final int exitCode = exited.process().exitValue();
            reportExit(exited.pe(), exitCode);
            if (exitCode != 0 && firstFailedPe < 0)
            {
                firstFailedPe = exited.pe();
                firstFailedExitCode = exitCode;
                graceDeadlineNs = System.nanoTime() + spec.grace().toNanos();
            }
        }

        stopAll();
        final long drainDeadlineNs = System.nanoTime() + OUTPUT_DRAIN_NS;
        final List<Integer> exitCodes = new ArrayList<>(pes.size());
        final List<List<String>> outputs = new ArrayList<>(pes.size());
        for (final PeProcess pe : pes)
        {
            pe.awaitOutput(drainDeadlineNs);
            // ProcessHandle.onExit (what stopAll waited for) can complete before this Process's reaper has
            // recorded the status, so wait on the Process itself. Still alive means even SIGKILL could not
            // end it (stuck in the kernel): no exit code to report
            final boolean ended = pe.process().waitFor(
                Math.max(0, drainDeadlineNs - System.nanoTime()) + REAP_WAIT_NS, TimeUnit.NANOSECONDS);
            exitCodes.add(ended ? pe.process().exitValue() : -1);
            outputs.add(pe.lines());
        }

        final int exitCode = timedOut ? JobResult.TIMEOUT_EXIT_CODE : firstFailedExitCode;
        return new JobResult(jobId, exitCode, firstFailedPe, exitCodes, outputs, timedOut);
    }

    /**
     * @return the {@code ISHMEM_RENDEZVOUS} value, or null when the job has no rendezvous.
     */
    private String startRendezvous()
    {
        if (!spec.hasRendezvous())
        {
            return null;
        }
        final String advertised = spec.rendezvousHost() != null ? spec.rendezvousHost() : LocalHost.canonicalName();
        final RendezvousServer server;
        try
        {
            server = RendezvousServer.start(null, 0, jobId, secret, peHosts, JobEnvironment.bootTimeout(spec.env()),
                JobEnvironment.rendezvousTimeout(spec.env()));
        }
        catch (final IOException ex)
        {
            throw new LaunchException("the rendezvous server", ex.getMessage(), ex);
        }
        synchronized (this)
        {
            rendezvous = server;
        }
        return server.address(advertised);
    }

    /**
     * Tells the rendezvous (the PEs of other hosts cannot see this exit otherwise) and, for a remote shell's own
     * failure, the user.
     */
    private void reportExit(final int pe, final int exitCode)
    {
        final RendezvousServer server;
        synchronized (this)
        {
            server = rendezvous;
        }
        if (remote[pe] && exitCode == RSH_FAILURE_STATUS)
        {
            final String shell = Path.of(spec.remoteShell().getFirst()).getFileName().toString();
            final String message = "could not start PE " + pe + " on host " + peHosts.get(pe) + ": " + shell +
                " exited with " + RSH_FAILURE_STATUS + " (is the host reachable and does it accept " + shell +
                " without a password?)";
            listener.onStartFailure(pe, message);
            if (server != null)
            {
                server.peFailed(pe, message);
            }
        }
        else if (server != null)
        {
            server.peExited(pe, exitCode);
        }
    }

    private boolean anyPe(final boolean onAnotherHost)
    {
        for (final boolean isRemote : remote)
        {
            if (isRemote == onAnotherHost)
            {
                return true;
            }
        }
        return false;
    }

    private void onShutdown()
    {
        synchronized (this)
        {
            shuttingDown = true;
        }
        stopAndClean();
    }

    private void stopAndClean()
    {
        stopAll();
        final RendezvousServer server;
        synchronized (this)
        {
            server = rendezvous;
        }
        if (server != null)
        {
            // after the PEs are gone: one still ending on its own must not see its rendezvous vanish first
            server.close();
        }
        ShmCleaner.clean(shmDirectory, jobId);
    }

    private synchronized void stopAll()
    {
        // stopping must finish even when the caller was interrupted: PEs may not outlive the job
        boolean interrupted = Thread.interrupted();
        final List<ProcessHandle> handles = pes.stream().map(pe -> pe.process().toHandle()).toList();
        try
        {
            ProcessStopper.stop(handles, spec.killAfter());
        }
        catch (final InterruptedException ex)
        {
            // interrupted again while waiting for a clean exit: no more waiting
            interrupted = true;
            ProcessStopper.killNow(handles);
        }
        finally
        {
            if (interrupted)
            {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void removeShutdownHook(final Thread hook)
    {
        try
        {
            Runtime.getRuntime().removeShutdownHook(hook);
        }
        catch (final IllegalStateException ex)
        {
            // the JVM is shutting down and the hook runs (or ran) stopAndClean itself
        }
    }

    /**
     * taskset sets the mask and execs the program, so the PE keeps the pid the launcher watches and every
     * thread its JVM starts inherits the one CPU.
     */
    private static List<String> bound(final int cpu, final List<String> command)
    {
        final List<String> wrapped = new ArrayList<>(command.size() + 3);
        wrapped.add(TASKSET);
        wrapped.add("-c");
        wrapped.add(Integer.toString(cpu));
        wrapped.addAll(command);
        return wrapped;
    }
}
