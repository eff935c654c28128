package io.ishmem.core;

import io.ishmem.Ishmem;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeTest;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A thread that keeps calling while another closes the runtime must end with IllegalStateException, never fault,
 * and close must still give the heaps' memory back. The shm transport reaches heaps by address, without the
 * JDK's per-access liveness check (see {@code AddressSpace}), and relies on the tombstone a closed heap leaves;
 * over UCX (the suite's second run) close refuses the data calls before its barrier and frees the worker only
 * once no call is inside it ({@code CallGate}).
 */
class CloseRaceMultiPeTest
{
    @MultiPeTest(pes = 2)
    void shouldRefuseNotFaultTheCallsThatRaceClose(final Ishmem shmem) throws Exception
    {
        final int peer = 1 - shmem.myPe();
        final SymmetricSegment data = shmem.malloc(4096);
        final SymmetricSegment words = shmem.calloc(64, ValueLayout.JAVA_LONG);
        final AtomicReference<Throwable> ended = new AtomicReference<>();
        final AtomicLong calls = new AtomicLong();
        final Thread hammer = new Thread(() -> hammer(shmem, data, words, peer, calls, ended), "hammer");
        hammer.start();
        // close while the hammer is in compiled code: after some hundreds of thousands of calls over shared
        // memory, or a few seconds of them over UCX (each a request of microseconds)
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(4);
        while (calls.get() < 200_000 && hammer.isAlive() && System.nanoTime() < deadline)
        {
            Thread.onSpinWait();
        }
        assertTrue(hammer.isAlive(), () -> "the hammer stopped before close: " + ended.get());
        shmem.close();
        hammer.join(TimeUnit.SECONDS.toMillis(30));
        assertFalse(hammer.isAlive(), "a thread calling in a loop never saw the close");
        final Throwable why = ended.get();
        assertInstanceOf(IllegalStateException.class, why, () -> "the racing call ended with " + why);
        assertTrue(why.getMessage().contains("closed"), why.getMessage());
        // the heaps' ranges now hold anonymous memory: no mapping of a heap file is left in this process
        final String maps = Files.readString(Path.of("/proc/self/maps"));
        assertEquals(-1, maps.indexOf("memfd:ishmem"), "a heap is still mapped after close");
    }

    private static void hammer(final Ishmem shmem, final SymmetricSegment data, final SymmetricSegment words,
        final int peer, final AtomicLong calls, final AtomicReference<Throwable> ended)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment local = arena.allocate(64, 8);
            for (long i = 0; ; i++)
            {
                final int pe = (int)(i & 1) == 0 ? peer : 1 - peer;
                shmem.put(data, (i & 7) * 8, local, 0, 8, pe);
                shmem.put(data, 1024, local, 0, 64, pe);
                shmem.pLong(words, 1, i, pe);
                shmem.putSignal(data, 0, local, 0, 16, words, 2, i, SignalOp.SET, pe);
                shmem.signalAdd(words, 3, 1, pe);
                shmem.get(local, 0, data, 0, 32, pe);
                local.set(ValueLayout.JAVA_LONG, 32, shmem.gLong(words, 1, pe));
                shmem.atomicFetchAddLong(words, 4, 1, pe);
                calls.lazySet(i);
            }
        }
        catch (final Throwable t)
        {
            ended.set(t);
        }
    }
}
