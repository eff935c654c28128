package io.ishmem.bench.jmh;

import io.ishmem.Ishmem;
import io.ishmem.Team;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A team split and destroy in a job of one PE: the split's own work (arguments, verdict, the slot agreement, the
 * new team) and the destroy's, with no peer to wait for. In a job of more PEs each adds one barrier of the parent
 * to this, so this is what a split costs beyond its barrier, which issue 14 holds to one barrier's time.
 */
@State(Scope.Benchmark)
public class TeamSplitBenchmark extends AsLaunchedPe
{
    private Ishmem shmem;
    private Team world;

    @Setup(Level.Trial)
    public void setUp()
    {
        System.setProperty("ishmem.symmetric.size", "16M");
        shmem = Ishmem.init();
        world = shmem.teamWorld();
    }

    @TearDown(Level.Trial)
    public void tearDown()
    {
        shmem.close();
    }

    @Benchmark
    public Team splitDestroy()
    {
        final Team team = world.splitStrided(0, 1, 1);
        team.destroy();
        return team;
    }

    /** Two barriers of the parent, the split's budget in a job of more PEs; here, of one PE, their own work. */
    @Benchmark
    public void twoBarriers()
    {
        shmem.barrierAll();
        shmem.barrierAll();
    }
}
