package io.ishmem.launcher.rendezvous;

import io.ishmem.rendezvous.RendezvousProtocol;

/**
 * What a PE must say and prove to join a job at its rendezvous: the job's id and size, a PE number in range, and
 * knowledge of the secret, shown by an HMAC over a nonce of the other side's (the secret itself never travels).
 *
 * @param jobId  the job's {@code ISHMEM_JOB_ID}.
 * @param secret the job's {@code ISHMEM_JOB_SECRET}.
 * @param nPes   the job's size.
 */
record JobCredentials(String jobId, String secret, int nPes)
{
    @Override
    public String toString()
    {
        // the secret stays out of logs and messages
        return "JobCredentials[jobId=" + jobId + ", nPes=" + nPes + "]";
    }

    /**
     * @return why a HELLO of this job id, PE and size is not one of this job's PEs, naming the variable; null if it is.
     */
    String helloMismatch(final String clientJobId, final int pe, final int clientNPes)
    {
        if (!jobId.equals(clientJobId))
        {
            return "job id '" + clientJobId + "' is not this rendezvous's job '" + jobId + "' (ISHMEM_JOB_ID)";
        }
        if (clientNPes != nPes)
        {
            return "nPes=" + clientNPes + " but job " + jobId + " has " + nPes + " PEs (ISHMEM_NPES)";
        }
        if (pe < 0 || pe >= nPes)
        {
            return "pe=" + pe + " not in [0, " + nPes + ") (ISHMEM_PE)";
        }
        return null;
    }

    /** @return the proof, with {@code label}, that whoever made it knows the secret, for PE {@code pe} and a nonce. */
    byte[] proof(final String label, final int pe, final byte[] nonce)
    {
        return RendezvousProtocol.proof(secret, label, jobId, pe, nonce);
    }
}
