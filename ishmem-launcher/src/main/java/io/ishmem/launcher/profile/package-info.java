/**
 * The report of {@code ishmemrun --profile}: reads every PE's recording and writes the load-imbalance table, the
 * traffic heat map, the Chrome trace-event timeline and a summary, one class each.
 */
package io.ishmem.launcher.profile;
