package io.ishmem.core.rendezvous;

import io.ishmem.rendezvous.Heartbeat;
import io.ishmem.rendezvous.RendezvousProtocol;
import io.ishmem.IshmemConfigException;
import io.ishmem.IshmemException;
import io.ishmem.PeFailureException;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * This PE's connection to the launcher's rendezvous server (protocol in ishmem-rendezvous's
 * {@code io.ishmem.rendezvous} package): all-gathers records and hears of other PEs' failures,
 * which a reader thread records for {@link #failure()}.
 */
public final class RendezvousClient implements AutoCloseable
{
    private static final long FIRST_RETRY_NS = TimeUnit.MILLISECONDS.toNanos(10);
    // the launcher may start the server a moment after a fast PE: retry often, but not in a tight loop
    private static final long MAX_RETRY_NS = TimeUnit.MILLISECONDS.toNanos(500);
    private static final long READER_JOIN_MS = 1_000;

    private final String address;
    private final int pe;
    private final int nPes;
    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Thread reader;
    private final long silenceMs;
    private Heartbeat heartbeat;
    private byte[][] gathered;
    private int gatheredRound = -1;
    private int nextRound;
    private boolean closed;
    private volatile boolean closing;
    private volatile int failedPe = -1;
    private volatile String failure;

    private RendezvousClient(final String address, final int pe, final int nPes, final Socket socket,
        final DataInputStream in, final DataOutputStream out, final long silenceMs)
    {
        this.silenceMs = silenceMs;
        this.address = address;
        this.pe = pe;
        this.nPes = nPes;
        this.socket = socket;
        this.in = in;
        this.out = out;
        this.reader = Thread.ofVirtual().name("ishmem-rendezvous-pe" + pe).unstarted(this::readEvents);
    }

    private void start()
    {
        reader.start();
        heartbeat = Heartbeat.start("ishmem-rendezvous-heartbeat-pe" + pe, RendezvousProtocol.HEARTBEAT_INTERVAL_MS,
            () ->
            {
                synchronized (out)
                {
                    out.writeByte(RendezvousProtocol.HEARTBEAT);
                    out.flush();
                }
            });
    }

    /**
     * Connects, retrying while the server cannot be reached, and proves this PE belongs to the job.
     *
     * @param address    the ISHMEM_RENDEZVOUS value, "tcp:HOST:PORT".
     * @param jobId      ISHMEM_JOB_ID.
     * @param secret     ISHMEM_JOB_SECRET; it never goes on the wire.
     * @param pe         this PE, in {@code [0, nPes)}.
     * @param nPes       the job's size.
     * @param deadlineNs {@link System#nanoTime()} by which the connection must be made.
     * @return the connected client.
     * @throws IshmemConfigException if the address is malformed, or the server refused this PE (its reason
     *                               says why: another job, a wrong secret, a PE out of range, a PE already in).
     * @throws IshmemException       if the server was not reached and accepting by the deadline.
     */
    public static RendezvousClient connect(final String address, final String jobId, final String secret,
        final int pe, final int nPes, final long deadlineNs)
    {
        return connect(address, jobId, secret, pe, nPes, deadlineNs, RendezvousProtocol.DEFAULT_SILENCE_TIMEOUT_MS);
    }

    /**
     * {@link #connect(String, String, String, int, int, long)}, giving the launcher up after {@code silenceMs} without
     * a word from it (its heartbeat comes every {@value RendezvousProtocol#HEARTBEAT_INTERVAL_MS} ms).
     */
    public static RendezvousClient connect(final String address, final String jobId, final String secret,
        final int pe, final int nPes, final long deadlineNs, final long silenceMs)
    {
        final RendezvousAddress target = RendezvousAddress.parse(address);
        final long startNs = System.nanoTime();
        long retryNs = FIRST_RETRY_NS;
        String unreachable = "the deadline had passed before the first try";
        while (true)
        {
            final long remainingNs = deadlineNs - System.nanoTime();
            if (remainingNs <= 0)
            {
                throw new IshmemException("PE " + pe + " could not reach the rendezvous at " + address +
                    " (ISHMEM_RENDEZVOUS) in " + seconds(System.nanoTime() - startNs) + " s: " + unreachable +
                    "; is ishmemrun's host reachable from this one on that port?");
            }
            final Socket socket = new Socket();
            try
            {
                // resolved on each try: a name may only come to resolve while the job starts
                final InetSocketAddress resolved = new InetSocketAddress(target.host(), target.port());
                if (resolved.isUnresolved())
                {
                    throw new IOException("host " + target.host() + " does not resolve");
                }
                socket.connect(resolved, timeoutMs(remainingNs));
                socket.setTcpNoDelay(true);
                final DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
                final DataOutputStream out =
                    new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
                RendezvousHandshake.run(address, socket, in, out, jobId, secret, pe, nPes, deadlineNs, startNs);
                // from now on silence is a lost launcher: it beats every second
                socket.setSoTimeout((int)Math.min(Integer.MAX_VALUE, silenceMs));
                final RendezvousClient client = new RendezvousClient(address, pe, nPes, socket, in, out, silenceMs);
                client.start();
                return client;
            }
            catch (final IOException ex)
            {
                closeQuietly(socket);
                unreachable = ex.getMessage() != null ? ex.getMessage() : ex.getClass().getSimpleName();
            }
            catch (final RuntimeException ex)
            {
                closeQuietly(socket);
                throw ex;
            }
            final long leftNs = Math.max(0, deadlineNs - System.nanoTime());
            try
            {
                TimeUnit.NANOSECONDS.sleep(Math.min(retryNs, leftNs));
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new IshmemException("PE " + pe + " interrupted while connecting to the rendezvous at " +
                    address, ex);
            }
            retryNs = Math.min(2 * retryNs, MAX_RETRY_NS);
        }
    }

    /**
     * Sends this PE's record for the next round; returns every PE's record, indexed by PE. Blocks until all
     * sent theirs, the deadline, or a failure. Rounds are collective: every PE calls this in the same order,
     * one thread at a time.
     *
     * @param record     this PE's record, at most 1 MiB.
     * @param deadlineNs {@link System#nanoTime()} by which every PE must have sent its record.
     * @return every PE's record of this round, by PE.
     * @throws PeFailureException if the launcher reported a failed PE (or the connection to it was lost).
     * @throws IshmemException    if the deadline passed first.
     */
    public byte[][] allGather(final byte[] record, final long deadlineNs)
    {
        if (record.length > RendezvousProtocol.MAX_RECORD_LENGTH)
        {
            throw new IllegalArgumentException("allGather: record length=" + record.length + " > " +
                RendezvousProtocol.MAX_RECORD_LENGTH + " (1 MiB)");
        }
        final int round;
        lock.lock();
        try
        {
            if (closed)
            {
                throw new IllegalStateException("allGather: the rendezvous client of PE " + pe + " is closed");
            }
            throwIfFailed(nextRound);
            round = nextRound++;
        }
        finally
        {
            lock.unlock();
        }
        try
        {
            synchronized (out)
            {
                out.writeByte(RendezvousProtocol.ROUND);
                out.writeInt(round);
                out.writeInt(record.length);
                out.write(record);
                out.flush();
            }
        }
        catch (final IOException ex)
        {
            // the reader sees the same broken connection and records it as the failure below
            recordFailure(-1, "lost the connection to the rendezvous at " + address + " (" + ex.getMessage() +
                "); has ishmemrun ended?");
        }
        return awaitRound(round, deadlineNs);
    }

    /**
     * The first failure the launcher reported, or null: a volatile read, called from hot wait loops, allocates
     * nothing.
     *
     * @return the launcher's text, naming the PE, its host and what happened; or null.
     */
    public String failure()
    {
        return failure;
    }

    /**
     * @return PE of that failure, or -1 (none, or the connection to the launcher itself was lost).
     */
    public int failedPe()
    {
        return failedPe;
    }

    /**
     * Tells the launcher this PE gave up (it relays it to every other PE); never throws.
     *
     * @param why what made this PE give up; cut to a few thousand characters.
     */
    public void abort(final String why)
    {
        final String text = why == null ? "no reason given" : why;
        try
        {
            synchronized (out)
            {
                out.writeByte(RendezvousProtocol.ABORT);
                out.writeUTF(text.length() > RendezvousProtocol.MAX_TEXT_LENGTH ?
                    text.substring(0, RendezvousProtocol.MAX_TEXT_LENGTH) : text);
                out.flush();
            }
        }
        catch (final IOException ex)
        {
            // the PE is giving up already; the launcher still sees its connection drop, or its exit status
        }
    }

    /**
     * Clean end: BYE, then close; idempotent.
     */
    @Override
    public void close()
    {
        lock.lock();
        try
        {
            if (closed)
            {
                return;
            }
            closed = true;
            closing = true;
            // a thread still in allGather must not wait for its deadline
            changed.signalAll();
        }
        finally
        {
            lock.unlock();
        }
        if (heartbeat != null)
        {
            heartbeat.close();
        }
        try
        {
            synchronized (out)
            {
                out.writeByte(RendezvousProtocol.BYE);
                out.flush();
            }
            // the reader drains until the server closes its end, so nothing unread can turn our close into a reset
            // that overtakes the BYE
            socket.shutdownOutput();
            reader.join(READER_JOIN_MS);
        }
        catch (final IOException ex)
        {
            // the connection is gone already: nothing left to say goodbye on
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        finally
        {
            closeQuietly(socket);
        }
    }

    private void readEvents()
    {
        try
        {
            while (true)
            {
                final byte type = in.readByte();
                if (type == RendezvousProtocol.ALL)
                {
                    final int round = in.readInt();
                    final byte[][] records = new byte[nPes][];
                    for (int from = 0; from < nPes; from++)
                    {
                        records[from] = RendezvousProtocol.readRecord(in);
                    }
                    lock.lock();
                    try
                    {
                        gathered = records;
                        gatheredRound = round;
                        changed.signalAll();
                    }
                    finally
                    {
                        lock.unlock();
                    }
                }
                else if (type == RendezvousProtocol.FAILED)
                {
                    final int failed = in.readInt();
                    recordFailure(failed, in.readUTF());
                }
                else if (type == RendezvousProtocol.SERVER_HEARTBEAT)
                {
                    // its only news is that the launcher and the network to it are still there
                    continue;
                }
                else
                {
                    recordFailure(-1, "the rendezvous at " + address + " sent message type=" + type +
                        ", expected ALL (14) or FAILED (15): is ishmemrun the same ishmem4j release?");
                    return;
                }
            }
        }
        catch (final SocketTimeoutException ex)
        {
            if (!closing)
            {
                recordFailure(-1, "no word from the rendezvous at " + address + " for " + seconds(silenceMs * 1_000_000L) +
                    " s (ISHMEM_RENDEZVOUS_TIMEOUT): ishmemrun's host, or the network to it, is gone");
            }
        }
        catch (final IOException ex)
        {
            if (!closing)
            {
                final String why = ex instanceof EOFException ? "closed by the launcher" : ex.getMessage();
                recordFailure(-1, "lost the connection to the rendezvous at " + address + " (" + why +
                    "); has ishmemrun ended?");
            }
        }
    }

    private byte[][] awaitRound(final int round, final long deadlineNs)
    {
        lock.lock();
        try
        {
            while (gatheredRound != round)
            {
                throwIfFailed(round);
                if (closed)
                {
                    throw new IllegalStateException("allGather: the rendezvous client of PE " + pe +
                        " was closed during round " + round);
                }
                final long remainingNs = deadlineNs - System.nanoTime();
                if (remainingNs <= 0)
                {
                    throw new IshmemException("allGather round " + round + ": not every PE of " + nPes +
                        " sent its record to the rendezvous at " + address + " by the deadline");
                }
                changed.awaitNanos(remainingNs);
            }
            final byte[][] records = gathered;
            gathered = null;
            return records;
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IshmemException("allGather round " + round + ": PE " + pe + " was interrupted", ex);
        }
        finally
        {
            lock.unlock();
        }
    }

    private void throwIfFailed(final int round)
    {
        final String text = failure;
        if (text != null)
        {
            throw new PeFailureException(failedPe, text + " (PE " + pe + " was in rendezvous allGather round " +
                round + ")");
        }
    }

    private void recordFailure(final int failed, final String text)
    {
        lock.lock();
        try
        {
            if (failure == null)
            {
                // failedPe first: a reader that sees the text (volatile) sees its PE too
                failedPe = failed;
                failure = text;
            }
            changed.signalAll();
        }
        finally
        {
            lock.unlock();
        }
    }

    static int timeoutMs(final long remainingNs)
    {
        // 0 would mean "no timeout" to connect and setSoTimeout
        return (int)Math.max(1, Math.min(Integer.MAX_VALUE, TimeUnit.NANOSECONDS.toMillis(remainingNs)));
    }

    static String seconds(final long ns)
    {
        return String.format(Locale.ROOT, "%.1f", ns / 1e9);
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
