package io.ishmem.launcher.profile;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;

/**
 * The start every picture of the report shares: a white image with its title in the top left corner.
 */
final class Canvas
{
    private Canvas()
    {
    }

    /**
     * @return the graphics of {@code image}, cleared to white, with {@code title} drawn and the pen black;
     *         the caller disposes of it.
     */
    static Graphics2D titled(final BufferedImage image, final String title)
    {
        final Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        g.drawString(title, 10, 20);
        return g;
    }
}
