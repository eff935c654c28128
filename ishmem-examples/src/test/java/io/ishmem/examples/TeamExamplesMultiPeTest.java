package io.ishmem.examples;

import io.ishmem.junit.JobReport;
import io.ishmem.junit.MultiPeJob;
import io.ishmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The worked examples of the team chapter, run as programs, with their exact expected output. */
class TeamExamplesMultiPeTest
{
    /** The expected output of the 3D split with 12 PEs, from the shmem_team_split_2d man page. */
    private static final List<String> SPLIT_3D_OUTPUT = List.of(
        "xdim = 3, ydim = 2, zdim = 2",
        "(0, 0, 0) is mype = 0",
        "(1, 0, 0) is mype = 1",
        "(2, 0, 0) is mype = 2",
        "(0, 1, 0) is mype = 3",
        "(1, 1, 0) is mype = 4",
        "(2, 1, 0) is mype = 5",
        "(0, 0, 1) is mype = 6",
        "(1, 0, 1) is mype = 7",
        "(2, 0, 1) is mype = 8",
        "(0, 1, 1) is mype = 9",
        "(1, 1, 1) is mype = 10",
        "(2, 1, 1) is mype = 11");

    /** Lines of a PE that are the program's own (the library logs at INFO on PE 0). */
    private static List<String> programLines(final JobResult result, final int pe)
    {
        return result.output(pe).stream().filter(line -> !line.contains(" INFO ") && !line.contains(" WARN "))
            .toList();
    }

    @Test
    @Timeout(180)
    void shouldPrintTheSpecOutputOfThe3DSplitWith12Pes()
    {
        final JobResult result = MultiPeJob.ofMain(Split3D.class).pes(12).timeoutSeconds(150).run();
        assertTrue(result.succeeded(), () -> JobReport.describe(result));
        final List<String> all = new ArrayList<>();
        for (int pe = 0; pe < 12; pe++)
        {
            all.addAll(programLines(result, pe));
        }
        assertEquals(SPLIT_3D_OUTPUT, all, () -> JobReport.describe(result));
    }

    @Test
    @Timeout(120)
    void shouldPutTenPesOnTheSpecGridWithXrange3()
    {
        final JobResult result = MultiPeJob.ofMain(TeamGrid2D.class, "3").pes(10).timeoutSeconds(100).run();
        assertTrue(result.succeeded(), () -> JobReport.describe(result));
        for (int pe = 0; pe < 10; pe++)
        {
            final int x = pe % 3;
            final int y = pe / 3;
            final String expected = "PE " + pe + " is at (x, y) = (" + x + ", " + y + ") in a row of " +
                (y == 3 ? 1 : 3) + " and a column of " + (x == 0 ? 4 : 3);
            assertTrue(result.output(pe).contains(expected), () -> expected + "\n" + JobReport.describe(result));
        }
        final List<String> grid = programLines(result, 0);
        assertEquals(List.of(
            "PE 0 is at (x, y) = (0, 0) in a row of 3 and a column of 4",
            "grid of 10 PEs, xrange 3: rows are xteams, columns yteams",
            "           x=0    x=1    x=2",
            "  y=0        0      1      2",
            "  y=1        3      4      5",
            "  y=2        6      7      8",
            "  y=3        9"), grid, () -> JobReport.describe(result));
    }

    @Test
    @Timeout(120)
    void shouldMakeATeamOfTheEvenPes()
    {
        final int npes = 6;
        final JobResult result = MultiPeJob.ofMain(EvenTeam.class).pes(npes).timeoutSeconds(100).run();
        assertTrue(result.succeeded(), () -> JobReport.describe(result));
        for (int pe = 0; pe < npes; pe++)
        {
            final String expected = pe % 2 == 0 ? "PE " + pe + " is PE " + pe / 2 + " of " + npes / 2 +
                " in the even team" : "PE " + pe + " is not in the even team";
            assertEquals(List.of(expected), programLines(result, pe), () -> JobReport.describe(result));
        }
    }
}
