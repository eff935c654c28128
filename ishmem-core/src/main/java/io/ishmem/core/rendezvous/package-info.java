/**
 * The PE's end of the out-of-band rendezvous of a job that spans hosts: connects to the launcher's server
 * named in {@code ISHMEM_RENDEZVOUS}, all-gathers small records (node identity, UCX worker addresses, remote
 * keys) and hears of other PEs' failures. The server is {@code io.ishmem.launcher.rendezvous.RendezvousServer}
 * in ishmem-launcher; the wire format both speak is {@link io.ishmem.rendezvous.RendezvousProtocol}'s.
 */
package io.ishmem.core.rendezvous;
