/** How a PE idles while it waits for a word to change, and how it notices that the job failed meanwhile. */
package io.ishmem.core.wait;
