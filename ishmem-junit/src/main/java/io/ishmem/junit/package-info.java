/**
 * Runs JUnit 5 test bodies on every PE of a job of forked JVMs and reports each PE's exit code and output.
 */
package io.ishmem.junit;
