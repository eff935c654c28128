package io.ishmem.examples;

import io.ishmem.Ishmem;
import io.ishmem.Team;

/**
 * The strided split of the OpenSHMEM {@code shmem_team_split_strided} man page (Example 11): a team of the
 * even PEs of the world, {@code ishmemrun -n 6 --class io.ishmem.examples.EvenTeam}. Each member checks
 * its number and the team's size and exits with status 1 if either is wrong.
 */
public final class EvenTeam
{
    private EvenTeam()
    {
    }

    /**
     * Prints {@code PE <me> is PE <k> of <size> in the even team} on members and
     * {@code PE <me> is not in the even team} on the others.
     *
     * @param args ignored.
     */
    public static void main(final String[] args)
    {
        try (Ishmem shmem = Ishmem.init())
        {
            final int mype = shmem.myPe();
            final int npes = shmem.nPes();
            final Team newTeam = shmem.teamWorld().splitStrided(0, 2, npes / 2);
            if (newTeam != Team.INVALID)
            {
                final int teamNpes = newTeam.nPes();
                final int teamMype = newTeam.myPe();
                if (mype % 2 != 0 || mype / 2 != teamMype || npes / 2 != teamNpes)
                {
                    System.out.println("PE " + mype + " has the wrong place in the even team: PE " + teamMype +
                        " of " + teamNpes);
                    System.exit(1);
                }
                System.out.println("PE " + mype + " is PE " + teamMype + " of " + teamNpes + " in the even team");
                newTeam.destroy();
            }
            else
            {
                System.out.println("PE " + mype + " is not in the even team");
            }
        }
    }
}
