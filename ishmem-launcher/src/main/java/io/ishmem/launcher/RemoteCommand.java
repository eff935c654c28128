package io.ishmem.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The command that starts one PE on another host: {@code <rsh...> <host> 'cd DIR && exec env K=V... PROGRAM ARGS'}.
 * ssh passes no environment, so every job variable travels in the command line, and ssh hands that line to
 * the remote user's shell, so every piece is quoted for POSIX sh.
 */
final class RemoteCommand
{
    private RemoteCommand()
    {
    }

    /**
     * @param remoteShell program and options, e.g. {@code ssh -o BatchMode=yes}.
     * @param host        the host to run on.
     * @param directory   the PE's working directory there.
     * @param environment the variables the PE gets.
     * @param command     the PE's program and arguments.
     * @return the local command.
     */
    static List<String> build(final List<String> remoteShell, final String host, final Path directory,
        final Map<String, String> environment, final List<String> command)
    {
        final StringBuilder line = new StringBuilder("cd ").append(quote(directory.toString()))
            .append(" && exec env");
        environment.forEach((name, value) -> line.append(' ').append(quote(name + "=" + value)));
        for (final String word : command)
        {
            line.append(' ').append(quote(word));
        }
        final List<String> local = new ArrayList<>(remoteShell.size() + 2);
        local.addAll(remoteShell);
        local.add(host);
        local.add(line.toString());
        return local;
    }

    /**
     * @param word any text.
     * @return the word in single quotes, each {@code '} written as {@code '\''}: sh takes it back unchanged.
     */
    static String quote(final String word)
    {
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
