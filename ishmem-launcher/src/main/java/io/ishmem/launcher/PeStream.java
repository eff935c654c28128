package io.ishmem.launcher;

/**
 * Which output stream of a PE a line came from.
 */
public enum PeStream
{
    /**
     * The PE's standard output.
     */
    STDOUT,

    /**
     * The PE's standard error.
     */
    STDERR
}
