package io.ishmem.launcher;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

/**
 * Passes each PE's stdout and stderr lines to the console, whole lines only, optionally as {@code [pe] line}.
 */
public final class ConsoleOutput implements JobListener
{
    private final PrintStream out;
    private final PrintStream err;
    private final boolean prefix;
    private final List<String> peHosts;

    /**
     * @param out    where PE stdout lines go.
     * @param err    where PE stderr lines and launcher messages go.
     * @param prefix whether to start each line with {@code [pe] }.
     */
    public ConsoleOutput(final PrintStream out, final PrintStream err, final boolean prefix)
    {
        this(out, err, prefix, List.of());
    }

    /**
     * @param out     where PE stdout lines go.
     * @param err     where PE stderr lines and launcher messages go.
     * @param prefix  whether to start each line with {@code [pe] }, or {@code [pe@host] } when hosts are given.
     * @param peHosts the host of each PE, by PE, or empty when every PE runs on this host.
     */
    public ConsoleOutput(final PrintStream out, final PrintStream err, final boolean prefix,
        final List<String> peHosts)
    {
        this.out = out;
        this.err = err;
        this.prefix = prefix;
        this.peHosts = List.copyOf(peHosts);
    }

    @Override
    public void onLine(final int pe, final PeStream stream, final String line)
    {
        // one println per line: PrintStream locks around it, so lines of concurrent PEs never mix
        (stream == PeStream.STDOUT ? out : err).println(prefix ? "[" + pe + host(pe) + "] " + line : line);
    }

    @Override
    public void onStartFailure(final int pe, final String message)
    {
        err.println("ishmemrun: " + message);
    }

    private String host(final int pe)
    {
        return peHosts.isEmpty() ? "" : "@" + peHosts.get(pe);
    }

    @Override
    public void onTimeout(final Duration timeout, final int runningPes)
    {
        err.println("ishmemrun: timeout after " + seconds(timeout) + " s, stopping " + runningPes + " PEs");
    }

    static String seconds(final Duration duration)
    {
        return BigDecimal.valueOf(duration.toNanos(), 9).stripTrailingZeros().toPlainString();
    }
}
