package io.ishmem.core.heap;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SpinLoadsTest
{
    @Test
    void shouldReturnTheValueAnotherThreadStores() throws InterruptedException
    {
        try (Arena arena = Arena.ofShared())
        {
            final MemorySegment words = arena.allocate(128, 64);
            final long address = words.address();
            final CountDownLatch spinning = new CountDownLatch(1);
            final Thread writer = Thread.ofPlatform().start(() ->
            {
                try
                {
                    // let the reader start spinning on the unchanged words first
                    spinning.await(10, TimeUnit.SECONDS);
                    Thread.sleep(20);
                }
                catch (final InterruptedException e)
                {
                    Thread.currentThread().interrupt();
                }
                words.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 42L);
                words.set(ValueLayout.JAVA_INT_UNALIGNED, 64, -7);
            });
            spinning.countDown();
            long seen = 0;
            // spin batches as the waits take them, until the writer's store shows
            for (int batch = 0; batch < 1_000_000 && seen == 0; batch++)
            {
                seen = SpinLoads.longWhileUnchanged(address, 0, 1024);
            }
            assertEquals(42L, seen);
            long seenInt = 0;
            for (int batch = 0; batch < 1_000_000 && seenInt == 0; batch++)
            {
                seenInt = SpinLoads.intWhileUnchanged(address + 64, 0, 1024);
            }
            assertEquals(0xFFFF_FFF9L, seenInt, "an int comes back zero-extended");
            writer.join();
        }
    }

    @Test
    void shouldGiveUpWithTheValueSeenOnceItsLoadsAreSpent()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment words = arena.allocate(128, 64);
            words.set(ValueLayout.JAVA_LONG, 0, 5L);
            words.set(ValueLayout.JAVA_INT, 64, 9);
            assertEquals(5L, SpinLoads.longWhileUnchanged(words.address(), 5L, 1));
            assertEquals(5L, SpinLoads.longWhileUnchanged(words.address(), 5L, 10_000));
            assertEquals(9L, SpinLoads.intWhileUnchanged(words.address() + 64, 9L, 10_000));
            // a word that already differs comes back from the first load
            assertEquals(5L, SpinLoads.longWhileUnchanged(words.address(), 4L, 10_000));
        }
    }
}
