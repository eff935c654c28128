package io.ishmem.core.collective;

/**
 * A team's name, for messages and recorded events: worded the first time one needs it, since a split would
 * otherwise spend a noticeable part of its cost building a string that a correct program never reads.
 */
public class TeamName
{
    private String words;

    protected TeamName()
    {
    }

    private TeamName(final String words)
    {
        this.words = words;
    }

    /** @return the name of a predefined team, worded already. */
    public static TeamName of(final String words)
    {
        return new TeamName(words);
    }

    /** Words the name; only a name worded on first use overrides this. */
    protected String word()
    {
        return words;
    }

    @Override
    public final String toString()
    {
        // racy but benign: two threads word the same immutable string
        String name = words;
        if (name == null)
        {
            name = word();
            words = name;
        }
        return name;
    }
}
