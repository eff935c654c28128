package io.ishmem.core.team;

/**
 * The members of a team as world PEs: member {@code i} is world PE {@code start + stride * i}. A strided
 * split of a strided team is strided, and the rows and columns of a 2D split are too, so every team is
 * one triplet and membership and numbering are arithmetic. A team of one PE is kept with stride 1.
 *
 * @param start  world PE of member 0.
 * @param stride step in world PEs between members; never 0.
 * @param size   number of members, {@code >= 1}.
 */
public record Triplet(int start, int stride, int size)
{
    public Triplet
    {
        if (size < 1)
        {
            throw new IllegalArgumentException("size=" + size + " < 1");
        }
        if (size == 1)
        {
            stride = 1;
        }
        if (stride == 0)
        {
            throw new IllegalArgumentException("stride=0 with size=" + size);
        }
    }

    /**
     * @param index member number in {@code [0, size)}.
     * @return its world PE.
     */
    public int worldPe(final int index)
    {
        return start + stride * index;
    }

    /**
     * @param worldPe a world PE number.
     * @return its member number, or -1 if it is not a member.
     */
    public int indexOf(final int worldPe)
    {
        return indexOf(start, stride, size, worldPe);
    }

    private static int indexOf(final int start, final int stride, final int size, final int worldPe)
    {
        final long offset = (long)worldPe - start;
        if (offset % stride != 0)
        {
            return -1;
        }
        final long index = offset / stride;
        return index >= 0 && index < size ? (int)index : -1;
    }

    /**
     * @return the world PE of every member, by member number.
     */
    public int[] members()
    {
        final int[] members = new int[size];
        for (int i = 0; i < size; i++)
        {
            members[i] = worldPe(i);
        }
        return members;
    }

    /**
     * Checks a {@code splitStrided} triplet against a parent of {@code parentSize} members.
     *
     * @return null if every {@code start + stride * i}, {@code i < size}, is in {@code [0, parentSize)},
     *         else why not.
     */
    public static String checkSplit(final int parentSize, final int start, final int stride, final int size)
    {
        if (size < 1)
        {
            return "size=" + size + " is not positive";
        }
        if (stride == 0 && size != 1)
        {
            return "stride=0 needs size=1, not size=" + size;
        }
        if (start < 0 || start >= parentSize)
        {
            return "start=" + start + " not in [0, " + parentSize + ")";
        }
        final long last = start + (long)stride * (size - 1);
        if (last < 0 || last >= parentSize)
        {
            return "the last PE start + stride * (size - 1) = " + last + " is not in [0, " + parentSize + ")";
        }
        return null;
    }

    /**
     * @return {@code worldPe}'s member number in {@link #split split(subStart, subStride, subSize)}, which
     *         {@link #checkSplit} accepted, or -1 if it is not a member; without making that triplet.
     */
    public int indexInSplit(final int subStart, final int subStride, final int subSize, final int worldPe)
    {
        return indexOf(worldPe(subStart), subSize == 1 ? 1 : stride * subStride, subSize, worldPe);
    }

    /**
     * @return the world triplet of the parent-relative triplet, which {@link #checkSplit} accepted.
     */
    public Triplet split(final int subStart, final int subStride, final int subSize)
    {
        return new Triplet(worldPe(subStart), subSize == 1 ? 1 : stride * subStride, subSize);
    }

    /**
     * @param xrange columns of the grid, in {@code [1, size]}.
     * @param y      the row, in {@code [0, ceil(size / xrange))}.
     * @return the world triplet of row {@code y}: the x-axis team; the last row may be short.
     */
    public Triplet row(final int xrange, final int y)
    {
        final int first = y * xrange;
        return split(first, 1, Math.min(xrange, size - first));
    }

    /**
     * @param xrange columns of the grid, in {@code [1, size]}.
     * @param x      the column, in {@code [0, xrange)}.
     * @return the world triplet of column {@code x}: the y-axis team.
     */
    public Triplet column(final int xrange, final int x)
    {
        return split(x, xrange, (size - x + xrange - 1) / xrange);
    }

    /**
     * @return "world PEs 0, 2, 4" for small teams, else the triplet.
     */
    public String describe()
    {
        if (size <= 8)
        {
            final StringBuilder text = new StringBuilder("world PEs ");
            for (int i = 0; i < size; i++)
            {
                text.append(i == 0 ? "" : ", ").append(worldPe(i));
            }
            return text.toString();
        }
        return "world PEs start=" + start + " stride=" + stride + " size=" + size;
    }
}
