package io.ishmem.core;

import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeTest;

import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Distributed locks (issue 12): mutual exclusion across PEs, what a holder wrote seen by the next, misuse refused. */
class LockMultiPeTest
{
    private static final int ROUNDS = 200;

    /**
     * Under the lock each PE reads PE 0's counter with g and writes it back plus one with p: a read-modify-write
     * that loses updates unless the lock excludes, and unless clearLock completes the p before the next holder
     * reads. A second counter, updated atomically on entry and exit, must never show two PEs inside.
     */
    @MultiPeTest(pes = {2, 4, 8})
    void shouldLetOnePeAtATimeIntoTheCriticalSection(final Ishmem shmem)
    {
        final SymmetricSegment lock = shmem.calloc(1, ValueLayout.JAVA_LONG);
        final SymmetricSegment counter = shmem.calloc(1, ValueLayout.JAVA_LONG);
        final SymmetricSegment inside = shmem.calloc(1, ValueLayout.JAVA_LONG);
        for (int i = 0; i < ROUNDS; i++)
        {
            shmem.setLock(lock);
            assertEquals(0, shmem.atomicFetchAddLong(inside, 0, 1, 0), "another PE is inside the lock");
            final long value = shmem.gLong(counter, 0, 0);
            shmem.pLong(counter, 0, value + 1, 0);
            shmem.atomicAddLong(inside, 0, -1, 0);
            shmem.clearLock(lock);
        }
        shmem.barrierAll();
        assertEquals((long)shmem.nPes() * ROUNDS, shmem.gLong(counter, 0, 0));
        shmem.barrierAll();
    }

    @MultiPeTest(pes = {2, 4})
    void shouldTakeAFreeLockAndRefuseAHeldOneWithoutWaiting(final Ishmem shmem)
    {
        final SymmetricSegment lock = shmem.calloc(1, ValueLayout.JAVA_LONG);
        if (shmem.myPe() == 0)
        {
            assertTrue(shmem.testLock(lock), "a free lock");
        }
        shmem.barrierAll();
        if (shmem.myPe() != 0)
        {
            assertFalse(shmem.testLock(lock), "a lock PE 0 holds");
        }
        shmem.barrierAll();
        if (shmem.myPe() == 0)
        {
            shmem.clearLock(lock);
        }
        shmem.barrierAll();
        if (shmem.myPe() == shmem.nPes() - 1)
        {
            assertTrue(shmem.testLock(lock), "the lock PE 0 released");
            shmem.clearLock(lock);
        }
        shmem.barrierAll();
    }

    @MultiPeTest(pes = 2)
    void shouldRefuseMisuseNamingIt(final Ishmem shmem)
    {
        final SymmetricSegment lock = shmem.calloc(1, ValueLayout.JAVA_LONG);
        final SymmetricSegment wide = shmem.calloc(2, ValueLayout.JAVA_LONG);
        if (shmem.myPe() == 0)
        {
            assertTrue(assertThrows(IllegalStateException.class, () -> shmem.clearLock(lock)).getMessage()
                .startsWith("clearLock: this PE does not hold the lock at heap offset " + lock.heapOffset()));
            shmem.setLock(lock);
            assertEquals("setLock: this PE already holds this lock (locks are not reentrant: clearLock it first)",
                assertThrows(IllegalStateException.class, () -> shmem.setLock(lock)).getMessage());
            assertThrows(IllegalStateException.class, () -> shmem.testLock(lock));
            shmem.clearLock(lock);
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> shmem.setLock(wide)).getMessage()
            .startsWith("setLock: lock is 16 bytes: a lock is one symmetric long"));
        assertEquals("testLock: lock is null", assertThrows(NullPointerException.class, () -> shmem.testLock(null))
            .getMessage());
        shmem.barrierAll();
    }
}
