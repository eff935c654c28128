package io.ishmem.launcher.rendezvous;

import io.ishmem.rendezvous.RendezvousProtocol;

/**
 * The records of the all-gather round in progress. A PE sends round k + 1 only after ALL(k), which needs everyone's
 * round k, so one round is held at most. Not thread-safe: the server calls it under its lock.
 */
final class RoundGather
{
    private final int nPes;
    private final int[] nextRound;
    private byte[][] records;
    private int arrivals;

    RoundGather(final int nPes)
    {
        this.nPes = nPes;
        this.nextRound = new int[nPes];
        this.records = new byte[nPes][];
    }

    /**
     * @return every PE's record of {@code round} when {@code pe}'s was the last, else null.
     * @throws RendezvousProtocol.ProtocolException if {@code pe} sent a round out of order.
     */
    byte[][] add(final int pe, final int round, final byte[] record) throws RendezvousProtocol.ProtocolException
    {
        if (round != nextRound[pe])
        {
            throw new RendezvousProtocol.ProtocolException("round " + round + " sent, expected round " +
                nextRound[pe] + " (rounds go 0, 1, 2... in order)");
        }
        nextRound[pe]++;
        records[pe] = record;
        if (++arrivals < nPes)
        {
            return null;
        }
        final byte[][] complete = records;
        records = new byte[nPes][];
        arrivals = 0;
        return complete;
    }
}
