/**
 * The PE's end of the out-of-band rendezvous of a job that spans hosts: connects to the launcher's server
 * named in {@code ISHMEM_RENDEZVOUS}, all-gathers small records (node identity, UCX worker addresses, remote
 * keys) and hears of other PEs' failures. The server is {@code io.ishmem.launcher.rendezvous.RendezvousServer}
 * in ishmem-launcher, whose package-info describes the protocol; this module does not depend on the launcher,
 * so {@link io.ishmem.core.rendezvous.RendezvousProtocol} repeats its constants: change both together.
 */
package io.ishmem.core.rendezvous;
