package io.ishmem.examples;

import io.ishmem.Cmp;
import io.ishmem.Ishmem;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;

import java.lang.foreign.ValueLayout;

/**
 * Passes a token around all PEs with put-with-signal: PE 0 starts it, each PE waits for its signal, checks
 * the payload (the PEs the token visited so far), adds itself and forwards it, and PE 0 receives it last:
 * {@code ishmemrun -n 4 --class io.ishmem.examples.SignalRing}.
 */
public final class SignalRing
{
    private SignalRing()
    {
    }

    /**
     * Prints {@code PE <me> received the token from PE <prev> after <hops> hops: path 0 1 ... ok}, one line per
     * PE; exits with status 1 if a payload is not what the ring sent.
     *
     * @param args ignored.
     */
    public static void main(final String[] args)
    {
        final boolean ok;
        try (Ishmem shmem = Ishmem.init())
        {
            final int me = shmem.myPe();
            final int n = shmem.nPes();
            final int next = (me + 1) % n;
            final int prev = (me + n - 1) % n;

            // path[0] is the hop count, path[1 + k] the PE that sent hop k + 1
            final SymmetricSegment path = shmem.calloc(n + 1, ValueLayout.JAVA_LONG);
            final SymmetricSegment sig = shmem.calloc(1, ValueLayout.JAVA_LONG);
            // nobody may signal a PE before it has allocated the same segments
            shmem.barrierAll();

            final long[] token = new long[n + 1];
            boolean valid = true;
            if (me != 0)
            {
                valid = receive(shmem, path, sig, token, me, prev);
            }
            token[0] = me + 1;
            token[me + 1] = me;
            // the payload lands before the signal, so the next PE sees the whole path once it sees hop me + 1
            shmem.putSignal(path, 0, token, 0, n + 1, sig, 0, me + 1, SignalOp.SET, next);
            if (me == 0)
            {
                valid = receive(shmem, path, sig, token, n, prev);
            }
            ok = valid;
            shmem.barrierAll();
        }
        if (!ok)
        {
            System.exit(1);
        }
    }

    private static boolean receive(final Ishmem shmem, final SymmetricSegment path, final SymmetricSegment sig,
        final long[] token, final int hops, final int prev)
    {
        shmem.signalWaitUntil(sig, Cmp.GE, hops);
        boolean valid = path.local().getAtIndex(ValueLayout.JAVA_LONG, 0) == hops;
        final StringBuilder visited = new StringBuilder();
        for (int k = 0; k < hops; k++)
        {
            token[k + 1] = path.local().getAtIndex(ValueLayout.JAVA_LONG, k + 1);
            valid &= token[k + 1] == k;
            visited.append(' ').append(token[k + 1]);
        }
        System.out.println("PE " + shmem.myPe() + " received the token from PE " + prev + " after " + hops +
            " hops: path" + visited + (valid ? " ok" : " WRONG"));
        return valid;
    }
}
