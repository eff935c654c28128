package io.ishmem.core.observe;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** One collective call on a team, from entering it to leaving it: barriers, broadcasts, reductions, allocations. */
@Name("ishmem.Collective")
@Label("ishmem Collective")
@Category("ishmem")
@Description("A collective call on a team, from entry to exit")
@StackTrace(false)
public final class CollectiveEvent extends jdk.jfr.Event
{
    @Label("Call")
    public String call;

    @Label("Team")
    public String team;

    @Label("Team Size")
    public int teamSize;
}
