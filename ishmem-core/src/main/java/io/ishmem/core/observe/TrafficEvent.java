package io.ishmem.core.observe;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

/**
 * The one-sided traffic from this PE to one target PE since init, summed over this PE's threads: emitted
 * periodically and at close, and only when profiling was asked for at start ({@code ISHMEM_PROFILE}), since the
 * counters exist only then. The totals only grow: the latest event of a (PE, target) pair holds the job's total.
 */
@Name("ishmem.Traffic")
@Label("ishmem Traffic")
@Category("ishmem")
@Description("Puts, gets, signal updates and atomics from this PE to one target PE since init (cumulative)")
@StackTrace(false)
@Period("1 s")
public final class TrafficEvent extends jdk.jfr.Event
{
    @Label("PE")
    public int pe;

    @Label("Target PE")
    public int targetPe;

    @Label("Put Operations")
    @Description("put, putNbi, p, and the payloads of put-with-signal")
    public long putOps;

    @Label("Put Bytes")
    @DataAmount
    public long putBytes;

    @Label("Get Operations")
    @Description("get, getNbi, g")
    public long getOps;

    @Label("Get Bytes")
    @DataAmount
    public long getBytes;

    @Label("Signal Updates")
    @Description("signalSet, signalAdd, and the signals of put-with-signal")
    public long signalOps;

    @Label("Atomic Operations")
    public long atomicOps;
}
