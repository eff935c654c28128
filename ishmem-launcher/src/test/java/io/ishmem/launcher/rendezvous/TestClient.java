package io.ishmem.launcher.rendezvous;

import io.ishmem.rendezvous.RendezvousProtocol;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;

/**
 * A raw protocol client for the server's tests: each step is one message, so a test can also break the rules.
 */
final class TestClient implements AutoCloseable
{
    // every read is bounded, so a test that waits for a message the server never sends fails instead of hanging
    private static final int READ_TIMEOUT_MS = 5_000;

    final Socket socket;
    final DataInputStream in;
    final DataOutputStream out;
    private int heartbeats;

    TestClient(final int port) throws IOException
    {
        socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setSoTimeout(READ_TIMEOUT_MS);
        in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
    }

    /**
     * Connects and completes the handshake.
     */
    static TestClient join(final int port, final String jobId, final String secret, final int pe, final int nPes)
        throws IOException
    {
        final TestClient client = new TestClient(port);
        final String refusal = client.handshake(jobId, secret, pe, nPes);
        if (refusal != null)
        {
            client.close();
            throw new AssertionError("PE " + pe + " refused: " + refusal);
        }
        return client;
    }

    /**
     * @return null when ACCEPTED, else the REFUSED reason.
     */
    String handshake(final String jobId, final String secret, final int pe, final int nPes) throws IOException
    {
        return handshake(RendezvousProtocol.MAGIC, RendezvousProtocol.VERSION, jobId, secret, pe, nPes);
    }

    String handshake(final int magic, final int version, final String jobId, final String secret, final int pe,
        final int nPes) throws IOException
    {
        final byte[] clientNonce = RendezvousProtocol.nonce();
        out.writeByte(RendezvousProtocol.HELLO);
        out.writeInt(magic);
        out.writeInt(version);
        out.writeUTF(jobId);
        out.writeInt(pe);
        out.writeInt(nPes);
        out.write(clientNonce);
        out.flush();
        final byte type = in.readByte();
        if (type == RendezvousProtocol.REFUSED)
        {
            return in.readUTF();
        }
        assertEquals(RendezvousProtocol.CHALLENGE, type);
        final byte[] serverNonce = in.readNBytes(RendezvousProtocol.NONCE_LENGTH);
        final byte[] serverProof = in.readNBytes(RendezvousProtocol.PROOF_LENGTH);
        // a client with the wrong secret cannot check the server's proof; it answers anyway to test the server
        if (secret.equals(RendezvousServerTest.SECRET))
        {
            assertArrayEquals(RendezvousProtocol.proof(secret, RendezvousProtocol.SERVER_LABEL, jobId, pe,
                clientNonce), serverProof);
        }
        out.writeByte(RendezvousProtocol.PROOF);
        out.write(RendezvousProtocol.proof(secret, RendezvousProtocol.CLIENT_LABEL, jobId, pe, serverNonce));
        out.flush();
        final byte answer = in.readByte();
        if (answer == RendezvousProtocol.REFUSED)
        {
            return in.readUTF();
        }
        assertEquals(RendezvousProtocol.ACCEPTED, answer);
        return null;
    }

    void sendRound(final int round, final byte[] record) throws IOException
    {
        out.writeByte(RendezvousProtocol.ROUND);
        out.writeInt(round);
        RendezvousProtocol.writeRecord(out, record);
        out.flush();
    }

    void sendAbort(final String text) throws IOException
    {
        out.writeByte(RendezvousProtocol.ABORT);
        out.writeUTF(text);
        out.flush();
    }

    void sendBye() throws IOException
    {
        out.writeByte(RendezvousProtocol.BYE);
        out.flush();
    }

    /**
     * Sends a heartbeat every {@code intervalMs} until the server sends FAILED.
     *
     * @return "pe: text" of that FAILED.
     */
    String beatUntilFailed(final long intervalMs) throws IOException, InterruptedException
    {
        while (true)
        {
            out.writeByte(RendezvousProtocol.HEARTBEAT);
            out.flush();
            Thread.sleep(intervalMs);
            while (in.available() > 0)
            {
                final byte type = in.readByte();
                if (type == RendezvousProtocol.SERVER_HEARTBEAT)
                {
                    heartbeats++;
                    continue;
                }
                if (type == RendezvousProtocol.FAILED)
                {
                    final int pe = in.readInt();
                    return pe + ": " + in.readUTF();
                }
                throw new AssertionError("message type=" + type + " while beating");
            }
        }
    }

    /** @return the server's heartbeats this client has skipped so far. */
    int heartbeatsSeen()
    {
        return heartbeats;
    }

    /** @return the type of the next message that is not a server heartbeat, which it skips and counts. */
    private byte nextType() throws IOException
    {
        byte type;
        while ((type = in.readByte()) == RendezvousProtocol.SERVER_HEARTBEAT)
        {
            heartbeats++;
        }
        return type;
    }

    /**
     * @return the records of ALL, after checking its round.
     */
    byte[][] readAll(final int round, final int nPes) throws IOException
    {
        final byte type = nextType();
        if (type == RendezvousProtocol.FAILED)
        {
            throw new AssertionError("FAILED(" + in.readInt() + ", " + in.readUTF() + ") instead of ALL");
        }
        assertEquals(RendezvousProtocol.ALL, type);
        assertEquals(round, in.readInt());
        final byte[][] records = new byte[nPes][];
        for (int pe = 0; pe < nPes; pe++)
        {
            records[pe] = RendezvousProtocol.readRecord(in);
        }
        return records;
    }

    /**
     * @return "pe: text" of the next message, which must be FAILED.
     */
    String readFailed() throws IOException
    {
        assertEquals(RendezvousProtocol.FAILED, nextType());
        final int pe = in.readInt();
        return pe + ": " + in.readUTF();
    }

    @Override
    public void close() throws IOException
    {
        socket.close();
    }
}
