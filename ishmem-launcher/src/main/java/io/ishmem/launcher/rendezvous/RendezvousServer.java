package io.ishmem.launcher.rendezvous;

import io.ishmem.rendezvous.Heartbeat;
import io.ishmem.rendezvous.RendezvousProtocol;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The launcher's end of one job's rendezvous (protocol in package-info): lets the job's PEs in, all-gathers
 * their records round by round, and tells each PE of every other PE's failure.
 *
 * <p>One virtual thread accepts, one waits for the boot deadline, and one reads each connection; every
 * message the server sends is small except ALL, which goes out after the lock is released. {@link #close()}
 * ends them all.
 */
public final class RendezvousServer implements AutoCloseable
{
    // strangers (port scanners, another job's PEs) may hold this many connections in handshake beside the PEs
    private static final int MAX_STRANGERS = 16;
    private static final long THREAD_JOIN_MS = 2_000;

    private final String jobId;
    private final JobCredentials credentials;
    private final List<String> peHosts;
    private final int nPes;
    private final long bootTimeoutNs;
    private final long bootDeadlineNs;
    private final ServerSocket serverSocket;
    private final Set<PeConnection> connections = new HashSet<>();
    private final Set<Thread> threads = new HashSet<>();
    private final PeConnection[] accepted;
    private final boolean[] everAccepted;
    private final boolean[] saidBye;
    private final String[] failures;
    private final List<Integer> failureOrder = new ArrayList<>();
    private final RoundGather rounds;
    private int acceptedCount;
    private boolean closed;
    /** How long a PE may say nothing before it is given up: it beats every second. */
    private final long silenceMs;
    private Heartbeat heartbeat;

    private RendezvousServer(final String jobId, final String secret, final List<String> peHosts,
        final Duration bootTimeout, final Duration silenceTimeout, final ServerSocket serverSocket)
    {
        this.silenceMs = silenceTimeout.toMillis();
        this.jobId = jobId;
        this.credentials = new JobCredentials(jobId, secret, peHosts.size());
        this.peHosts = peHosts;
        this.nPes = peHosts.size();
        this.bootTimeoutNs = bootTimeout.toNanos();
        this.bootDeadlineNs = System.nanoTime() + bootTimeoutNs;
        this.serverSocket = serverSocket;
        this.accepted = new PeConnection[nPes];
        this.everAccepted = new boolean[nPes];
        this.saidBye = new boolean[nPes];
        this.failures = new String[nPes];
        this.rounds = new RoundGather(nPes);
    }

    /**
     * Listens and starts serving the job.
     *
     * @param bindAddress where to listen, or {@code null} for every interface.
     * @param port        TCP port, or 0 for an ephemeral one ({@link #port()} says which).
     * @param jobId       the job's {@code ISHMEM_JOB_ID}.
     * @param secret      the job's {@code ISHMEM_JOB_SECRET}; it never goes on the wire.
     * @param peHosts     the host each PE runs on, by PE, for the failure texts; its size is the job's size.
     * @param bootTimeout how long every PE has to connect before the others are told it never came.
     * @return the running server.
     * @throws IOException if the port cannot be bound.
     */
    public static RendezvousServer start(final InetAddress bindAddress, final int port, final String jobId,
        final String secret, final List<String> peHosts, final Duration bootTimeout) throws IOException
    {
        return start(bindAddress, port, jobId, secret, peHosts, bootTimeout,
            Duration.ofMillis(RendezvousProtocol.DEFAULT_SILENCE_TIMEOUT_MS));
    }

    /**
     * {@link #start(InetAddress, int, String, String, List, Duration)}, giving a PE up, as failed, after
     * {@code silenceTimeout} without a word from it (its heartbeat comes every second): a host or network that went
     * away closes no connection.
     */
    public static RendezvousServer start(final InetAddress bindAddress, final int port, final String jobId,
        final String secret, final List<String> peHosts, final Duration bootTimeout, final Duration silenceTimeout)
        throws IOException
    {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(secret, "secret");
        final List<String> hosts = List.copyOf(peHosts);
        if (hosts.isEmpty())
        {
            throw new IllegalArgumentException("peHosts must name the host of at least one PE");
        }
        if (bootTimeout.isNegative() || bootTimeout.isZero())
        {
            throw new IllegalArgumentException("bootTimeout=" + bootTimeout + " must be > 0");
        }
        final ServerSocket serverSocket = new ServerSocket();
        try
        {
            serverSocket.bind(new InetSocketAddress(bindAddress, port), hosts.size() + MAX_STRANGERS);
        }
        catch (final IOException ex)
        {
            serverSocket.close();
            throw new IOException("cannot listen on " + (bindAddress == null ? "*" : bindAddress.getHostAddress()) +
                ":" + port + " for the rendezvous of job " + jobId + ": " + ex.getMessage(), ex);
        }
        final RendezvousServer server = new RendezvousServer(jobId, secret, hosts, bootTimeout, silenceTimeout,
            serverSocket);
        server.startThread("ishmemrun-rendezvous-accept", server::acceptLoop);
        server.startThread("ishmemrun-rendezvous-boot", server::awaitBootDeadline);
        server.heartbeat = Heartbeat.start("ishmemrun-rendezvous-heartbeat", RendezvousProtocol.HEARTBEAT_INTERVAL_MS,
            server::beatAll);
        return server;
    }

    /**
     * @return the TCP port the server listens on.
     */
    public int port()
    {
        return serverSocket.getLocalPort();
    }

    /**
     * @param advertisedHost the name or address under which the PEs reach this host.
     * @return the {@code ISHMEM_RENDEZVOUS} value: {@code tcp:HOST:PORT}, an IPv6 address in brackets.
     */
    public String address(final String advertisedHost)
    {
        return address(advertisedHost, port());
    }

    /**
     * @param host a host name or address.
     * @param port a TCP port.
     * @return {@code tcp:HOST:PORT}, an IPv6 address in brackets.
     */
    public static String address(final String host, final int port)
    {
        final boolean ipv6 = host.indexOf(':') >= 0 && !host.startsWith("[");
        return "tcp:" + (ipv6 ? "[" + host + "]" : host) + ":" + port;
    }

    /**
     * The launcher saw a PE's process end: a non-zero status is a failure every other PE hears of.
     *
     * @param pe     the PE.
     * @param status its exit status (128 + N for signal N).
     */
    public void peExited(final int pe, final int status)
    {
        if (status != 0)
        {
            peFailed(pe, "PE " + pe + " on host " + peHosts.get(pe) + " exited with status " + status);
        }
    }

    /**
     * Tells every other connected PE that this one failed, unless a failure of it was reported already.
     *
     * @param pe   the PE.
     * @param text what happened, naming the PE and its host.
     */
    public synchronized void peFailed(final int pe, final String text)
    {
        if (failures[pe] != null)
        {
            return;
        }
        final String bounded = text.length() > RendezvousProtocol.MAX_TEXT_LENGTH ?
            text.substring(0, RendezvousProtocol.MAX_TEXT_LENGTH) : text;
        failures[pe] = bounded;
        failureOrder.add(pe);
        for (final PeConnection connection : accepted)
        {
            if (connection != null && connection != accepted[pe])
            {
                send(connection, pe, bounded);
            }
        }
    }

    /**
     * Stops listening, closes every connection and waits for the server's threads to end.
     */
    @Override
    public void close()
    {
        final List<PeConnection> open;
        final List<Thread> running;
        synchronized (this)
        {
            if (closed)
            {
                return;
            }
            closed = true;
            notifyAll();
            open = List.copyOf(connections);
            running = List.copyOf(threads);
        }
        heartbeat.close();
        try
        {
            serverSocket.close();
        }
        catch (final IOException ex)
        {
            // the descriptor is released even when close reports an error, and the accept loop ends either way
        }
        open.forEach(PeConnection::close);
        boolean interrupted = false;
        for (final Thread thread : running)
        {
            try
            {
                thread.join(THREAD_JOIN_MS);
            }
            catch (final InterruptedException ex)
            {
                // the sockets are closed already, so the threads end without us: stop waiting, keep the flag
                interrupted = true;
                break;
            }
        }
        if (interrupted)
        {
            Thread.currentThread().interrupt();
        }
    }

    /** One heartbeat to every PE in: a PE whose connection is broken is its reader's to report. */
    private void beatAll()
    {
        final List<PeConnection> in;
        synchronized (this)
        {
            in = java.util.Arrays.stream(accepted).filter(Objects::nonNull).toList();
        }
        for (final PeConnection connection : in)
        {
            try
            {
                connection.sendHeartbeat();
            }
            catch (final IOException ex)
            {
                // the connection's reader sees the same fault and reports the PE
            }
        }
    }

    long silenceMs()
    {
        return silenceMs;
    }

    /**
     * @return how many of the server's threads are still alive (0 once {@link #close()} has returned).
     */
    synchronized int liveThreads()
    {
        return (int)threads.stream().filter(Thread::isAlive).count();
    }

    /** @return what a PE must know and say to join this job. */
    JobCredentials credentials()
    {
        return credentials;
    }

    /**
     * @return null when the PE is now this connection's, else the refusal.
     */
    synchronized String claim(final int pe, final PeConnection connection) throws IOException
    {
        if (accepted[pe] != null)
        {
            return "PE " + pe + " of job " + jobId + " is already connected";
        }
        if (closed)
        {
            return "the rendezvous of job " + jobId + " is closing";
        }
        accepted[pe] = connection;
        if (!everAccepted[pe])
        {
            everAccepted[pe] = true;
            acceptedCount++;
            notifyAll();
        }
        // under the lock: ACCEPTED, then the failures so far, before any later event
        connection.sendAccepted();
        for (final int failedPe : failureOrder)
        {
            if (failedPe != pe)
            {
                connection.sendFailed(failedPe, failures[failedPe]);
            }
        }
        return null;
    }

    void onRound(final int pe, final int round, final byte[] record) throws IOException
    {
        final byte[][] records;
        final PeConnection[] targets;
        synchronized (this)
        {
            records = rounds.add(pe, round, record);
            if (records == null)
            {
                return;
            }
            targets = accepted.clone();
        }
        for (final PeConnection target : targets)
        {
            if (target != null)
            {
                try
                {
                    target.sendAll(round, records);
                }
                catch (final IOException ex)
                {
                    // that PE's own reader sees its connection break and reports it as dropped
                }
            }
        }
    }

    void onAbort(final int pe, final String text)
    {
        peFailed(pe, "PE " + pe + " on host " + peHosts.get(pe) + " aborted: " + text);
    }

    synchronized void onBye(final int pe)
    {
        saidBye[pe] = true;
    }

    void onDropped(final int pe, final String reason)
    {
        synchronized (this)
        {
            if (saidBye[pe] || closed)
            {
                return;
            }
        }
        peFailed(pe, "PE " + pe + " on host " + peHosts.get(pe) + " lost its rendezvous connection before BYE (" +
            reason + ")");
    }

    void onBroken(final int pe, final String reason)
    {
        final String text = "PE " + pe + " on host " + peHosts.get(pe) + " broke the rendezvous protocol: " + reason;
        synchronized (this)
        {
            // the PE itself hears why too, so its error says what it did wrong
            if (accepted[pe] != null)
            {
                send(accepted[pe], pe, text);
            }
        }
        peFailed(pe, text);
    }

    synchronized void onClosed(final PeConnection connection)
    {
        connections.remove(connection);
        for (int pe = 0; pe < nPes; pe++)
        {
            if (accepted[pe] == connection)
            {
                accepted[pe] = null;
            }
        }
    }

    private void acceptLoop()
    {
        while (true)
        {
            final Socket socket;
            try
            {
                socket = serverSocket.accept();
            }
            catch (final IOException ex)
            {
                // close() closed the server socket: the only way out of accept
                return;
            }
            try
            {
                socket.setTcpNoDelay(true);
                final PeConnection connection = new PeConnection(this, socket);
                synchronized (this)
                {
                    if (closed || connections.size() >= nPes + MAX_STRANGERS)
                    {
                        // closed: nobody is left to serve it; full: a flood of strangers must not grow without bound
                        connection.close();
                        continue;
                    }
                    connections.add(connection);
                    startThread("ishmemrun-rendezvous-conn", connection);
                }
            }
            catch (final IOException ex)
            {
                // the client went away between accept and setup: nothing to serve
                closeQuietly(socket);
            }
        }
    }

    private void awaitBootDeadline()
    {
        synchronized (this)
        {
            try
            {
                long remainingNs;
                while (!closed && acceptedCount < nPes && (remainingNs = bootDeadlineNs - System.nanoTime()) > 0)
                {
                    TimeUnit.NANOSECONDS.timedWait(this, remainingNs);
                }
            }
            catch (final InterruptedException ex)
            {
                // only close() could want this thread gone, and it says so through closed
                return;
            }
            if (closed)
            {
                return;
            }
        }
        for (int pe = 0; pe < nPes; pe++)
        {
            final boolean missing;
            synchronized (this)
            {
                missing = !everAccepted[pe];
            }
            if (missing)
            {
                peFailed(pe, "PE " + pe + " on host " + peHosts.get(pe) + " never reached the rendezvous within " +
                    BigDecimal.valueOf(bootTimeoutNs, 9).stripTrailingZeros().toPlainString() + " s");
            }
        }
    }

    private void startThread(final String name, final Runnable task)
    {
        final Thread thread = Thread.ofVirtual().name(name).unstarted(() ->
        {
            try
            {
                task.run();
            }
            finally
            {
                synchronized (this)
                {
                    threads.remove(Thread.currentThread());
                }
            }
        });
        synchronized (this)
        {
            threads.add(thread);
        }
        thread.start();
    }

    private static void send(final PeConnection connection, final int failedPe, final String text)
    {
        try
        {
            connection.sendFailed(failedPe, text);
        }
        catch (final IOException ex)
        {
            // that PE's own reader sees its connection break and reports it as dropped
        }
    }

    private static void closeQuietly(final Socket socket)
    {
        try
        {
            socket.close();
        }
        catch (final IOException ex)
        {
            // the descriptor is released even when close reports an error
        }
    }
}
