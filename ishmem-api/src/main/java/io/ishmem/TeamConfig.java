package io.ishmem;

/**
 * Requested attributes of a new team: {@code ishmem_team_config_t}. A split takes a config together with
 * a mask that names the fields to use; every field not named by the mask takes its default value, so a
 * mask of {@code 0} gives the defaults whatever the config says ({@link #DEFAULT} or {@code null} may be
 * passed with a mask of 0).
 *
 * <pre>{@code
 * Team t = world.splitStrided(0, 2, n / 2, new TeamConfig(4), TeamConfig.NUM_CONTEXTS);
 * Team u = world.splitStrided(0, 2, n / 2, TeamConfig.DEFAULT, 0);  // the defaults
 * }</pre>
 *
 * <p>{@code numContexts} reserves: a split that succeeds has set aside {@code numContexts} contexts for the new
 * team on each of its members, so {@link Team#createContext} on it succeeds at least that many times at once
 * (OpenSHMEM asks only for a best effort; here it is a guarantee). Each PE has {@code ISHMEM_MAX_CONTEXTS}
 * contexts in all, shared by its teams' reservations and the contexts beyond them; a split whose new team
 * cannot reserve what it asks on some member fails on every PE of the parent alike, with
 * {@link TeamSplitException#NO_CONTEXTS}. Destroying the team returns the reservation.
 *
 * @param numContexts contexts the program means to create from the team at once, {@code >= 0}
 *                    ({@code num_contexts}; default 0: the team's contexts come from the unreserved ones).
 */
public record TeamConfig(int numContexts)
{
    /** Mask bit: use {@link #numContexts()} ({@code ISHMEM_TEAM_NUM_CONTEXTS}). */
    public static final long NUM_CONTEXTS = 1L;

    /** Every mask bit this version knows. A mask with other bits fails the split. */
    public static final long ALL = NUM_CONTEXTS;

    /** The default configuration: {@code num_contexts = 0}; what a mask of 0 selects. */
    public static final TeamConfig DEFAULT = new TeamConfig(0);

    /**
     * @throws IllegalArgumentException if {@code numContexts} is negative.
     */
    public TeamConfig
    {
        if (numContexts < 0)
        {
            throw new IllegalArgumentException("TeamConfig: numContexts=" + numContexts + " is negative");
        }
    }

    /**
     * The configuration a split with this config and {@code mask} asks for: fields named by {@code mask}
     * from {@code config}, the others from {@link #DEFAULT}.
     *
     * @param config the caller's config; may be {@code null} when {@code mask} is 0.
     * @param mask   bitwise OR of the field constants ({@link #NUM_CONTEXTS}).
     * @return the effective configuration.
     * @throws IllegalArgumentException if {@code mask} has bits other than {@link #ALL}, or names a field
     *                                  while {@code config} is {@code null}.
     */
    public static TeamConfig resolve(final TeamConfig config, final long mask)
    {
        if ((mask & ~ALL) != 0)
        {
            throw new IllegalArgumentException("config mask 0x" + Long.toHexString(mask) +
                " has unknown bits (known: NUM_CONTEXTS=0x" + Long.toHexString(NUM_CONTEXTS) + ")");
        }
        if (mask == 0)
        {
            return DEFAULT;
        }
        if (config == null)
        {
            throw new IllegalArgumentException("config mask 0x" + Long.toHexString(mask) +
                " names fields but config is null");
        }
        return new TeamConfig((mask & NUM_CONTEXTS) != 0 ? config.numContexts : DEFAULT.numContexts);
    }

    /**
     * The {@code ishmem_team_get_config} view: fields named by {@code mask} from this config (a team's),
     * the others from {@code base} (the caller's struct, left untouched in C).
     *
     * @param mask bitwise OR of the field constants; unknown bits are ignored here.
     * @param base supplies the fields not named by {@code mask}.
     * @return the merged configuration.
     */
    public TeamConfig select(final long mask, final TeamConfig base)
    {
        return new TeamConfig((mask & NUM_CONTEXTS) != 0 ? numContexts : base.numContexts);
    }
}
