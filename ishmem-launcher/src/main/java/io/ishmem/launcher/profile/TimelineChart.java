package io.ishmem.launcher.profile;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

import javax.imageio.ImageIO;

/**
 * {@code timeline.png}: one lane per PE from the end of the last init to the start of the first close, with the time
 * each PE spent in barriers, waits and allocations, and its collectives as a band above: the picture of trace.json
 * for a page or a ticket, where Perfetto cannot go.
 */
public final class TimelineChart
{
    public static final String FILE = "timeline.png";
    private static final int WIDTH = 1000;
    private static final int LEFT = 60;
    private static final int RIGHT = 20;
    private static final int TOP = 40;
    private static final int LANE = 30;
    private static final Color BARRIER = new Color(0xD6, 0x27, 0x28);
    private static final Color WAIT = new Color(0xFF, 0x7F, 0x0E);
    private static final Color ALLOCATION = new Color(0x1F, 0x77, 0xB4);
    private static final Color COLLECTIVE = new Color(0x99, 0x99, 0x99);
    private static final Color OTHER = new Color(0x2C, 0xA0, 0x2C);

    private TimelineChart()
    {
    }

    public static Path write(final ProfileData data, final Path directory) throws IOException
    {
        System.setProperty("java.awt.headless", "true");
        double from = Double.MIN_VALUE;
        double to = Double.MAX_VALUE;
        double first = Double.MAX_VALUE;
        double last = 0;
        for (final Span span : data.spans())
        {
            final double end = span.startMicros() + span.durationNs() / 1e3;
            if (span.kind().equals("Init"))
            {
                from = Math.max(from, end);
            }
            else if (span.kind().equals("Close"))
            {
                to = Math.min(to, span.startMicros());
            }
            else
            {
                first = Math.min(first, span.startMicros());
                last = Math.max(last, end);
            }
        }
        // the application's part of the job; without init or close events, all of it
        from = from == Double.MIN_VALUE ? first : from;
        to = to == Double.MAX_VALUE || to <= from ? last : to;
        final double spanMicros = Math.max(1, to - from);
        final int n = data.nPes();
        final int height = TOP + n * LANE + 60;
        final BufferedImage image = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        final Graphics2D g = Canvas.titled(image,
            "Time per PE in barriers, waits and allocations (collectives above), init to close");
        try
        {
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
            final FontMetrics metrics = g.getFontMetrics();
            final int plot = WIDTH - LEFT - RIGHT;
            for (int pe = 0; pe < n; pe++)
            {
                final int y = TOP + pe * LANE;
                g.setColor(pe % 2 == 0 ? new Color(0xF4, 0xF4, 0xF4) : Color.WHITE);
                g.fillRect(LEFT, y, plot, LANE);
                g.setColor(Color.BLACK);
                g.drawString("PE " + pe, 10, y + LANE / 2 + metrics.getAscent() / 2);
            }
            for (final Span span : data.spans())
            {
                final double start = span.startMicros();
                final double end = start + span.durationNs() / 1e3;
                if (end < from || start > to || span.kind().equals("Init") || span.kind().equals("Close"))
                {
                    continue;
                }
                final int x0 = LEFT + (int)((Math.max(start, from) - from) / spanMicros * plot);
                final int x1 = LEFT + (int)Math.ceil((Math.min(end, to) - from) / spanMicros * plot);
                final int y = TOP + span.pe() * LANE;
                final int w = Math.max(1, x1 - x0);
                switch (span.kind())
                {
                    case "Collective" ->
                    {
                        g.setColor(COLLECTIVE);
                        g.fillRect(x0, y + 3, w, 5);
                    }
                    case "Barrier" ->
                    {
                        g.setColor(BARRIER);
                        g.fillRect(x0, y + 10, w, LANE - 13);
                    }
                    case "Wait" ->
                    {
                        g.setColor(WAIT);
                        g.fillRect(x0, y + 10, w, LANE - 13);
                    }
                    case "Allocation" ->
                    {
                        g.setColor(ALLOCATION);
                        g.fillRect(x0, y + 10, w, (LANE - 13) / 2);
                    }
                    default ->
                    {
                        g.setColor(OTHER);
                        g.fillRect(x0, y + 10, w, (LANE - 13) / 2);
                    }
                }
            }
            axis(g, metrics, plot, TOP + n * LANE, spanMicros);
            legend(g, metrics, height - 18);
        }
        finally
        {
            g.dispose();
        }
        final Path file = directory.resolve(FILE);
        ImageIO.write(image, "png", file.toFile());
        return file;
    }

    private static void axis(final Graphics2D g, final FontMetrics metrics, final int plot, final int y,
        final double spanMicros)
    {
        g.setColor(Color.BLACK);
        g.drawLine(LEFT, y, LEFT + plot, y);
        final double spanMs = spanMicros / 1e3;
        final double raw = spanMs / 8;
        final double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        final double step = raw / magnitude < 2 ? magnitude : raw / magnitude < 5 ? 2 * magnitude : 5 * magnitude;
        for (double t = 0; t <= spanMs; t += step)
        {
            final int x = LEFT + (int)(t / spanMs * plot);
            g.drawLine(x, y, x, y + 4);
            final String label = String.format(Locale.ROOT, step < 1 ? "%.1f ms" : "%.0f ms", t);
            g.drawString(label, x - metrics.stringWidth(label) / 2, y + 16);
        }
    }

    private static void legend(final Graphics2D g, final FontMetrics metrics, final int y)
    {
        final Object[][] keys = {{BARRIER, "barrier"}, {WAIT, "wait"}, {ALLOCATION, "allocation"},
            {COLLECTIVE, "collective"}, {OTHER, "team, queue, atomic"}};
        int x = LEFT;
        for (final Object[] key : keys)
        {
            g.setColor((Color)key[0]);
            g.fillRect(x, y - 9, 12, 10);
            g.setColor(Color.BLACK);
            g.drawString((String)key[1], x + 16, y);
            x += 16 + metrics.stringWidth((String)key[1]) + 20;
        }
    }
}
