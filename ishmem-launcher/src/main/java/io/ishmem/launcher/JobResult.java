package io.ishmem.launcher;

import java.util.List;
import java.util.Objects;

/**
 * How a job ended.
 *
 * @param jobId         the job's id, as its PEs saw it in {@code ISHMEM_JOB_ID}.
 * @param exitCode      0 if every PE exited 0; {@link #TIMEOUT_EXIT_CODE} if the job timed out; else the
 *                      exit code of the first PE that exited non-zero.
 * @param firstFailedPe the first PE that exited non-zero on its own, or -1 if none did.
 * @param exitCodes     each PE's exit code, by PE number; a PE ended by signal N has {@code 128 + N}; -1 for
 *                      a PE that even SIGKILL did not end.
 * @param outputs       each PE's stdout and stderr lines in the order they arrived, by PE number; empty
 *                      lists if the spec did not capture output.
 * @param timedOut      whether the job's timeout expired.
 */
public record JobResult(
    String jobId,
    int exitCode,
    int firstFailedPe,
    List<Integer> exitCodes,
    List<List<String>> outputs,
    boolean timedOut)
{
    /**
     * Exit code of a job that ran past its timeout, as {@code timeout(1)} uses.
     */
    public static final int TIMEOUT_EXIT_CODE = 124;

    /**
     * Copies the lists.
     */
    public JobResult
    {
        Objects.requireNonNull(jobId, "jobId");
        exitCodes = List.copyOf(exitCodes);
        outputs = outputs.stream().map(List::copyOf).toList();
        if (exitCodes.size() != outputs.size())
        {
            throw new IllegalArgumentException(
                "exitCodes.size=" + exitCodes.size() + " != outputs.size=" + outputs.size());
        }
    }

    /**
     * @return the number of PEs.
     */
    public int npes()
    {
        return exitCodes.size();
    }

    /**
     * @return whether every PE exited 0.
     */
    public boolean succeeded()
    {
        return exitCode == 0;
    }

    /**
     * @param pe PE number in {@code [0, npes)}.
     * @return that PE's exit code.
     */
    public int exitCode(final int pe)
    {
        return exitCodes.get(checkPe(pe));
    }

    /**
     * @param pe PE number in {@code [0, npes)}.
     * @return that PE's stdout and stderr lines in arrival order.
     */
    public List<String> output(final int pe)
    {
        return outputs.get(checkPe(pe));
    }

    /**
     * What ended the job, in one line, as {@code mpirun} says which rank ended a job and how.
     *
     * @return e.g. {@code PE 1 of 4 ended the job: killed by signal 9 (SIGKILL); the other PEs were then
     *         stopped}, or {@code every PE exited 0}.
     */
    public String describe()
    {
        if (timedOut)
        {
            return "job " + jobId + " ran past its timeout; every PE was stopped";
        }
        if (firstFailedPe < 0)
        {
            return exitCode == 0 ? "every PE exited 0" : "job " + jobId + " ended with exit status " + exitCode;
        }
        final StringBuilder line = new StringBuilder("PE ").append(firstFailedPe).append(" of ").append(npes())
            .append(" ended the job: ").append(how(exitCodes.get(firstFailedPe)));
        int others = 0;
        for (int pe = 0; pe < npes(); pe++)
        {
            others += pe != firstFailedPe && exitCodes.get(pe) != 0 ? 1 : 0;
        }
        if (others > 0)
        {
            line.append("; ").append(others).append(others == 1 ? " other PE" : " other PEs")
                .append(" then ended with a non-zero status or were stopped");
        }
        return line.toString();
    }

    private static String how(final int status)
    {
        if (status < 0)
        {
            return "it could not be ended, even by SIGKILL";
        }
        // Java reports a process ended by signal N as 128 + N, as shells do
        if (status > 128 && status < 128 + 65)
        {
            final int signal = status - 128;
            return "killed by signal " + signal + signalName(signal);
        }
        return "exit status " + status;
    }

    private static String signalName(final int signal)
    {
        return switch (signal)
        {
            case 1 -> " (SIGHUP)";
            case 2 -> " (SIGINT)";
            case 3 -> " (SIGQUIT)";
            case 4 -> " (SIGILL)";
            case 6 -> " (SIGABRT)";
            case 7 -> " (SIGBUS)";
            case 8 -> " (SIGFPE)";
            case 9 -> " (SIGKILL)";
            case 11 -> " (SIGSEGV)";
            case 13 -> " (SIGPIPE)";
            case 15 -> " (SIGTERM)";
            default -> "";
        };
    }

    private int checkPe(final int pe)
    {
        if (pe < 0 || pe >= npes())
        {
            throw new IndexOutOfBoundsException("pe=" + pe + " not in [0, " + npes() + ")");
        }
        return pe;
    }
}
