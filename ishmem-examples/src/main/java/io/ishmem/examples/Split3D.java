package io.ishmem.examples;

import io.ishmem.Ishmem;
import io.ishmem.Split2D;
import io.ishmem.Team;

/**
 * The 3D Cartesian split of the OpenSHMEM {@code shmem_team_split_2d} man page (Example 12): two 2D
 * splits make x, y and z teams. With 12 PEs ({@code ishmemrun -n 12 --class io.ishmem.examples.Split3D})
 * it prints {@code xdim = 3, ydim = 2, zdim = 2} and one {@code (x, y, z) is mype = n} line per PE.
 */
public final class Split3D
{
    private Split3D()
    {
    }

    /** Finds x and y such that x * y == npes and |x - y| is minimal. */
    static int[] findXyDims(final int npes)
    {
        for (int divider = (int)Math.ceil(Math.sqrt(npes)); divider >= 1; divider--)
        {
            if (npes % divider == 0)
            {
                return new int[] {divider, npes / divider};
            }
        }
        return new int[] {1, npes};
    }

    /** Finds x, y and z such that x * y * z == npes and |x - y| + |x - z| + |y - z| is minimal. */
    static int[] findXyzDims(final int npes)
    {
        for (int divider = (int)Math.ceil(Math.cbrt(npes)); divider >= 1; divider--)
        {
            if (npes % divider == 0)
            {
                final int[] yz = findXyDims(npes / divider);
                return new int[] {divider, yz[0], yz[1]};
            }
        }
        return new int[] {1, 1, npes};
    }

    /**
     * PE 0 prints the dimensions; each PE prints its coordinates, in coordinate order (a barrier after each
     * point keeps the lines in that order).
     *
     * @param args ignored.
     */
    public static void main(final String[] args)
    {
        try (Ishmem shmem = Ishmem.init())
        {
            final int mype = shmem.myPe();
            final int npes = shmem.nPes();
            final int[] dims = findXyzDims(npes);
            final int xdim = dims[0];
            final int ydim = dims[1];
            final int zdim = dims[2];
            if (mype == 0)
            {
                System.out.println("xdim = " + xdim + ", ydim = " + ydim + ", zdim = " + zdim);
                System.out.flush();
            }

            final Split2D first = shmem.teamWorld().split2d(xdim);
            final Team xteam = first.xAxis();
            final Team yzteam = first.yAxis();
            // yzteam is immediately ready to be used in collectives, as a parent too
            final Split2D second = yzteam.split2d(ydim);
            final Team yteam = second.xAxis();
            final Team zteam = second.yAxis();
            // we don't need the yzteam any more
            yzteam.destroy();

            final int myX = xteam.myPe();
            final int myY = yteam.myPe();
            final int myZ = zteam.myPe();
            for (int zdx = 0; zdx < zdim; zdx++)
            {
                for (int ydx = 0; ydx < ydim; ydx++)
                {
                    for (int xdx = 0; xdx < xdim; xdx++)
                    {
                        if (myX == xdx && myY == ydx && myZ == zdx)
                        {
                            System.out.println("(" + myX + ", " + myY + ", " + myZ + ") is mype = " + mype);
                            System.out.flush();
                        }
                        shmem.barrierAll();
                    }
                }
            }
            xteam.destroy();
            yteam.destroy();
            zteam.destroy();
        }
    }
}
