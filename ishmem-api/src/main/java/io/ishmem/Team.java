package io.ishmem;

import java.util.Optional;

/**
 * A team: an ordered subset of the job's PEs that collectives run over, numbered {@code 0 .. nPes()-1}
 * in the order of their PE numbers in the parent team ({@code ishmem_team_t}).
 *
 * <p>Predefined teams come from {@link Ishmem#teamWorld()}, {@link Ishmem#teamShared()} and
 * {@link Ishmem#teamNode()} and live as long as the runtime. New teams come from {@link #splitStrided} and
 * {@link #split2d}, which are collective over the parent, and live until {@link #destroy()}. A PE that is
 * not a member of a new team receives {@link #INVALID}, which compares equal ({@code ==}) to itself only;
 * test a handle with {@code team != Team.INVALID}.
 *
 * <p><b>Threads.</b> The non-collective calls ({@link #myPe()}, {@link #nPes()}, {@link #config()},
 * {@link #translatePe}) may be called from any number of threads at once. The collective calls
 * ({@link #sync()}, the splits, {@link #destroy()}) of one team must be called by one thread at a time
 * (a second thread entering one while another runs gets {@link IllegalStateException}); collectives on
 * different teams may run in parallel from different threads.
 *
 * <p><b>Order.</b> Every member must call the collectives of a team in the same order with the same
 * arguments. Where a member finds a peer in a different collective at the same point, or with other
 * arguments, it throws {@link CollectiveMismatchException} naming both calls and both PEs.
 *
 * <p><b>Destroyed teams.</b> Every call on a destroyed team throws {@link IllegalStateException} (C leaves
 * this undefined), except {@link #close()}, which does nothing.
 */
public interface Team extends AutoCloseable
{
    /**
     * The handle of no team: {@code ISHMEM_TEAM_INVALID}. {@code myPe()} and {@code nPes()} return -1,
     * {@code config()} is empty, {@code translatePe} returns -1, the splits throw
     * {@link TeamSplitException} with code {@link TeamSplitException#INVALID_PARENT} at once without
     * communicating, {@code createContext} throws {@link ContextCreationException} at once, {@code destroy()}
     * and {@code close()} do nothing, and {@code sync()} throws {@link IllegalStateException}.
     */
    Team INVALID = InvalidTeam.INSTANCE;

    /**
     * @return this PE's number in the team, in {@code [0, nPes())}, or -1 on {@link #INVALID}:
     *         {@code ishmem_team_my_pe}. On the world team it equals {@link Ishmem#myPe()}.
     * @throws IllegalStateException if the team was destroyed.
     */
    int myPe();

    /**
     * @return the number of PEs in the team, in {@code [1, world size]}, or -1 on {@link #INVALID}:
     *         {@code ishmem_team_n_pes}. On the world team it equals {@link Ishmem#nPes()}.
     * @throws IllegalStateException if the team was destroyed.
     */
    int nPes();

    /**
     * The configuration the team was created with: {@code ishmem_team_get_config} with every mask bit.
     * Predefined teams have {@link TeamConfig#DEFAULT}.
     *
     * @return the configuration, or empty on {@link #INVALID} (where C performs no operation and returns
     *         nonzero).
     * @throws IllegalStateException if the team was destroyed.
     */
    Optional<TeamConfig> config();

    /**
     * {@code ishmem_team_get_config(team, mask, &base)}: the fields named by {@code mask} from the team's
     * configuration, the others from {@code base} (which C leaves untouched).
     *
     * @param mask bitwise OR of {@link TeamConfig} field constants.
     * @param base supplies the fields not named by {@code mask}; not null.
     * @return the merged configuration, or empty on {@link #INVALID}.
     * @throws IllegalStateException if the team was destroyed.
     */
    default Optional<TeamConfig> config(final long mask, final TeamConfig base)
    {
        if (base == null)
        {
            throw new NullPointerException("config: base is null");
        }
        return config().map(mine -> mine.select(mask, base));
    }

    /**
     * Translates a PE number of this team into {@code destTeam}: {@code ishmem_team_translate_pe}. No
     * communication.
     *
     * @param srcPe    a PE number in this team.
     * @param destTeam the team to translate into; {@link Ishmem#teamWorld()} gives the world PE number.
     * @return the PE's number in {@code destTeam}, or -1 if this team or {@code destTeam} is
     *         {@link #INVALID}, if {@code srcPe} is not in {@code [0, nPes())}, or if that PE is not a
     *         member of {@code destTeam}.
     * @throws IllegalStateException    if either team was destroyed.
     * @throws IllegalArgumentException if {@code destTeam} belongs to another runtime or is null.
     */
    int translatePe(int srcPe, Team destTeam);

    /**
     * {@link #splitStrided(int, int, int, TeamConfig, long)} with the default configuration (mask 0).
     *
     * @param start  the parent number of the new team's PE 0.
     * @param stride the step between members, in parent PE numbers; may be negative; 0 only with size 1.
     * @param size   the number of members, {@code >= 1}.
     * @return the new team on its members, {@link #INVALID} on the other PEs of this team.
     */
    default Team splitStrided(final int start, final int stride, final int size)
    {
        return splitStrided(start, stride, size, TeamConfig.DEFAULT, 0);
    }

    /**
     * Creates a team of the parent PEs {@code start + stride * i} for {@code i} in {@code [0, size)}:
     * {@code ishmem_team_split_strided}. Collective over this (the parent) team, every member passing the
     * same triplet. New team PE {@code i} is parent PE {@code start + stride * i}, so a negative stride
     * reverses the order. The new team is usable at once, for collectives and as a parent.
     *
     * <p>A valid triplet has {@code size >= 1}, {@code stride != 0} unless {@code size == 1}, and every
     * {@code start + stride * i} in {@code [0, nPes())}. An invalid triplet, an invalid configuration on
     * any PE, or no team slot free on every PE of the parent fails the split on every PE of the parent
     * alike; the parent stays usable.
     *
     * @param start      the parent number of the new team's PE 0.
     * @param stride     the step between members, in parent PE numbers.
     * @param size       the number of members.
     * @param config     the configuration; may be null when {@code configMask} is 0.
     * @param configMask the fields of {@code config} to use ({@link TeamConfig#NUM_CONTEXTS}); 0 for the
     *                   defaults.
     * @return the new team on its members, {@link #INVALID} on the other PEs of this team.
     * @throws TeamSplitException          on every PE of the parent if the team cannot be created, and at
     *                                     once if this team is {@link #INVALID}.
     * @throws CollectiveMismatchException if PEs passed different triplets or called another collective.
     * @throws IllegalStateException       if this team was destroyed.
     */
    Team splitStrided(int start, int stride, int size, TeamConfig config, long configMask);

    /**
     * {@link #split2d(int, TeamConfig, long, TeamConfig, long)} with default configurations.
     *
     * @param xrange the number of columns, {@code >= 1}.
     * @return this PE's row and column teams.
     */
    default Split2D split2d(final int xrange)
    {
        return split2d(xrange, TeamConfig.DEFAULT, 0, TeamConfig.DEFAULT, 0);
    }

    /**
     * Splits this team into the rows and columns of a grid {@code xrange} wide: {@code ishmem_team_split_2d}.
     * Collective over this team, every member passing the same {@code xrange}. Parent PE {@code p} sits at
     * {@code (x, y) = (p % xrange, p / xrange)}; its x-axis team is its row (the PEs with its y) and its
     * y-axis team its column (the PEs with its x), so {@code xAxis().myPe() == x} and
     * {@code yAxis().myPe() == y}. An {@code xrange} larger than {@code nPes()} acts as {@code nPes()}; the
     * last row may be incomplete, so columns differ in size by at most one. All rows share one team slot
     * and all columns another. The new teams are usable at once, for collectives and as parents.
     *
     * <p>Configurations may differ between PEs as long as the members of each new team agree; an invalid
     * configuration on any PE fails the split everywhere.
     *
     * @param xrange  the number of columns, {@code >= 1}.
     * @param xConfig the row team's configuration; may be null when {@code xMask} is 0.
     * @param xMask   the fields of {@code xConfig} to use.
     * @param yConfig the column team's configuration; may be null when {@code yMask} is 0.
     * @param yMask   the fields of {@code yConfig} to use.
     * @return this PE's row and column teams.
     * @throws TeamSplitException          on every PE of the parent if {@code xrange < 1}, a config is
     *                                     invalid or two team slots are not free on every PE; at once if this
     *                                     team is {@link #INVALID}.
     * @throws CollectiveMismatchException if PEs passed different {@code xrange}s or called another collective.
     * @throws IllegalStateException       if this team was destroyed.
     */
    Split2D split2d(int xrange, TeamConfig xConfig, long xMask, TeamConfig yConfig, long yMask);

    /**
     * Waits until every member of the team has called {@code sync} (no memory ordering beyond the
     * barrier's): {@code ishmem_team_sync}. Collective over the team.
     *
     * @throws IllegalStateException       on {@link #INVALID} or a destroyed team.
     * @throws CollectiveMismatchException if a member was found in another collective.
     * @throws PeFailureException          if a member died.
     */
    void sync();

    /**
     * Creates a communication context associated with this team: {@code shmem_team_create_ctx} (OpenSHMEM 1.5:
     * not collective). The context's routines take this team's PE numbers ({@code [0, nPes())}) and reach the
     * world PEs they name. It takes one of the contexts the team reserved with {@link TeamConfig#numContexts()}
     * while any is left, so a team that reserved {@code k} can always hold {@code k} contexts at once; beyond
     * that it takes one from what this PE's teams have not reserved ({@code ISHMEM_MAX_CONTEXTS} in all).
     * Destroying the team destroys its contexts.
     *
     * @param options 0, or a bitwise OR of {@link Context#SERIALIZED}, {@link Context#PRIVATE} and
     *                {@link Context#NOSTORE}.
     * @return the new context.
     * @throws ContextCreationException if the team's reservation is used up and no unreserved context is left
     *                                  on this PE, and at once on {@link #INVALID} (C: a nonzero return, no
     *                                  context).
     * @throws IllegalArgumentException if {@code options} has unknown bits.
     * @throws IllegalStateException    if the team was destroyed or the runtime closed.
     */
    Context createContext(long options);

    /**
     * Destroys the team: {@code ishmem_team_destroy}. Collective over the team; on return the team is
     * invalid on every member and its slot is free for new teams. Does nothing on {@link #INVALID}. Every context
     * created from the team is destroyed with it, after an implicit quiet, and its reservation is returned
     * (OpenSHMEM 1.5 destroys the shareable ones and leaves {@link Context#PRIVATE} ones undefined: here they go
     * too, and a later call on them throws {@link IllegalStateException}).
     *
     * @throws IllegalStateException if this is a predefined team (world, shared, node), which stays usable,
     *                               or if the team was already destroyed.
     */
    void destroy();

    /**
     * {@link #destroy()}, for try-with-resources; does nothing on a team already destroyed or on
     * {@link #INVALID}.
     *
     * @throws IllegalStateException if this is a predefined team.
     */
    @Override
    void close();
}
