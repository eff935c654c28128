package io.ishmem.examples;

import io.ishmem.Ishmem;
import io.ishmem.Split2D;
import io.ishmem.SymmetricSegment;

import java.lang.foreign.ValueLayout;

/**
 * The 2D split of the Intel SHMEM team chapter: 10 PEs with xrange 3 make 4 rows (x-axis teams, the last
 * incomplete) and 3 columns (y-axis teams):
 * {@code ishmemrun -n 10 --class io.ishmem.examples.TeamGrid2D [xrange]}.
 */
public final class TeamGrid2D
{
    private TeamGrid2D()
    {
    }

    /**
     * Each PE prints {@code PE <me> is at (x, y) = (<x>, <y>) in a row of <r> and a column of <c>}; PE 0 then
     * prints the grid of parent PE numbers, one row per x-axis team, gathered with puts.
     *
     * @param args the xrange, 3 by default.
     */
    public static void main(final String[] args)
    {
        final int xrange = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        try (Ishmem shmem = Ishmem.init())
        {
            final int me = shmem.myPe();
            final int n = shmem.nPes();
            final Split2D grid = shmem.teamWorld().split2d(xrange);
            final int x = grid.xAxis().myPe();
            final int y = grid.yAxis().myPe();
            System.out.println("PE " + me + " is at (x, y) = (" + x + ", " + y + ") in a row of " +
                grid.xAxis().nPes() + " and a column of " + grid.yAxis().nPes());

            // every PE tells PE 0 where it sits
            final SymmetricSegment where = shmem.calloc(2L * n, ValueLayout.JAVA_INT);
            shmem.pInt(where, 2L * me, x, 0);
            shmem.pInt(where, 2L * me + 1, y, 0);
            grid.xAxis().sync();
            grid.yAxis().sync();
            shmem.barrierAll();
            if (me == 0)
            {
                final int columns = Math.min(xrange, n);
                final int rows = (n + columns - 1) / columns;
                final int[][] cells = new int[rows][columns];
                for (final int[] row : cells)
                {
                    java.util.Arrays.fill(row, -1);
                }
                for (int pe = 0; pe < n; pe++)
                {
                    cells[where.local().getAtIndex(ValueLayout.JAVA_INT, 2L * pe + 1)]
                        [where.local().getAtIndex(ValueLayout.JAVA_INT, 2L * pe)] = pe;
                }
                System.out.println("grid of " + n + " PEs, xrange " + xrange + ": rows are xteams, columns yteams");
                final StringBuilder header = new StringBuilder("       ");
                for (int c = 0; c < columns; c++)
                {
                    header.append(String.format("%7s", "x=" + c));
                }
                System.out.println(header.toString().stripTrailing());
                for (int r = 0; r < rows; r++)
                {
                    final StringBuilder line = new StringBuilder(String.format("  y=%-3d", r));
                    for (int c = 0; c < columns; c++)
                    {
                        line.append(cells[r][c] < 0 ? "       " : String.format("%7d", cells[r][c]));
                    }
                    System.out.println(line.toString().stripTrailing());
                }
            }
            shmem.barrierAll();
            grid.xAxis().destroy();
            grid.yAxis().destroy();
            shmem.free(where);
        }
    }
}
