package io.ishmem.launcher;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Reads one output stream of one PE line by line, so lines of different PEs never mix within a line.
 */
final class OutputPump implements Runnable
{
    private final int pe;
    private final PeStream stream;
    private final InputStream input;
    private final JobListener listener;
    private final List<String> lines;

    /**
     * @param pe       the PE whose stream this is.
     * @param stream   which of its streams.
     * @param input    the pipe to read until end of file.
     * @param listener receives each line.
     * @param lines    where to keep each line (guarded by itself), or {@code null} to keep none.
     */
    OutputPump(final int pe, final PeStream stream, final InputStream input, final JobListener listener,
        final List<String> lines)
    {
        this.pe = pe;
        this.stream = stream;
        this.input = input;
        this.listener = listener;
        this.lines = lines;
    }

    @Override
    public void run()
    {
        // UTF-8 both ways: the JDK's default charset since 18, and ASCII passes through unchanged
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(input, StandardCharsets.UTF_8)))
        {
            String line;
            while ((line = reader.readLine()) != null)
            {
                deliver(line);
            }
        }
        catch (final IOException ex)
        {
            // the rest of this stream is lost; say so where the PE's own output goes
            deliver("ishmemrun: lost the rest of PE " + pe + " " + stream + ": " + ex);
        }
    }

    private void deliver(final String line)
    {
        if (lines != null)
        {
            synchronized (lines)
            {
                lines.add(line);
            }
        }
        listener.onLine(pe, stream, line);
    }
}
