package io.ishmem.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Removes the files a job left in {@code /dev/shm}: a PE killed during bootstrap cannot unlink its own.
 */
final class ShmCleaner
{
    private ShmCleaner()
    {
    }

    /**
     * @param directory the shared-memory directory, normally {@link JobEnvironment#SHM_DIRECTORY}.
     * @param jobId     the job whose files to remove.
     * @return how many files were removed.
     * @throws UncheckedIOException if a file of the job could not be removed.
     */
    static int clean(final Path directory, final String jobId)
    {
        int removed = 0;
        // the glob is safe to build from the id: it is hex only
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, JobEnvironment.shmFilePrefix(jobId) + "*"))
        {
            for (final Path file : files)
            {
                if (Files.deleteIfExists(file))
                {
                    removed++;
                }
            }
        }
        catch (final NoSuchFileException ignored)
        {
            // no /dev/shm (not Linux, or a minimal container): the job cannot have left anything there
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot remove the files of job " + jobId + " in " + directory, ex);
        }
        return removed;
    }
}
