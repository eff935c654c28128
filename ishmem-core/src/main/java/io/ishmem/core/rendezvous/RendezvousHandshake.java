package io.ishmem.core.rendezvous;

import io.ishmem.IshmemConfigException;
import io.ishmem.IshmemException;
import io.ishmem.rendezvous.RendezvousProtocol;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.security.MessageDigest;

/**
 * A PE's side of the rendezvous handshake: HELLO, the server's proof checked before this PE's is sent, then ACCEPTED
 * or a refusal with the server's reason.
 */
final class RendezvousHandshake
{
    private RendezvousHandshake()
    {
    }

    /**
     * Proves this PE to the server and the server to this PE, on a connected socket.
     *
     * @throws IshmemConfigException when refused, or when the server cannot prove the job's secret.
     * @throws IshmemException       when the server does not answer in time, or closes.
     */
    static void run(final String address, final Socket socket, final DataInputStream in, final DataOutputStream out,
        final String jobId, final String secret, final int pe, final int nPes, final long deadlineNs,
        final long startNs) throws IOException
    {
        socket.setSoTimeout(RendezvousClient.timeoutMs(deadlineNs - System.nanoTime()));
        final byte[] clientNonce = RendezvousProtocol.nonce();
        out.writeByte(RendezvousProtocol.HELLO);
        out.writeInt(RendezvousProtocol.MAGIC);
        out.writeInt(RendezvousProtocol.VERSION);
        out.writeUTF(jobId);
        out.writeInt(pe);
        out.writeInt(nPes);
        out.write(clientNonce);
        out.flush();
        try
        {
            final byte type = in.readByte();
            if (type == RendezvousProtocol.REFUSED)
            {
                throw refused(address, pe, in.readUTF());
            }
            expect(address, RendezvousProtocol.CHALLENGE, "CHALLENGE", type);
            final byte[] serverNonce = new byte[RendezvousProtocol.NONCE_LENGTH];
            in.readFully(serverNonce);
            final byte[] serverProof = new byte[RendezvousProtocol.PROOF_LENGTH];
            in.readFully(serverProof);
            if (!MessageDigest.isEqual(serverProof,
                RendezvousProtocol.proof(secret, RendezvousProtocol.SERVER_LABEL, jobId, pe, clientNonce)))
            {
                // this PE's proof stays unsent: a server without the secret learns nothing it could replay
                throw new IshmemConfigException("the rendezvous at " + address + " (ISHMEM_RENDEZVOUS) could not " +
                    "prove it knows job " + jobId + "'s secret: it serves another job, or ISHMEM_JOB_SECRET differs " +
                    "between PE " + pe + " and ishmemrun");
            }
            out.writeByte(RendezvousProtocol.PROOF);
            out.write(RendezvousProtocol.proof(secret, RendezvousProtocol.CLIENT_LABEL, jobId, pe, serverNonce));
            out.flush();
            final byte answer = in.readByte();
            if (answer == RendezvousProtocol.REFUSED)
            {
                throw refused(address, pe, in.readUTF());
            }
            expect(address, RendezvousProtocol.ACCEPTED, "ACCEPTED", answer);
        }
        catch (final SocketTimeoutException ex)
        {
            // connected but never answered: a deaf server is not worth more retries before the deadline
            throw new IshmemException("PE " + pe + ": the rendezvous at " + address + " (ISHMEM_RENDEZVOUS) did not " +
                "answer its handshake in " + RendezvousClient.seconds(System.nanoTime() - startNs) + " s", ex);
        }
        catch (final EOFException ex)
        {
            throw new IshmemException("PE " + pe + ": the rendezvous at " + address + " (ISHMEM_RENDEZVOUS) closed " +
                "the connection during the handshake: is that port ishmemrun's?", ex);
        }
    }

    private static IshmemConfigException refused(final String address, final int pe, final String reason)
    {
        return new IshmemConfigException("the rendezvous at " + address + " (ISHMEM_RENDEZVOUS) refused PE " + pe +
            ": " + reason);
    }

    private static void expect(final String address, final byte expected, final String name, final byte type)
        throws IOException
    {
        if (type != expected)
        {
            throw new IOException("the rendezvous at " + address + " sent message type=" + type + ", expected " +
                name + " (" + expected + ")");
        }
    }
}
