package io.ishmem.core.wait;

/**
 * Work a waiting thread does for a transport that moves data only when its owner polls it (UCX serves a
 * peer's emulated atomics and completes requests in {@code ucp_worker_progress}); the shared-memory
 * transport needs none, and its waits pay nothing for the hook.
 */
@FunctionalInterface
public interface Progress
{
    /** No work: the shared-memory transport's. */
    Progress NONE = () -> { };

    /**
     * Polls the transport once, without blocking.
     */
    void progress();
}
