/** How a PE waits: waitUntil and test on its own symmetric memory, how it idles meanwhile, and how it notices that the job failed. */
package io.ishmem.core.wait;
