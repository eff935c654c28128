package io.ishmem.launcher.rendezvous;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The rendezvous wire format's constants and the pieces both directions share (package-info describes it);
 * ishmem-core's {@code io.ishmem.core.rendezvous.RendezvousProtocol} is its twin.
 */
final class RendezvousProtocol
{
    static final int MAGIC = 0x49534852;
    static final int VERSION = 1;

    static final byte HELLO = 1;
    static final byte PROOF = 2;
    static final byte ROUND = 3;
    static final byte ABORT = 4;
    static final byte BYE = 5;

    static final byte CHALLENGE = 11;
    static final byte ACCEPTED = 12;
    static final byte REFUSED = 13;
    static final byte ALL = 14;
    static final byte FAILED = 15;

    static final int NONCE_LENGTH = 32;
    static final int PROOF_LENGTH = 32;
    static final int MAX_RECORD_LENGTH = 1 << 20;

    static final String SERVER_LABEL = "ishmem-rendezvous-server";
    static final String CLIENT_LABEL = "ishmem-rendezvous-client";

    private static final String HMAC = "HmacSHA256";
    private static final SecureRandom RANDOM = new SecureRandom();

    private RendezvousProtocol()
    {
    }

    /**
     * @return 32 bytes from the OS entropy source: a proof over a fresh nonce cannot be replayed.
     */
    static byte[] nonce()
    {
        final byte[] nonce = new byte[NONCE_LENGTH];
        RANDOM.nextBytes(nonce);
        return nonce;
    }

    /**
     * @return HMAC-SHA256 keyed with the secret over {@code writeUTF(label) writeUTF(jobId) writeInt(pe) nonce}.
     */
    static byte[] proof(final String secret, final String label, final String jobId, final int pe, final byte[] nonce)
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream data = new DataOutputStream(bytes))
        {
            data.writeUTF(label);
            data.writeUTF(jobId);
            data.writeInt(pe);
            data.write(nonce);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        try
        {
            final Mac mac = Mac.getInstance(HMAC);
            // an empty secret is a valid (if weak) key for HMAC, but SecretKeySpec refuses an empty array
            final byte[] key = secret.isEmpty() ? new byte[1] : secret.getBytes(StandardCharsets.UTF_8);
            mac.init(new SecretKeySpec(key, HMAC));
            return mac.doFinal(bytes.toByteArray());
        }
        catch (final GeneralSecurityException ex)
        {
            // every JDK must provide HmacSHA256 (the javax.crypto.Mac contract)
            throw new IllegalStateException(HMAC + " unavailable", ex);
        }
    }

    /**
     * @return the record, its length checked against {@link #MAX_RECORD_LENGTH} before anything is allocated.
     */
    static byte[] readRecord(final DataInputStream in) throws IOException
    {
        final int length = in.readInt();
        if (length < 0 || length > MAX_RECORD_LENGTH)
        {
            throw new ProtocolException("record length=" + length + " not in [0, " + MAX_RECORD_LENGTH + "]");
        }
        final byte[] record = new byte[length];
        in.readFully(record);
        return record;
    }

    static void writeRecord(final DataOutputStream out, final byte[] record) throws IOException
    {
        out.writeInt(record.length);
        out.write(record);
    }

    /**
     * The peer sent something the protocol does not allow; the message says what.
     */
    static final class ProtocolException extends IOException
    {
        private static final long serialVersionUID = 1L;

        ProtocolException(final String message)
        {
            super(message);
        }
    }
}
