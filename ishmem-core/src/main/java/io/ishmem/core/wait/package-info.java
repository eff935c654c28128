/** How a PE waits: waitUntil and test on its own symmetric memory, on one word or a set of words, how it idles meanwhile, and how it notices that the job failed. */
package io.ishmem.core.wait;
