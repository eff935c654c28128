package io.ishmem.junit;

import io.ishmem.launcher.JobResult;

/**
 * Describes a finished job for a failure message: each failed PE with its exit code, then every PE's output.
 */
public final class JobReport
{
    private JobReport()
    {
    }

    /**
     * @param result a finished job.
     * @return a summary line, one line per PE that exited non-zero, then each PE's output under a
     * {@code --- PE n (exit c) ---} header.
     */
    public static String describe(final JobResult result)
    {
        final StringBuilder text = new StringBuilder();
        text.append("job ").append(result.jobId()).append(" of ").append(result.npes()).append(" PEs ");
        if (result.timedOut())
        {
            text.append("timed out (exit ").append(result.exitCode()).append("): its PEs were stopped");
        }
        else if (result.succeeded())
        {
            text.append("succeeded");
        }
        else
        {
            text.append("failed: PE ").append(result.firstFailedPe()).append(" failed first, with exit ")
                .append(result.exitCode());
        }
        text.append('\n');

        for (int pe = 0; pe < result.npes(); pe++)
        {
            if (result.exitCode(pe) != 0)
            {
                text.append("  PE ").append(pe).append(": exit ").append(result.exitCode(pe))
                    .append(exitMeaning(result.exitCode(pe))).append('\n');
            }
        }
        for (int pe = 0; pe < result.npes(); pe++)
        {
            text.append("--- PE ").append(pe).append(" (exit ").append(result.exitCode(pe)).append(") ---\n");
            for (final String line : result.output(pe))
            {
                text.append(line).append('\n');
            }
        }
        return text.toString();
    }

    private static String exitMeaning(final int exitCode)
    {
        return switch (exitCode)
        {
            case 143 -> " (SIGTERM: stopped by the launcher)";
            case 137 -> " (SIGKILL: stopped by the launcher)";
            case 134 -> " (SIGABRT: the JVM crashed)";
            case 139 -> " (SIGSEGV: the JVM crashed)";
            default -> "";
        };
    }
}
