package io.ishmem.launcher.profile;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;

import javax.imageio.ImageIO;

/**
 * {@code traffic.png}: a PE-by-PE heat map of the bytes each PE moved to or from each PE's memory (row: the PE that
 * issued the puts and gets; column: the PE whose memory they touched), each cell labelled. Drawn with java.awt,
 * headless, so the launcher needs no chart library (picocli stays its one dependency).
 */
public final class TrafficHeatMap
{
    public static final String FILE = "traffic.png";
    private static final int MARGIN = 70;
    private static final int LEGEND = 120;

    private TrafficHeatMap()
    {
    }

    public static Path write(final ProfileData data, final Path directory) throws IOException
    {
        System.setProperty("java.awt.headless", "true");
        final int n = data.nPes();
        final int cell = Math.max(12, Math.min(72, 640 / n));
        final int grid = cell * n;
        final int width = Math.max(MARGIN + grid + LEGEND, 480);
        final int height = MARGIN + grid + 40;
        final long[][] bytes = new long[n][n];
        long max = 0;
        for (int pe = 0; pe < n; pe++)
        {
            for (int target = 0; target < n; target++)
            {
                bytes[pe][target] = data.putBytes(pe, target) + data.getBytes(pe, target);
                max = Math.max(max, bytes[pe][target]);
            }
        }
        final BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        final Graphics2D g = Canvas.titled(image, "Bytes put + got: PE (row) -> memory of PE (column)");
        try
        {
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, Math.max(8, Math.min(12, cell / 4))));
            final FontMetrics metrics = g.getFontMetrics();
            for (int pe = 0; pe < n; pe++)
            {
                for (int target = 0; target < n; target++)
                {
                    final double level = max == 0 ? 0 : Math.sqrt((double)bytes[pe][target] / max);
                    g.setColor(color(level));
                    g.fillRect(MARGIN + target * cell, MARGIN + pe * cell, cell, cell);
                    if (cell >= 36 && bytes[pe][target] > 0)
                    {
                        final String label = Units.bytes(bytes[pe][target]);
                        g.setColor(level > 0.6 ? Color.WHITE : Color.BLACK);
                        g.drawString(label, MARGIN + target * cell + (cell - metrics.stringWidth(label)) / 2,
                            MARGIN + pe * cell + (cell + metrics.getAscent()) / 2 - 2);
                    }
                }
            }
            g.setColor(Color.GRAY);
            g.drawRect(MARGIN, MARGIN, grid, grid);
            g.setColor(Color.BLACK);
            final int step = Math.max(1, (int)Math.ceil(16.0 / cell));
            for (int i = 0; i < n; i += step)
            {
                final String label = Integer.toString(i);
                g.drawString(label, MARGIN + i * cell + (cell - metrics.stringWidth(label)) / 2, MARGIN - 6);
                g.drawString(label, MARGIN - 8 - metrics.stringWidth(label),
                    MARGIN + i * cell + (cell + metrics.getAscent()) / 2);
            }
            g.drawString("target PE", MARGIN + grid / 2 - 25, MARGIN - 22);
            g.drawString("PE", 10, MARGIN + grid / 2);
            legend(g, metrics, MARGIN + grid + 20, MARGIN, grid, max);
        }
        finally
        {
            g.dispose();
        }
        final Path file = directory.resolve(FILE);
        ImageIO.write(image, "png", file.toFile());
        return file;
    }

    private static void legend(final Graphics2D g, final FontMetrics metrics, final int x, final int y,
        final int height, final long max)
    {
        for (int i = 0; i < height; i++)
        {
            g.setColor(color(1.0 - (double)i / height));
            g.fillRect(x, y + i, 16, 1);
        }
        g.setColor(Color.BLACK);
        g.drawString(Units.bytes(max), x + 20, y + metrics.getAscent());
        g.drawString("0", x + 20, y + height);
    }

    /** White to dark blue, on a square-root scale so small flows stay visible beside large ones. */
    private static Color color(final double level)
    {
        final double l = Math.max(0, Math.min(1, level));
        return new Color((int)(255 - 225 * l), (int)(255 - 200 * l), (int)(255 - 100 * l));
    }
}
