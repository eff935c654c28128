package io.ishmem.launcher;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Parses {@code --hosts a:4,b:4}: how many PEs each host runs, assigned in blocks in the order given
 * (PEs 0-3 on a, 4-7 on b), as {@code mpirun --host} fills its slots.
 */
public final class HostList
{
    private HostList()
    {
    }

    /**
     * @param hosts comma-separated {@code HOST:COUNT} pairs, each count at least 1; an IPv6 address in brackets.
     * @param npes  the job's size, which the counts must add up to.
     * @return the host of each PE, by PE.
     * @throws IllegalArgumentException naming the bad pair, or the sum and {@code npes}.
     */
    public static List<String> parse(final String hosts, final int npes)
    {
        final List<String> peHosts = new ArrayList<>();
        long total = 0;
        for (final String pair : hosts.split(",", -1))
        {
            final int colon = pair.lastIndexOf(':');
            if (colon <= 0 || colon == pair.length() - 1)
            {
                throw new IllegalArgumentException("'" + pair + "' in '" + hosts + "' is not HOST:COUNT");
            }
            final String host = unbracket(pair.substring(0, colon).trim());
            if (host.isEmpty() || host.chars().anyMatch(Character::isWhitespace))
            {
                throw new IllegalArgumentException("'" + pair + "' in '" + hosts + "' does not name a host");
            }
            final int count;
            try
            {
                count = Integer.parseInt(pair.substring(colon + 1).trim());
            }
            catch (final NumberFormatException ex)
            {
                throw new IllegalArgumentException("'" + pair + "' in '" + hosts + "': COUNT is not a whole number");
            }
            if (count < 1)
            {
                throw new IllegalArgumentException("'" + pair + "' in '" + hosts + "': COUNT=" + count +
                    " must be at least 1");
            }
            total += count;
            if (total > npes)
            {
                // stop before adding: a huge count must not fill memory before the sum is checked
                break;
            }
            peHosts.addAll(Collections.nCopies(count, host));
        }
        if (total != npes)
        {
            throw new IllegalArgumentException("the counts in '" + hosts + "' add up to " +
                (total > npes ? "more than " + npes : Long.toString(total)) + " PEs, but -n is " + npes);
        }
        return List.copyOf(peHosts);
    }

    private static String unbracket(final String host)
    {
        return host.length() > 2 && host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) :
            host;
    }
}
