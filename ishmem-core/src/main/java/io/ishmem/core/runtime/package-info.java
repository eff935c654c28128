/** Bootstrap and lifetime of a PE: identity, configuration, init/close, liveness of the job. */
package io.ishmem.core.runtime;
