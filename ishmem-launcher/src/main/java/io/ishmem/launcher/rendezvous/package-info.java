/**
 * The launcher's end of the out-of-band rendezvous of a job that spans hosts: a TCP server that lets each PE
 * in after a mutual proof of the job's secret, all-gathers small records round by round, and tells every
 * PE when another one fails. The PE's end is {@code io.ishmem.core.rendezvous.RendezvousClient} in
 * ishmem-core.
 *
 * <p>The wire format is {@link io.ishmem.rendezvous.RendezvousProtocol}'s (module ishmem-rendezvous, whose package
 * describes it), shared with the PE's end.
 */
package io.ishmem.launcher.rendezvous;
