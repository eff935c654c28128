package io.ishmem.junit;

import io.ishmem.Cmp;
import io.ishmem.Ishmem;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The training run of a {@link PeStartCache}: a PE of a one-PE job that starts ishmem and makes the calls most
 * tests begin with, so that the classes behind them, and the method handles of the native calls they make, are
 * in the cache.
 */
public final class PeStartTraining
{
    private static final int WORDS = 8;

    private PeStartTraining()
    {
    }

    /**
     * @param args none.
     */
    public static void main(final String[] args)
    {
        try (Ishmem shmem = Ishmem.init(); Arena arena = Arena.ofConfined())
        {
            final int me = shmem.myPe();
            final SymmetricSegment words = shmem.calloc(WORDS, ValueLayout.JAVA_LONG);
            final SymmetricSegment copy = shmem.calloc(WORDS, ValueLayout.JAVA_LONG);
            final SymmetricSegment signal = shmem.calloc(1, ValueLayout.JAVA_LONG);
            final MemorySegment local = arena.allocate(ValueLayout.JAVA_LONG, WORDS);
            shmem.pLong(words, 0, 1L, me);
            // complete: the put below reads the word as its source, and a transport may still carry the p
            shmem.quiet();
            shmem.put(copy, 0, words, 0, Long.BYTES, me);
            shmem.putSignal(words, Long.BYTES, local, 0, Long.BYTES, signal, 0, 1L, SignalOp.SET, me);
            shmem.signalWaitUntil(signal, 0, Cmp.EQ, 1L);
            shmem.barrierAll();
            if (shmem.gLong(copy, 0, me) != 1L || shmem.atomicFetchLong(words, 0, me) != 1L)
            {
                throw new IllegalStateException("the training PE read back other values than it wrote");
            }
            shmem.broadcast(copy, words, Long.BYTES, 0);
            shmem.free(signal);
            shmem.free(copy);
            shmem.free(words);
        }
    }
}
