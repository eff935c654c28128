package io.ishmem.bench;

import java.util.Arrays;
import java.util.List;

/**
 * The arguments every PE program of a phase starts with, {@code ROUNDS SCALE}, checked, and the rest.
 *
 * @param rounds rounds to run, the first of them the warm-up.
 * @param scale  multiplies the calls per round (1 for a real run).
 * @param rest   the program's own arguments after those two.
 */
public record PeArgs(int rounds, double scale, List<String> rest)
{
    /** The most rounds a PE program runs. */
    public static final int MAX_ROUNDS = 1000;

    public PeArgs
    {
        rest = List.copyOf(rest);
    }

    /**
     * @param usage the program's usage, {@code "TailPe ROUNDS SCALE"}.
     * @param args  its arguments: as many words as {@code usage} has after the program's name.
     * @return them, checked.
     * @throws IllegalArgumentException naming the argument and its range.
     */
    public static PeArgs parse(final String usage, final String[] args)
    {
        if (args.length != usage.split(" ").length - 1)
        {
            throw new IllegalArgumentException("usage: " + usage + ", not " + String.join(" ", args));
        }
        final int rounds = Integer.parseInt(args[0]);
        final double scale = Double.parseDouble(args[1]);
        if (rounds < 1 || rounds > MAX_ROUNDS)
        {
            throw new IllegalArgumentException("rounds=" + rounds + " not in [1, " + MAX_ROUNDS + "]");
        }
        if (!(scale > 0 && scale <= 100))
        {
            throw new IllegalArgumentException("scale=" + scale + " not in (0, 100]");
        }
        return new PeArgs(rounds, scale, Arrays.asList(args).subList(2, args.length));
    }
}
