/**
 * Example programs, each a main class run by every PE: {@code ishmemrun -n 4 --class io.ishmem.examples.Hello}.
 */
package io.ishmem.examples;
