package io.ishmem.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShmCleanerTest
{
    @TempDir
    Path shm;

    @Test
    void shouldRemoveOnlyTheFilesOfTheJob() throws IOException
    {
        final String jobId = "0123456789abcdef";
        final Path heap = Files.createFile(shm.resolve("ishmem-" + jobId + "-heap-3"));
        final Path bootstrap = Files.createFile(shm.resolve("ishmem-" + jobId + "-bootstrap"));
        final Path otherJob = Files.createFile(shm.resolve("ishmem-fedcba9876543210-heap-0"));
        final Path unrelated = Files.createFile(shm.resolve("ishmem-" + jobId));

        assertEquals(2, ShmCleaner.clean(shm, jobId));

        assertFalse(Files.exists(heap));
        assertFalse(Files.exists(bootstrap));
        assertTrue(Files.exists(otherJob));
        assertTrue(Files.exists(unrelated));
    }

    @Test
    void shouldIgnoreMissingDirectory()
    {
        assertEquals(0, ShmCleaner.clean(shm.resolve("absent"), "0123456789abcdef"));
    }
}
