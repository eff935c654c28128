package io.ishmem;

import java.lang.foreign.ValueLayout;

/**
 * The data-moving collectives of OpenSHMEM 1.5 and Intel SHMEM on a team ({@code shmem_broadcast},
 * {@code _collect}, {@code _fcollect}, {@code _alltoall}, {@code _alltoalls} with their {@code mem} and
 * {@code TYPENAME} forms), the team barrier, and a world form of each (the team argument left out:
 * {@link #teamWorld()}).
 *
 * <p>Each routine is collective over its team: every member calls it, in the same order as the team's other
 * collectives, with the same arguments and the same symmetric {@code dest} and {@code src} (the same heap
 * ranges). Sizes are in bytes in the {@code mem} forms and in elements of {@code type} in the typed forms,
 * whose only difference is the element size. {@code dest} and {@code src} lie in the same heap (host or
 * device) and do not overlap, except that a broadcast may be in place ({@code dest} the same range as
 * {@code src}).
 *
 * <p>As OpenSHMEM requires, the {@code dest} of every member must be ready to receive data before any
 * member calls the routine: a member may write into a peer's {@code dest} before that peer has called. On
 * return, {@code dest} holds the result on the calling PE and {@code src} may be reused. A member found in
 * another collective, or with other arguments, makes every member throw {@link CollectiveMismatchException}
 * naming both calls (or both argument lists) and both PEs; the team stays usable, but the destinations'
 * contents are then undefined. A member that dies makes the others throw {@link PeFailureException}.
 */
public interface Collectives
{
    /** @return the world team, which the world forms run over. */
    Team teamWorld();

    /**
     * {@code ishmem_barrier(team)}: completes this PE's outstanding puts, AMOs and signals ({@code quiet})
     * and waits until every member of the team has called it.
     *
     * @param team the team; not {@link Team#INVALID}.
     * @throws IllegalArgumentException    if {@code team} is null, invalid or of another runtime.
     * @throws IllegalStateException       if the team was destroyed.
     * @throws CollectiveMismatchException if a member was found in another collective.
     */
    void barrier(Team team);

    /**
     * {@code shmem_broadcastmem}: copies {@code bytes} from {@code src} on team PE {@code root} into
     * {@code dest} on every member, the root included.
     *
     * @param team  the team.
     * @param dest  where the data lands on every member, at least {@code bytes} long.
     * @param src   what the root sends, at least {@code bytes} long (read on the root only).
     * @param bytes bytes to broadcast, {@code >= 0}.
     * @param root  the sender's number in {@code team}, in {@code [0, team.nPes())}.
     */
    void broadcast(Team team, SymmetricSegment dest, SymmetricSegment src, long bytes, int root);

    /**
     * {@code shmem_TYPENAME_broadcast}: {@link #broadcast(Team, SymmetricSegment, SymmetricSegment, long, int)}
     * of {@code nelems} elements of {@code type}.
     */
    default void broadcast(final Team team, final ValueLayout type, final SymmetricSegment dest,
        final SymmetricSegment src, final long nelems, final int root)
    {
        broadcast(team, dest, src, ArrayRanges.typedBytes("broadcast", type, nelems), root);
    }

    /** World form of {@link #broadcast(Team, SymmetricSegment, SymmetricSegment, long, int)}. */
    default void broadcast(final SymmetricSegment dest, final SymmetricSegment src, final long bytes, final int root)
    {
        broadcast(teamWorld(), dest, src, bytes, root);
    }

    /** World form of {@link #broadcast(Team, ValueLayout, SymmetricSegment, SymmetricSegment, long, int)}. */
    default void broadcast(final ValueLayout type, final SymmetricSegment dest, final SymmetricSegment src,
        final long nelems, final int root)
    {
        broadcast(teamWorld(), type, dest, src, nelems, root);
    }

    /**
     * {@code shmem_collectmem}: concatenates the members' {@code src} blocks, in team order, into
     * {@code dest} on every member. Each member may contribute a different number of bytes.
     *
     * @param team  the team.
     * @param dest  at least the sum of every member's {@code bytes} long.
     * @param src   this PE's block, at least {@code bytes} long.
     * @param bytes this PE's contribution, {@code >= 0}.
     */
    void collect(Team team, SymmetricSegment dest, SymmetricSegment src, long bytes);

    /**
     * {@code shmem_TYPENAME_collect}: {@link #collect(Team, SymmetricSegment, SymmetricSegment, long)}
     * in elements of {@code type}.
     */
    default void collect(final Team team, final ValueLayout type, final SymmetricSegment dest,
        final SymmetricSegment src, final long nelems)
    {
        collect(team, dest, src, ArrayRanges.typedBytes("collect", type, nelems));
    }

    /** World form of {@link #collect(Team, SymmetricSegment, SymmetricSegment, long)}. */
    default void collect(final SymmetricSegment dest, final SymmetricSegment src, final long bytes)
    {
        collect(teamWorld(), dest, src, bytes);
    }

    /** World form of {@link #collect(Team, ValueLayout, SymmetricSegment, SymmetricSegment, long)}. */
    default void collect(final ValueLayout type, final SymmetricSegment dest, final SymmetricSegment src,
        final long nelems)
    {
        collect(teamWorld(), type, dest, src, nelems);
    }

    /**
     * {@code shmem_fcollectmem}: as {@link #collect(Team, SymmetricSegment, SymmetricSegment, long)} with
     * the same {@code bytes} on every member: member {@code i}'s block lands at {@code i * bytes}.
     *
     * @param dest  at least {@code team.nPes() * bytes} long.
     * @param src   at least {@code bytes} long.
     * @param bytes every member's contribution, {@code >= 0}.
     */
    void fcollect(Team team, SymmetricSegment dest, SymmetricSegment src, long bytes);

    /**
     * {@code shmem_TYPENAME_fcollect}: {@link #fcollect(Team, SymmetricSegment, SymmetricSegment, long)}
     * in elements of {@code type}.
     */
    default void fcollect(final Team team, final ValueLayout type, final SymmetricSegment dest,
        final SymmetricSegment src, final long nelems)
    {
        fcollect(team, dest, src, ArrayRanges.typedBytes("fcollect", type, nelems));
    }

    /** World form of {@link #fcollect(Team, SymmetricSegment, SymmetricSegment, long)}. */
    default void fcollect(final SymmetricSegment dest, final SymmetricSegment src, final long bytes)
    {
        fcollect(teamWorld(), dest, src, bytes);
    }

    /** World form of {@link #fcollect(Team, ValueLayout, SymmetricSegment, SymmetricSegment, long)}. */
    default void fcollect(final ValueLayout type, final SymmetricSegment dest, final SymmetricSegment src,
        final long nelems)
    {
        fcollect(teamWorld(), type, dest, src, nelems);
    }

    /**
     * {@code shmem_alltoallmem}: block {@code j} of {@code src} on member {@code i} lands in block
     * {@code i} of {@code dest} on member {@code j}; blocks are {@code bytes} long.
     *
     * @param dest  at least {@code team.nPes() * bytes} long.
     * @param src   at least {@code team.nPes() * bytes} long.
     * @param bytes the block size, {@code >= 0}, the same on every member.
     */
    void alltoall(Team team, SymmetricSegment dest, SymmetricSegment src, long bytes);

    /**
     * {@code shmem_TYPENAME_alltoall}: {@link #alltoall(Team, SymmetricSegment, SymmetricSegment, long)}
     * in elements of {@code type}.
     */
    default void alltoall(final Team team, final ValueLayout type, final SymmetricSegment dest,
        final SymmetricSegment src, final long nelems)
    {
        alltoall(team, dest, src, ArrayRanges.typedBytes("alltoall", type, nelems));
    }

    /** World form of {@link #alltoall(Team, SymmetricSegment, SymmetricSegment, long)}. */
    default void alltoall(final SymmetricSegment dest, final SymmetricSegment src, final long bytes)
    {
        alltoall(teamWorld(), dest, src, bytes);
    }

    /** World form of {@link #alltoall(Team, ValueLayout, SymmetricSegment, SymmetricSegment, long)}. */
    default void alltoall(final ValueLayout type, final SymmetricSegment dest, final SymmetricSegment src,
        final long nelems)
    {
        alltoall(teamWorld(), type, dest, src, nelems);
    }

    /**
     * {@code shmem_TYPENAME_alltoalls}: the strided all-to-all. Block {@code j} of {@code src} on member
     * {@code i} is the {@code nelems} elements at {@code (j * nelems + k) * sst}, {@code k < nelems}; it
     * lands at {@code (i * nelems + k) * dst} of {@code dest} on member {@code j}. Positions count elements
     * of {@code type}.
     *
     * @param type   the element type.
     * @param dst    the stride between elements in {@code dest}, {@code >= 1}.
     * @param sst    the stride between elements in {@code src}, {@code >= 1}.
     * @param nelems elements per block, {@code >= 0}.
     */
    void alltoalls(Team team, ValueLayout type, SymmetricSegment dest, SymmetricSegment src, long dst, long sst,
        long nelems);

    /**
     * {@code shmem_alltoallsmem}:
     * {@link #alltoalls(Team, ValueLayout, SymmetricSegment, SymmetricSegment, long, long, long)} of bytes.
     */
    default void alltoalls(final Team team, final SymmetricSegment dest, final SymmetricSegment src, final long dst,
        final long sst, final long nelems)
    {
        alltoalls(team, ValueLayout.JAVA_BYTE, dest, src, dst, sst, nelems);
    }

    /** World form of {@link #alltoalls(Team, ValueLayout, SymmetricSegment, SymmetricSegment, long, long, long)}. */
    default void alltoalls(final ValueLayout type, final SymmetricSegment dest, final SymmetricSegment src,
        final long dst, final long sst, final long nelems)
    {
        alltoalls(teamWorld(), type, dest, src, dst, sst, nelems);
    }
}
