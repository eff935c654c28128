package consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeTest;

import java.lang.foreign.ValueLayout;

import org.junit.jupiter.api.Test;

class RankRingMultiPeTest
{
    @MultiPeTest(pes = 2, timeoutSeconds = 120)
    void shouldReceiveTheRankOfThePreviousPe(final Ishmem shmem)
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        assertEquals(2, n);
        final SymmetricSegment slot = shmem.calloc(1, ValueLayout.JAVA_LONG);
        shmem.pLong(slot, 0, 100 + me, (me + 1) % n);
        shmem.barrierAll();
        assertEquals(100 + (me + n - 1) % n, slot.local().get(ValueLayout.JAVA_LONG, 0));
    }

    @Test
    void shouldRunOnTheJUnitThisBuildAskedFor()
    {
        // the build tests the oldest supported JUnit only if that is the one on the class path
        assertEquals(System.getProperty("consumer.junit.version"),
            Test.class.getPackage().getImplementationVersion());
    }
}
