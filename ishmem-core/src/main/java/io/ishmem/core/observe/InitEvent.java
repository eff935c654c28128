package io.ishmem.core.observe;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** One PE's init, from its first step to the end of the warm-up, with the configuration it started with. */
@Name("ishmem.Init")
@Label("ishmem Init")
@Category("ishmem")
@Description("Ishmem.init on this PE, with the settings it started with")
@StackTrace(false)
public final class InitEvent extends jdk.jfr.Event
{
    @Label("PE")
    public int pe;

    @Label("PEs")
    public int nPes;

    @Label("Job")
    public String jobId;

    @Label("Symmetric Heap Size")
    @DataAmount
    public long heapSize;

    @Label("Transport")
    public String transport;

    @Label("Heap Sharing")
    public String heapSharing;

    @Label("Wait Strategy")
    public String waitStrategy;

    @Label("Profiling")
    @Description("Whether the per-target traffic counters are compiled in (ISHMEM_PROFILE)")
    public boolean profiling;

    @Label("Settings")
    @Description("Every ISHMEM_* variable the PE read, as NAME=value, the job secret hidden")
    public String settings;
}
