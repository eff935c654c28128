package io.ishmem.core.observe;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * One team synchronisation (barrierAll, syncAll, a team's sync, and the barriers inside every collective): how long
 * this PE waited and which member arrived last. Every member publishes its arrival time in its barrier flags and the
 * rounds of the dissemination barrier fold the latest one, as they fold the collective op.
 */
@Name("ishmem.Barrier")
@Label("ishmem Barrier")
@Category("ishmem")
@Description("A team barrier: time this PE spent in it and the member that arrived last")
@StackTrace(false)
public final class BarrierEvent extends jdk.jfr.Event
{
    @Label("Call")
    @Description("The call the barrier belongs to: barrierAll, syncAll, team.sync, broadcast, malloc ...")
    public String call;

    @Label("Team")
    public String team;

    @Label("Sequence")
    @Description("The team's collective number")
    public long sequence;

    @Label("Last Arrived PE")
    @Description("World PE of the member that arrived last (this PE when it came last)")
    public int lastPe;

    @Label("Last Arrival Lag")
    @Description("How long after this PE the last member arrived: the imbalance this PE waited out")
    @Timespan(Timespan.NANOSECONDS)
    public long lastArrivalLag;
}
