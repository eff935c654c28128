package io.ishmem.core.runtime;

import io.ishmem.core.rendezvous.RendezvousClient;
import io.ishmem.core.team.Triplet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Which PEs of the job share a node: those that can map each other's memory. Two PEs share one when their kernels,
 * network namespaces and {@code /dev/shm} are the same (boot id, the namespace's inode, the directory's device and
 * inode), so the two network namespaces of one host that the tests build are two nodes, as two hosts would be.
 * Without a rendezvous every PE is on one node: the job was started on one host, as before.
 */
final class NodeMap
{
    private final int[] nodeOf;
    private final String[] hosts;
    private final int count;

    private NodeMap(final int[] nodeOf, final String[] hosts, final int count)
    {
        this.nodeOf = nodeOf;
        this.hosts = hosts;
        this.count = count;
    }

    /** Every PE on this node. */
    static NodeMap single(final int nPes)
    {
        final String[] hosts = new String[nPes];
        Arrays.fill(hosts, "this host");
        return new NodeMap(new int[nPes], hosts, 1);
    }

    /**
     * Collective over the rendezvous (its first round): every PE sends its node's key and host name and gets
     * everyone's. Nodes are numbered in the order of their lowest PE.
     */
    static NodeMap gather(final RendezvousClient rendezvous, final int nPes, final long deadlineNs)
    {
        final byte[] mine = (localKey() + '\n' + hostName()).getBytes(StandardCharsets.UTF_8);
        final byte[][] all = rendezvous.allGather(mine, deadlineNs);
        final String[] keys = new String[nPes];
        final String[] hosts = new String[nPes];
        for (int pe = 0; pe < nPes; pe++)
        {
            final String record = new String(all[pe], StandardCharsets.UTF_8);
            final int newline = record.indexOf('\n');
            keys[pe] = newline < 0 ? record : record.substring(0, newline);
            hosts[pe] = newline < 0 ? "?" : record.substring(newline + 1);
        }
        return of(keys, hosts);
    }

    /** @param keys every PE's node key; PEs of one key share a node, numbered in the order of their lowest PE. */
    static NodeMap of(final String[] keys, final String[] hosts)
    {
        final int[] nodeOf = new int[keys.length];
        final Map<String, Integer> numbers = new HashMap<>();
        for (int pe = 0; pe < keys.length; pe++)
        {
            nodeOf[pe] = numbers.computeIfAbsent(keys[pe], k -> numbers.size());
        }
        return new NodeMap(nodeOf, hosts.clone(), numbers.size());
    }

    /**
     * A job started by mpirun or srun across hosts, with no rendezvous: its launcher says how many of its ranks share
     * this host, and fewer than all means the PEs would wait for peers they can never map. Fails at once instead of
     * at the boot timeout.
     *
     * @throws io.ishmem.IshmemConfigException naming the variable that told.
     */
    static void requireOneHost(final Map<String, String> env, final int nPes)
    {
        for (final String name : new String[] {"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS", "SLURM_STEP_NUM_NODES"})
        {
            final String value = env.get(name);
            if (value == null)
            {
                continue;
            }
            final int told;
            try
            {
                told = Integer.parseInt(value.strip());
            }
            catch (final NumberFormatException ex)
            {
                continue;
            }
            final boolean across = name.equals("SLURM_STEP_NUM_NODES") ? told > 1 : told < nPes;
            if (across)
            {
                throw new io.ishmem.IshmemConfigException(name + "=" + told + ": this job of " + nPes + " PEs spans " +
                    "hosts, but PEs on several hosts meet only through ishmemrun's rendezvous (ishmemrun --hosts); " +
                    "PMIx under mpirun and srun is not supported yet (docs/cluster.md)");
            }
        }
    }

    /** @return how many nodes the job spans. */
    int count()
    {
        return count;
    }

    /** @return the node number of {@code pe}, in [0, {@link #count()}). */
    int nodeOf(final int pe)
    {
        return nodeOf[pe];
    }

    /** @return the host name PE {@code pe} reported, for messages. */
    String host(final int pe)
    {
        return hosts[pe];
    }

    /** @return the world PEs on {@code pe}'s node, ascending. */
    int[] members(final int pe)
    {
        return java.util.stream.IntStream.range(0, nodeOf.length).filter(p -> nodeOf[p] == nodeOf[pe]).toArray();
    }

    /**
     * @return the PEs of {@code pe}'s node as a triplet, for the SHARED team; when they are not evenly spaced (a
     *         host list that interleaves nodes unevenly) the team holds {@code pe} alone, as OpenSHMEM allows for
     *         {@code SHMEM_TEAM_SHARED}.
     */
    Triplet shared(final int pe)
    {
        final int[] members = members(pe);
        final int stride = members.length == 1 ? 1 : members[1] - members[0];
        for (int i = 1; i < members.length; i++)
        {
            if (members[i] - members[i - 1] != stride)
            {
                return new Triplet(pe, 1, 1);
            }
        }
        return new Triplet(members[0], stride, members.length);
    }

    /** @return this process's node key: boot id, network namespace and /dev/shm. */
    static String localKey()
    {
        final StringBuilder key = new StringBuilder();
        try
        {
            key.append(Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).strip());
        }
        catch (final IOException ex)
        {
            key.append("boot-").append(hostName());
        }
        try
        {
            key.append('/').append(Files.readSymbolicLink(Path.of("/proc/self/ns/net")));
        }
        catch (final IOException | UnsupportedOperationException ex)
        {
            key.append("/net-?");
        }
        try
        {
            final Path shm = Path.of("/dev/shm");
            key.append("/shm-").append(Files.getAttribute(shm, "unix:dev")).append(':')
                .append(Files.getAttribute(shm, "unix:ino"));
        }
        catch (final IOException | UnsupportedOperationException | IllegalArgumentException ex)
        {
            key.append("/shm-?");
        }
        return key.toString();
    }

    /** @return the kernel's host name (the UTS namespace's), read without a name lookup that could stall init. */
    static String hostName()
    {
        try
        {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        }
        catch (final IOException ex)
        {
            return "localhost";
        }
    }
}
