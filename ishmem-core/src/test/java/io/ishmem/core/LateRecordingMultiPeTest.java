package io.ishmem.core;

import io.ishmem.Ishmem;
import io.ishmem.junit.MultiPeTest;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A flight recording started in a PE that has run without one (not through {@code ishmemrun --profile}, which starts
 * the recorder with the JVM): barrierAll and syncAll, whose shortest path asks about a recorder once, at init, and
 * is closed when one starts, record their barriers from then on, in a job of one PE and of two.
 */
class LateRecordingMultiPeTest
{
    private static final int RECORDED = 5;

    @MultiPeTest(pes = 1)
    void shouldRecordTheBarriersOfOnePeOnceARecordingStarts(final Ishmem shmem) throws IOException
    {
        recordsEveryBarrierOnceStarted(shmem);
    }

    @MultiPeTest(pes = 2)
    void shouldRecordTheBarriersOfTwoPesOnceARecordingStarts(final Ishmem shmem) throws IOException
    {
        recordsEveryBarrierOnceStarted(shmem);
    }

    private static void recordsEveryBarrierOnceStarted(final Ishmem shmem) throws IOException
    {
        // enough for the JIT to compile the unrecorded path, which the recorder must then leave
        for (int i = 0; i < 20_000; i++)
        {
            shmem.barrierAll();
            shmem.syncAll();
        }
        final Path file = Files.createTempFile("ishmem-late-recording-", ".jfr");
        try
        {
            try (Recording recording = new Recording())
            {
                recording.enable("ishmem.Barrier").withThreshold(Duration.ZERO);
                recording.start();
                for (int i = 0; i < RECORDED; i++)
                {
                    shmem.barrierAll();
                    shmem.syncAll();
                }
                recording.stop();
                recording.dump(file);
            }
            final List<RecordedEvent> barriers = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals("ishmem.Barrier")).toList();
            assertEquals(RECORDED, barriers.stream().filter(e -> "barrierAll".equals(e.getString("call"))).count(),
                barriers.toString());
            assertEquals(RECORDED, barriers.stream().filter(e -> "syncAll".equals(e.getString("call"))).count(),
                barriers.toString());
            assertEquals(2 * RECORDED, barriers.size(), barriers.toString());
        }
        finally
        {
            Files.deleteIfExists(file);
        }
    }
}
