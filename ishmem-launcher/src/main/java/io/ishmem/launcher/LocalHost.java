package io.ishmem.launcher;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Set;

/**
 * Tells whether a host named in {@code --hosts} is this machine, whose PEs the launcher forks itself.
 */
final class LocalHost
{
    private static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "127.0.0.1", "::1", "[::1]");

    private LocalHost()
    {
    }

    /**
     * No name resolution: a name that only resolves to this machine (an alias) goes through the remote shell,
     * which still works, whereas a slow or broken resolver must not stall the launch.
     *
     * @param host a host name or address.
     * @return whether it is {@code localhost}, a loopback address, or this machine's own name.
     */
    static boolean isLocal(final String host)
    {
        return LOOPBACK_NAMES.contains(host) || host.equalsIgnoreCase(name()) || host.equalsIgnoreCase(shortName());
    }

    /**
     * @return this machine's name, as {@link InetAddress#getLocalHost()} gives it, or {@code localhost}.
     */
    static String name()
    {
        try
        {
            return InetAddress.getLocalHost().getHostName();
        }
        catch (final UnknownHostException ex)
        {
            // a host whose own name does not resolve: the loopback names still say "here"
            return "localhost";
        }
    }

    /**
     * @return the name the PEs of another host can reach this one under: its canonical (fully qualified) name.
     */
    static String canonicalName()
    {
        try
        {
            return InetAddress.getLocalHost().getCanonicalHostName();
        }
        catch (final UnknownHostException ex)
        {
            throw new LaunchException("--hosts", "this host's own name does not resolve (" + ex.getMessage() +
                "), so the PEs of other hosts cannot reach its rendezvous: give --rendezvous HOST", ex);
        }
    }

    private static String shortName()
    {
        final String name = name();
        final int dot = name.indexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
