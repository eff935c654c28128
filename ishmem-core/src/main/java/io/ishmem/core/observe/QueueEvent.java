package io.ishmem.core.observe;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** An on-queue operation (putSignalOnQueue and the rest) from being queued to its future's completion. */
@Name("ishmem.QueueOperation")
@Label("ishmem Queue Operation")
@Category("ishmem")
@Description("An on-queue operation, from being queued to completed")
@StackTrace(true)
public final class QueueEvent extends jdk.jfr.Event
{
    @Label("Call")
    public String call;

    @Label("Failed")
    public boolean failed;
}
