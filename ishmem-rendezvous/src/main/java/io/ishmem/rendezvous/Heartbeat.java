package io.ishmem.rendezvous;

import java.io.IOException;

/**
 * Sends a heartbeat every {@link RendezvousProtocol#HEARTBEAT_INTERVAL_MS} from a virtual thread of its own, so that
 * the other end of a connection that is quiet for a long while (a PE computing between two barriers) knows it is still
 * there, and one whose host or network went away, which closes nothing, is noticed after a silence.
 */
public final class Heartbeat implements AutoCloseable
{
    /** One beat; an {@link IOException} ends the heartbeat, since the connection's reader sees the same fault. */
    @FunctionalInterface
    public interface Beat
    {
        void send() throws IOException;
    }

    private final Thread thread;
    private volatile boolean stopped;

    private Heartbeat(final String name, final long intervalMs, final Beat beat)
    {
        this.thread = Thread.ofVirtual().name(name).unstarted(() -> run(intervalMs, beat));
    }

    /**
     * @param name       the thread's name.
     * @param intervalMs time between beats.
     * @param beat       sends one.
     * @return the running heartbeat.
     */
    public static Heartbeat start(final String name, final long intervalMs, final Beat beat)
    {
        final Heartbeat heartbeat = new Heartbeat(name, intervalMs, beat);
        heartbeat.thread.start();
        return heartbeat;
    }

    private void run(final long intervalMs, final Beat beat)
    {
        try
        {
            while (!stopped)
            {
                Thread.sleep(intervalMs);
                if (!stopped)
                {
                    beat.send();
                }
            }
        }
        catch (final IOException | InterruptedException ex)
        {
            // a broken connection is its reader's to report; an interrupt is close
        }
    }

    /** Stops the beats and waits for the thread, briefly. */
    @Override
    public void close()
    {
        stopped = true;
        thread.interrupt();
        try
        {
            thread.join(1_000);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
