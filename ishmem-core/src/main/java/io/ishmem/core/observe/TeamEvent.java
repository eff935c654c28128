package io.ishmem.core.observe;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** A team split (strided or 2D) or destroy on this PE. */
@Name("ishmem.Team")
@Label("ishmem Team")
@Category("ishmem")
@StackTrace(true)
public final class TeamEvent extends jdk.jfr.Event
{
    @Label("Action")
    public String action;

    @Label("Team")
    @Description("The parent of a split, the team destroyed")
    public String team;

    @Label("Result")
    @Description("The teams a split made on this PE (INVALID when it joins none)")
    public String result;
}
