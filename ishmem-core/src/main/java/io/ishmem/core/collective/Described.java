package io.ishmem.core.collective;

/** Words for a collective's announced arguments in a mismatch message: a name for each, "-" for unused. */
final class Described
{
    private Described()
    {
    }

    static ArgumentFormatter of(final String... names)
    {
        return args ->
        {
            final StringBuilder text = new StringBuilder("(");
            for (int a = 0; a < names.length && a < args.length; a++)
            {
                if (!names[a].equals("-"))
                {
                    text.append(text.length() > 1 ? ", " : "").append(names[a]).append(' ').append(args[a]);
                }
            }
            return text.append(')').toString();
        };
    }
}
