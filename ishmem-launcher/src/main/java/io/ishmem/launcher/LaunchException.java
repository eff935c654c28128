package io.ishmem.launcher;

/**
 * The job's program could not be started; no PE of the job is left running.
 */
public final class LaunchException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * Exit code of {@code ishmemrun} when the program cannot be started, as shells use for "command not found".
     */
    public static final int EXIT_CODE = 127;

    private final String program;

    /**
     * @param program the program that could not be started.
     * @param reason  why, e.g. "not found on PATH".
     * @param cause   the underlying error, or {@code null}.
     */
    public LaunchException(final String program, final String reason, final Throwable cause)
    {
        super("cannot start '" + program + "': " + reason, cause);
        this.program = program;
    }

    /**
     * @return the program that could not be started.
     */
    public String program()
    {
        return program;
    }
}
