package io.ishmem.launcher.rendezvous;

import io.ishmem.rendezvous.RendezvousProtocol;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.security.MessageDigest;

/**
 * One client connection of a {@link RendezvousServer}: checks the client's HELLO and proof, then reads its
 * rounds, ABORT and BYE in its own (virtual) thread; the server writes its answers and events through it.
 */
final class PeConnection implements Runnable
{
    // a client that connects and says nothing must not hold a thread for ever
    private static final int HANDSHAKE_TIMEOUT_MS = 10_000;

    private final RendezvousServer server;
    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private int pe = -1;

    PeConnection(final RendezvousServer server, final Socket socket) throws IOException
    {
        this.server = server;
        this.socket = socket;
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
    }

    @Override
    public void run()
    {
        try
        {
            if (handshake())
            {
                serve();
            }
        }
        catch (final RendezvousProtocol.ProtocolException ex)
        {
            if (pe >= 0)
            {
                server.onBroken(pe, ex.getMessage());
            }
        }
        catch (final SocketTimeoutException ex)
        {
            if (pe >= 0)
            {
                server.onDropped(pe, "no word from it for " + server.silenceMs() / 1000.0 + " s " +
                    "(ISHMEM_RENDEZVOUS_TIMEOUT): its host, or the network to it, is gone");
            }
        }
        catch (final IOException ex)
        {
            if (pe >= 0)
            {
                server.onDropped(pe, ex instanceof EOFException ? "end of stream" : ex.getMessage());
            }
            // before ACCEPTED a broken client is only a stranger gone: nothing to report
        }
        finally
        {
            close();
            server.onClosed(this);
        }
    }

    /**
     * @return whether the client is now this job's PE {@link #pe}; a refusal has been sent otherwise.
     */
    private boolean handshake() throws IOException
    {
        socket.setSoTimeout(HANDSHAKE_TIMEOUT_MS);
        final byte type = in.readByte();
        if (type != RendezvousProtocol.HELLO)
        {
            return refuse("first message type=" + type + ", expected HELLO (" + RendezvousProtocol.HELLO + ")");
        }
        final int magic = in.readInt();
        if (magic != RendezvousProtocol.MAGIC)
        {
            return refuse(String.format("magic=0x%08x, expected 0x%08x (\"ISHR\"): not an ishmem rendezvous client",
                magic, RendezvousProtocol.MAGIC));
        }
        final int version = in.readInt();
        if (version != RendezvousProtocol.VERSION)
        {
            return refuse("protocol version=" + version + ", this launcher speaks version " +
                RendezvousProtocol.VERSION + " only: run the same ishmem4j release on every host");
        }
        final String jobId = in.readUTF();
        final int claimedPe = in.readInt();
        final int nPes = in.readInt();
        final byte[] clientNonce = new byte[RendezvousProtocol.NONCE_LENGTH];
        in.readFully(clientNonce);

        final String mismatch = server.credentials().helloMismatch(jobId, claimedPe, nPes);
        if (mismatch != null)
        {
            return refuse(mismatch);
        }

        final byte[] serverNonce = RendezvousProtocol.nonce();
        synchronized (this)
        {
            out.writeByte(RendezvousProtocol.CHALLENGE);
            out.write(serverNonce);
            out.write(server.credentials().proof(RendezvousProtocol.SERVER_LABEL, claimedPe, clientNonce));
            out.flush();
        }
        final byte proofType = in.readByte();
        if (proofType != RendezvousProtocol.PROOF)
        {
            return refuse("message type=" + proofType + " after CHALLENGE, expected PROOF (" +
                RendezvousProtocol.PROOF + ")");
        }
        final byte[] clientProof = new byte[RendezvousProtocol.PROOF_LENGTH];
        in.readFully(clientProof);
        if (!MessageDigest.isEqual(clientProof, server.credentials().proof(RendezvousProtocol.CLIENT_LABEL, claimedPe, serverNonce)))
        {
            return refuse("wrong proof from PE " + claimedPe + ": its ISHMEM_JOB_SECRET is not job " + jobId + "'s");
        }

        final String taken = server.claim(claimedPe, this);
        if (taken != null)
        {
            return refuse(taken);
        }
        pe = claimedPe;
        // from now on a PE beats every second: silence this long is a host or network gone
        socket.setSoTimeout((int)Math.min(Integer.MAX_VALUE, server.silenceMs()));
        return true;
    }

    private void serve() throws IOException
    {
        while (true)
        {
            final byte type = in.readByte();
            switch (type)
            {
                case RendezvousProtocol.ROUND ->
                {
                    final int round = in.readInt();
                    server.onRound(pe, round, RendezvousProtocol.readRecord(in));
                }
                case RendezvousProtocol.ABORT -> server.onAbort(pe, in.readUTF());
                case RendezvousProtocol.HEARTBEAT ->
                {
                    // its only news is that the PE and the network to it are still there
                }
                case RendezvousProtocol.BYE ->
                {
                    server.onBye(pe);
                    return;
                }
                default -> throw new RendezvousProtocol.ProtocolException("message type=" + type +
                    " is not ROUND (3), ABORT (4), BYE (5) or HEARTBEAT (6)");
            }
        }
    }

    private boolean refuse(final String reason) throws IOException
    {
        synchronized (this)
        {
            out.writeByte(RendezvousProtocol.REFUSED);
            out.writeUTF(reason);
            out.flush();
        }
        return false;
    }

    /**
     * Sends ACCEPTED; called by the server under its lock, before any event can reach this connection.
     */
    synchronized void sendAccepted() throws IOException
    {
        out.writeByte(RendezvousProtocol.ACCEPTED);
        out.flush();
    }

    synchronized void sendHeartbeat() throws IOException
    {
        out.writeByte(RendezvousProtocol.SERVER_HEARTBEAT);
        out.flush();
    }

    synchronized void sendFailed(final int failedPe, final String text) throws IOException
    {
        out.writeByte(RendezvousProtocol.FAILED);
        out.writeInt(failedPe);
        out.writeUTF(text);
        out.flush();
    }

    synchronized void sendAll(final int round, final byte[][] records) throws IOException
    {
        out.writeByte(RendezvousProtocol.ALL);
        out.writeInt(round);
        for (final byte[] record : records)
        {
            RendezvousProtocol.writeRecord(out, record);
        }
        out.flush();
    }

    /**
     * Closes the socket, which also ends a read blocked in {@link #run()}.
     */
    void close()
    {
        try
        {
            socket.close();
        }
        catch (final IOException ex)
        {
            // closing a socket releases its descriptor even when the close reports an error: nothing is left
        }
    }
}
