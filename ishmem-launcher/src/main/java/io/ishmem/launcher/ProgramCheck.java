package io.ishmem.launcher;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Refuses a program that cannot be executed before any PE is forked, so a typo never starts half a job.
 */
final class ProgramCheck
{
    private ProgramCheck()
    {
    }

    /**
     * @param program          the program as given: a path if it contains '/', else a name to find on PATH.
     * @param path             the search path; the JDK searches the launcher's PATH, not the PE's.
     * @param workingDirectory where a relative path is resolved; the JDK resolves it after changing to it.
     * @throws LaunchException if the program does not exist or is not executable.
     */
    static void check(final String program, final String path, final Path workingDirectory)
    {
        if (program.indexOf('/') >= 0)
        {
            final String reason = whyNotExecutable(workingDirectory.resolve(program).normalize());
            if (reason != null)
            {
                throw new LaunchException(program, reason, null);
            }
            return;
        }

        for (final String dir : (path == null ? "" : path).split(":", -1))
        {
            // an empty PATH entry means the working directory, as execvp reads it
            final Path candidate = (dir.isEmpty() ? workingDirectory : workingDirectory.resolve(dir)).resolve(program);
            if (whyNotExecutable(candidate) == null)
            {
                return;
            }
        }
        throw new LaunchException(program, "not found on PATH", null);
    }

    private static String whyNotExecutable(final Path file)
    {
        if (!Files.exists(file))
        {
            return "no such file: " + file;
        }
        if (Files.isDirectory(file))
        {
            return "is a directory: " + file;
        }
        if (!Files.isExecutable(file))
        {
            return "permission denied: " + file;
        }
        return null;
    }
}
