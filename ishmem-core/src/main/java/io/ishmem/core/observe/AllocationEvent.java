package io.ishmem.core.observe;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** A collective malloc, calloc, align or free, its agreement included. */
@Name("ishmem.Allocation")
@Label("ishmem Allocation")
@Category("ishmem")
@Description("malloc, calloc, align or free of symmetric memory (collective: the duration includes the agreement)")
@StackTrace(true)
public final class AllocationEvent extends jdk.jfr.Event
{
    @Label("Call")
    public String call;

    @Label("Bytes")
    @DataAmount
    public long bytes;

    @Label("Heap Offset")
    public long heapOffset;

    @Label("Heap Used After")
    @DataAmount
    public long heapUsed;

    @Label("Heap Size")
    @DataAmount
    public long heapSize;

    @Label("Device Heap")
    public boolean device;
}
