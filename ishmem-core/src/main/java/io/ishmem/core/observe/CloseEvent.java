package io.ishmem.core.observe;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** One PE's close: its queue and contexts drained, the closing barrier, the release of its mappings. */
@Name("ishmem.Close")
@Label("ishmem Close")
@Category("ishmem")
@Description("Ishmem.close on this PE")
@StackTrace(false)
public final class CloseEvent extends jdk.jfr.Event
{
    @Label("PE")
    public int pe;

    @Label("Live Allocations")
    @Description("Symmetric allocations not freed when the PE closed")
    public int liveAllocations;

    @Label("Heap Used")
    @DataAmount
    public long heapUsed;
}
