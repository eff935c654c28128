package io.ishmem.core.observe;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** This PE detected the failure of a PE of its job (exited, stopped, or the job aborted). */
@Name("ishmem.PeFailure")
@Label("ishmem PE Failure")
@Category("ishmem")
@Description("A PE failure this PE detected, as its waits will report it")
@StackTrace(true)
public final class PeFailureEvent extends jdk.jfr.Event
{
    @Label("Failed PE")
    @Description("-1 when the job failed without one PE to name")
    public int failedPe;

    @Label("Message")
    public String message;
}
