/**
 * The wire format of the out-of-band rendezvous of a job that spans hosts, shared by its two ends: the launcher's
 * {@code io.ishmem.launcher.rendezvous.RendezvousServer} and the PE's {@code io.ishmem.core.rendezvous.RendezvousClient}.
 *
 * <h2>Protocol, version 2</h2>
 * Big-endian, as {@link java.io.DataOutputStream} writes it; each message is one type byte and its payload.
 * A string is {@code writeUTF}; a record is an {@code int} length in {@code [0, 1 MiB]} and that many bytes.
 * <pre>
 * client -&gt; server                               server -&gt; client
 * HELLO  1 magic int 0x49534852 ("ISHR"),
 *          version int 2, jobId UTF, pe int,
 *          nPes int, clientNonce 32 bytes
 *                                                 CHALLENGE 11 serverNonce 32 bytes, serverProof 32 bytes
 * PROOF  2 clientProof 32 bytes
 *                                                 ACCEPTED  12
 *                                                 REFUSED   13 reason UTF, then the server closes
 * ROUND  3 round int, record                      ALL       14 round int, nPes records by PE
 * ABORT  4 text UTF                               FAILED    15 pe int, text UTF (any time after ACCEPTED)
 * BYE    5
 * HEARTBEAT 6                                     SERVER_HEARTBEAT 16 (both: every second after ACCEPTED)
 * </pre>
 * <ul>
 *   <li>Proofs are HMAC-SHA256 keyed with the UTF-8 bytes of {@code ISHMEM_JOB_SECRET}, over the bytes that
 *   {@code writeUTF(label); writeUTF(jobId); writeInt(pe); write(nonce)} produce: the server proves with label
 *   {@code "ishmem-rendezvous-server"} and the client's nonce, the client with {@code "ishmem-rendezvous-client"}
 *   and the server's nonce. The secret never goes on the wire, each side checks the other's proof in constant
 *   time, and the client sends its proof only once the server has proved it knows the secret.</li>
 *   <li>The server refuses, naming what was wrong and what it expected, a wrong magic or version, another
 *   job's id, another job size, a PE outside {@code [0, nPes)}, a PE already connected and a wrong proof; it
 *   goes on serving the job.</li>
 *   <li>Rounds are numbered 0, 1, 2... by each PE, in order. When every PE has sent round k, each gets
 *   ALL(k), so a round is also a fence. A PE can send round k + 1 only after ALL(k), so the server holds
 *   the records of one round at most.</li>
 *   <li>FAILED goes to every other connected PE, once per failed PE, when a PE's process ends abnormally,
 *   when its connection drops before BYE, when it sends ABORT (the text names the PE and carries its own), when
 *   it breaks the protocol, or when it has not connected by the job's boot deadline. A PE that connects late
 *   gets the failures seen so far right after ACCEPTED.</li>
 *   <li>BYE is a clean end: the connection closing after it is no failure.</li>
 *   <li>Each end beats every second once the PE is accepted. A host or network that goes away closes no
 *   connection, so silence for {@code ISHMEM_RENDEZVOUS_TIMEOUT} (10 s unless set) is a failure: the server
 *   tells every other PE that the silent one is gone, and the PE fails its waits, having lost the launcher.</li>
 * </ul>
 */
package io.ishmem.rendezvous;
