package io.ishmem.core.observe;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * An atomic memory operation. Each is one event, so ishmem.jfc records only those above a threshold (a contended
 * or remote word); the per-target counts of all of them are in {@link TrafficEvent}.
 */
@Name("ishmem.Atomic")
@Label("ishmem Atomic")
@Category("ishmem")
@Description("An atomic memory operation (ishmem.jfc keeps those above its threshold)")
@StackTrace(false)
public final class AtomicEvent extends jdk.jfr.Event
{
    @Label("Operation")
    public String op;

    @Label("Target PE")
    public int targetPe;

    @Label("Heap Offset")
    public long heapOffset;

    @Label("Bytes")
    public int bytes;
}
