package io.ishmem.rendezvous;

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
 * The rendezvous wire format's constants and the pieces both ends share; the package describes the protocol.
 */
public final class RendezvousProtocol
{
    public static final int MAGIC = 0x49534852;
    public static final int VERSION = 2;

    public static final byte HELLO = 1;
    public static final byte PROOF = 2;
    public static final byte ROUND = 3;
    public static final byte ABORT = 4;
    public static final byte BYE = 5;
    public static final byte HEARTBEAT = 6;

    public static final byte CHALLENGE = 11;
    public static final byte ACCEPTED = 12;
    public static final byte REFUSED = 13;
    public static final byte ALL = 14;
    public static final byte FAILED = 15;
    public static final byte SERVER_HEARTBEAT = 16;

    /** Each end sends a heartbeat this often, so the other can tell a quiet peer from a lost one. */
    public static final long HEARTBEAT_INTERVAL_MS = 1_000;
    /** Silence after which an end gives the other up, unless ISHMEM_RENDEZVOUS_TIMEOUT says otherwise. */
    public static final long DEFAULT_SILENCE_TIMEOUT_MS = 10_000;
    /** The variable that sets it, for the launcher and every PE alike (the launcher passes it to every PE). */
    public static final String SILENCE_TIMEOUT_VARIABLE = "ISHMEM_RENDEZVOUS_TIMEOUT";

    public static final int NONCE_LENGTH = 32;
    public static final int PROOF_LENGTH = 32;
    public static final int MAX_RECORD_LENGTH = 1 << 20;
    /** writeUTF holds at most 65535 bytes; an abort or failure text is cut well below that. */
    public static final int MAX_TEXT_LENGTH = 4000;

    public static final String SERVER_LABEL = "ishmem-rendezvous-server";
    public static final String CLIENT_LABEL = "ishmem-rendezvous-client";

    private static final String HMAC = "HmacSHA256";
    private static final SecureRandom RANDOM = new SecureRandom();

    private RendezvousProtocol()
    {
    }

    /**
     * @return 32 bytes from the OS entropy source: a proof over a fresh nonce cannot be replayed.
     */
    public static byte[] nonce()
    {
        final byte[] nonce = new byte[NONCE_LENGTH];
        RANDOM.nextBytes(nonce);
        return nonce;
    }

    /**
     * @return HMAC-SHA256 keyed with the secret over {@code writeUTF(label) writeUTF(jobId) writeInt(pe) nonce}.
     */
    public static byte[] proof(final String secret, final String label, final String jobId, final int pe, final byte[] nonce)
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
    public static byte[] readRecord(final DataInputStream in) throws IOException
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

    public static void writeRecord(final DataOutputStream out, final byte[] record) throws IOException
    {
        out.writeInt(record.length);
        out.write(record);
    }

    /**
     * The peer sent something the protocol does not allow; the message says what.
     */
    public static final class ProtocolException extends IOException
    {
        private static final long serialVersionUID = 1L;

        public ProtocolException(final String message)
        {
            super(message);
        }
    }
}
