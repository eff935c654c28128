/**
 * The rendezvous wire format, shared by its two ends: {@code io.ishmem.launcher.rendezvous.RendezvousServer} and
 * {@code io.ishmem.core.rendezvous.RendezvousClient}.
 */
module io.ishmem.rendezvous {
    exports io.ishmem.rendezvous;
}
