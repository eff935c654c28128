package io.ishmem.core.rendezvous;

import io.ishmem.IshmemConfigException;

/**
 * The parsed {@code ISHMEM_RENDEZVOUS} value: {@code tcp:HOST:PORT}, an IPv6 address in brackets.
 *
 * @param host host name or address, without brackets.
 * @param port TCP port in {@code [1, 65535]}.
 */
record RendezvousAddress(String host, int port)
{
    private static final String SCHEME = "tcp:";

    /**
     * @param value the variable's value.
     * @return the host and port.
     * @throws IshmemConfigException naming the variable, its value and the expected form.
     */
    static RendezvousAddress parse(final String value)
    {
        if (value == null || !value.startsWith(SCHEME))
        {
            throw invalid(value);
        }
        final String rest = value.substring(SCHEME.length());
        final String host;
        final String port;
        if (rest.startsWith("["))
        {
            final int close = rest.indexOf(']');
            if (close < 2 || close + 1 >= rest.length() || rest.charAt(close + 1) != ':')
            {
                throw invalid(value);
            }
            host = rest.substring(1, close);
            port = rest.substring(close + 2);
        }
        else
        {
            final int colon = rest.indexOf(':');
            // a second colon means an IPv6 address without its brackets: where its port starts is a guess
            if (colon < 1 || rest.indexOf(':', colon + 1) >= 0)
            {
                throw invalid(value);
            }
            host = rest.substring(0, colon);
            port = rest.substring(colon + 1);
        }
        try
        {
            final int number = Integer.parseInt(port);
            if (number >= 1 && number <= 65535 && !host.isBlank())
            {
                return new RendezvousAddress(host, number);
            }
        }
        catch (final NumberFormatException ex)
        {
            // worded below, with the expected form
        }
        throw invalid(value);
    }

    private static IshmemConfigException invalid(final String value)
    {
        return new IshmemConfigException("ISHMEM_RENDEZVOUS=" + value + " is not tcp:HOST:PORT (an IPv6 address " +
            "in brackets, PORT in [1, 65535]); ishmemrun sets it when the job has a rendezvous");
    }
}
