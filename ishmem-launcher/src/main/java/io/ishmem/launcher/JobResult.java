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

    private int checkPe(final int pe)
    {
        if (pe < 0 || pe >= npes())
        {
            throw new IndexOutOfBoundsException("pe=" + pe + " not in [0, " + npes() + ")");
        }
        return pe;
    }
}
