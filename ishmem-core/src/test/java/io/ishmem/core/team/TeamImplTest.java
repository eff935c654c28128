package io.ishmem.core.team;

import io.ishmem.Team;
import io.ishmem.core.collective.TeamName;
import io.ishmem.core.collective.TeamSync;
import io.ishmem.core.context.Contexts;
import io.ishmem.core.heap.ControlBlock;
import io.ishmem.core.wait.WaitStrategy;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TeamImplTest
{
    @Test
    void shouldRefuseASecondCollectiveOnOneTeamWhileTheFirstRuns()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final int maxTeams = 4;
            final MemorySegment block = arena.allocate(ControlBlock.length(maxTeams, 1), 4096);
            final AtomicBoolean closed = new AtomicBoolean();
            // the rule for threads lives with the team's sync: no waits happen here, so no liveness (a team's sync
            // reads its strategy's first spins when it is made)
            final WaitStrategy strategy = new WaitStrategy("backoff", 100, 10, 1_000, 1_000_000);
            final TeamSync worldSync = new TeamSync(TeamName.of("WORLD"), 0, new int[] {0}, 0, new MemorySegment[] {block},
                maxTeams, strategy, null, null);
            // nor data paths: the contexts are only counted
            final TeamRegistry registry = new TeamRegistry(0, 1, new MemorySegment[] {block}, maxTeams, worldSync,
                strategy, null, closed::get, new Contexts(0, null, null, null, null, null, null, 4), new Triplet(0, 1, 1), null);
            final TeamImpl world = (TeamImpl)registry.world();
            world.enter("splitStrided");
            final IllegalStateException overlap = assertThrows(IllegalStateException.class,
                () -> world.enter("team.sync"));
            assertTrue(overlap.getMessage().contains("while splitStrided runs"), overlap.getMessage());
            world.exit();
            world.enter("team.sync");
            world.exit();
            assertEquals(2, registry.slotsInUse());
            assertEquals(0, registry.shared().myPe());

            closed.set(true);
            final IllegalStateException afterClose = assertThrows(IllegalStateException.class, world::myPe);
            assertTrue(afterClose.getMessage().contains("closed"), afterClose.getMessage());
            assertEquals(-1, Team.INVALID.myPe());
        }
    }
}
