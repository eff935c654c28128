package io.ishmem.core;

import io.ishmem.Ishmem;
import io.ishmem.IshmemConfigException;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeJob;
import io.ishmem.junit.MultiPeTest;
import io.ishmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The /dev/shm fallback, and start-up refusals of a job whose PEs disagree. */
class SharingModeMultiPeTest
{
    @MultiPeTest(pes = {2, 4}, env = {"ISHMEM_HEAP_SHARING=shm-file", "ISHMEM_SYMMETRIC_SIZE=4M"})
    void shouldMoveDataThroughShmFilesAndUnlinkThemAtInit(final Ishmem shmem) throws IOException
    {
        final int me = shmem.myPe();
        final int n = shmem.nPes();
        final SymmetricSegment cell = shmem.calloc(1, ValueLayout.JAVA_LONG);
        shmem.pLong(cell, 0, 1000 + me, (me + 1) % n);
        shmem.barrierAll();
        assertEquals(1000 + (me + n - 1) % n, cell.local().get(ValueLayout.JAVA_LONG, 0));
        // the heap files are gone once mapped; only the rendezvous stays, to the job's end, to keep jobs apart
        final String job = System.getenv("ISHMEM_JOB_ID");
        try (Stream<Path> files = Files.list(Path.of("/dev/shm")))
        {
            assertEquals(List.of(Path.of("/dev/shm/ishmem-" + job + "-boot")),
                files.filter(path -> path.getFileName().toString().startsWith("ishmem-" + job)).toList());
        }
    }

    static void unequalHeapSizes()
    {
        System.setProperty("ishmem.symmetric.size", System.getenv("ISHMEM_PE").equals("0") ? "4M" : "8M");
        final IshmemConfigException ex = assertThrows(IshmemConfigException.class, Ishmem::init);
        System.out.println("REFUSED " + ex.getMessage());
    }

    @Test
    @Timeout(60)
    void shouldRefuseUnequalHeapSizesOnEveryPe()
    {
        final JobResult result = MultiPeJob.of(SharingModeMultiPeTest.class, "unequalHeapSizes").pes(2).run();
        for (int pe = 0; pe < 2; pe++)
        {
            assertEquals(0, result.exitCode(pe), String.join("\n", result.output(pe)));
            final String line = result.output(pe).stream().filter(l -> l.startsWith("REFUSED")).findFirst()
                .orElseThrow();
            assertTrue(line.contains("ISHMEM_SYMMETRIC_SIZE"), line);
        }
    }

    static void badPeNumber()
    {
        System.setProperty("ishmem.pe", "7");
        final IshmemConfigException ex = assertThrows(IshmemConfigException.class, Ishmem::init);
        assertEquals("ISHMEM_PE=7 not in [0, 2)", ex.getMessage());
        assertFalse(ex.getMessage().isEmpty());
    }

    @Test
    @Timeout(60)
    void shouldRefuseAPeNumberOutOfRange()
    {
        final JobResult result = MultiPeJob.of(SharingModeMultiPeTest.class, "badPeNumber").pes(2).run();
        assertTrue(result.succeeded(), result.output(0) + "\n" + result.output(1));
    }
}
