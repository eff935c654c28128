package io.ishmem.core.team;

import io.ishmem.TeamConfig;
import io.ishmem.TeamSplitException;
import io.ishmem.core.heap.AddressSpace;
import io.ishmem.core.heap.ControlBlock;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * One PE's verdict on its own arguments to a split, as it publishes it in its split scratch entry for every
 * PE of the parent to read: the failure code (0: valid) and, for an invalid config or contexts it cannot
 * reserve, enough to word the reason on any PE. A {@link TeamConfig} can be invalid only through its mask or by
 * being null, so the mask, whether the config was null and which config it was (the x or y axis of a 2D split)
 * say it all; a reservation fails for want of contexts, so the count asked, the count free and the PE's limit
 * do. Every PE words the same sentence.
 *
 * @param code       0, or the {@link TeamSplitException} code of the first problem found.
 * @param configAxis for {@link TeamSplitException#INVALID_CONFIG} and {@link TeamSplitException#NO_CONTEXTS}:
 *                   {@link #STRIDED}, {@link #X_AXIS}, {@link #Y_AXIS} or (contexts only) {@link #BOTH_AXES}.
 * @param configNull for {@link TeamSplitException#INVALID_CONFIG}: whether the config was null.
 * @param detail     for {@link TeamSplitException#INVALID_CONFIG}: the mask passed with the config; for
 *                   {@link TeamSplitException#NO_CONTEXTS}: the contexts asked in the high 32 bits, those free in
 *                   the low 32.
 * @param limit      for {@link TeamSplitException#NO_CONTEXTS}: the PE's {@code ISHMEM_MAX_CONTEXTS}.
 */
record SplitVerdict(int code, int configAxis, boolean configNull, long detail, int limit)
{
    /** The config of a strided split. */
    static final int STRIDED = 0;
    /** The x-axis (row) config of a 2D split. */
    static final int X_AXIS = 1;
    /** The y-axis (column) config of a 2D split. */
    static final int Y_AXIS = 2;
    /** The row and column configs of a 2D split together: a PE joins both teams, and reserves for both. */
    static final int BOTH_AXES = 3;
    static final SplitVerdict VALID = new SplitVerdict(0, STRIDED, false, 0, 0);

    private static final long NULL_CONFIG = 1L << 8;

    /** A failure that every PE words alike from its own arguments, which the parent's barrier showed agree. */
    static SplitVerdict failed(final int code)
    {
        return new SplitVerdict(code, STRIDED, false, 0, 0);
    }

    /**
     * @param axis   whose config asked: {@link #STRIDED}, {@link #X_AXIS}, {@link #Y_AXIS} or {@link #BOTH_AXES}.
     * @param asked  the contexts this PE's new teams ask it to reserve.
     * @param free   the contexts this PE has free.
     * @param limit  its {@code ISHMEM_MAX_CONTEXTS}.
     * @return this verdict if it already failed, else the failure to reserve the contexts.
     */
    SplitVerdict orNoContexts(final int axis, final long asked, final int free, final int limit)
    {
        return code != 0 ? this : new SplitVerdict(TeamSplitException.NO_CONTEXTS, axis, false,
            Math.min(asked, Integer.MAX_VALUE) << 32 | free, limit);
    }

    /**
     * @return this verdict if it already failed (an invalid triplet or xrange is named first), else the
     *         failure of a config that {@link TeamConfig#resolve} refused.
     */
    SplitVerdict orInvalidConfig(final int axis, final TeamConfig config, final long mask)
    {
        return code != 0 ? this : new SplitVerdict(TeamSplitException.INVALID_CONFIG, axis, config == null, mask, 0);
    }

    /**
     * Writes the verdict into this PE's split scratch entry, at its address in {@link AddressSpace#ALL}; the parent's
     * barrier that follows publishes it.
     */
    void publish(final long entryAddress)
    {
        final MemorySegment all = AddressSpace.ALL;
        all.set(ValueLayout.JAVA_LONG, entryAddress + ControlBlock.SPLIT_CODE_OFFSET, code);
        // the limit rides in the config word's high half, which the axis and the null flag leave free
        all.set(ValueLayout.JAVA_LONG, entryAddress + ControlBlock.SPLIT_CONFIG_OFFSET,
            configAxis | (configNull ? NULL_CONFIG : 0) | (long)limit << 32);
        all.set(ValueLayout.JAVA_LONG, entryAddress + ControlBlock.SPLIT_CONFIG_MASK_OFFSET, detail);
    }

    /**
     * @return the code a PE published; read after the barrier, which orders it after the PE's writes.
     */
    static int code(final MemorySegment block, final long entry)
    {
        return (int)block.get(ValueLayout.JAVA_LONG, entry + ControlBlock.SPLIT_CODE_OFFSET);
    }

    /**
     * @return the whole verdict a PE published.
     */
    static SplitVerdict read(final MemorySegment block, final long entry)
    {
        final long config = block.get(ValueLayout.JAVA_LONG, entry + ControlBlock.SPLIT_CONFIG_OFFSET);
        return new SplitVerdict(code(block, entry), (int)(config & 0xFF), (config & NULL_CONFIG) != 0,
            block.get(ValueLayout.JAVA_LONG, entry + ControlBlock.SPLIT_CONFIG_MASK_OFFSET), (int)(config >>> 32));
    }

    /**
     * @param worldPe the PE that published this verdict.
     * @return why the split failed on that PE, for a config it passed or contexts it could not reserve.
     */
    String describe(final int worldPe)
    {
        if (code == TeamSplitException.NO_CONTEXTS)
        {
            final String axis = configAxis == X_AXIS ? "x-axis config asks" : configAxis == Y_AXIS ?
                "y-axis config asks" : configAxis == BOTH_AXES ? "x- and y-axis configs ask" : "config asks";
            return "PE " + worldPe + " cannot reserve the " + (detail >>> 32) + " contexts its " + axis + " for " +
                "(numContexts): " + (detail & 0xFFFF_FFFFL) + " of its ISHMEM_MAX_CONTEXTS=" + limit + " are free, " +
                "the others reserved by its teams or held by its contexts (destroy contexts or teams, or raise " +
                "ISHMEM_MAX_CONTEXTS)";
        }
        return "PE " + worldPe + " passed an invalid config: " + describeConfig();
    }

    /**
     * @return why the config was invalid, in the words {@link TeamConfig#resolve} uses on the PE that passed
     *         it, e.g. "config mask 0x10 has unknown bits (known: NUM_CONTEXTS=0x1)".
     */
    String describeConfig()
    {
        final String axis = configAxis == X_AXIS ? "x-axis " : configAxis == Y_AXIS ? "y-axis " : "";
        try
        {
            // resolve again, with a stand-in for the config: its fields never make it invalid, so the same
            // mask and the same null refuse it with the same sentence, written in one place
            TeamConfig.resolve(configNull ? null : TeamConfig.DEFAULT, detail);
        }
        catch (final IllegalArgumentException ex)
        {
            return axis + ex.getMessage();
        }
        // only the verdict of a PE whose library has other rules, or does not publish why (version 2.0 of the
        // control block), gets here
        return axis + "config " + (configNull ? "null" : "given") + " with mask 0x" + Long.toHexString(detail) +
            " was refused";
    }
}
