package io.ishmem.bench;

import java.util.Locale;

/** The verdict of a goal of the form "ours at most a limit", worded the same in every phase's report. */
public final class Verdict
{
    public static final String MET = "met";
    public static final String NO_REFERENCE = "no reference";
    public static final String NOT_RUN = "not run";

    private Verdict()
    {
    }

    /**
     * @param ours  our figure, NaN if we have none.
     * @param limit the most it may be, NaN (or not above 0) if the reference is missing.
     * @return {@code met}, {@code missed by N%} (how far over the limit), {@code no reference} or {@code not run}.
     */
    public static String atMost(final double ours, final double limit)
    {
        if (Double.isNaN(ours))
        {
            return NOT_RUN;
        }
        if (Double.isNaN(limit) || limit <= 0)
        {
            return NO_REFERENCE;
        }
        if (ours <= limit)
        {
            return MET;
        }
        final double overPercent = (ours / limit - 1) * 100;
        final String format = overPercent >= 10 ? "missed by %.0f%%" : overPercent >= 1 ? "missed by %.1f%%" :
            "missed by %.2f%%";
        return String.format(Locale.ROOT, format, overPercent);
    }

    /**
     * @return whether a verdict says the goal was missed (rather than met or not checked).
     */
    public static boolean missed(final String verdict)
    {
        return verdict.startsWith("missed");
    }
}
