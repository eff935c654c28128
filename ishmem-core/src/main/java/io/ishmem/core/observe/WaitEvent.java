package io.ishmem.core.observe;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** A point-to-point wait that blocked: waitUntil*, the waits on a set of words, signalWaitUntil. */
@Name("ishmem.Wait")
@Label("ishmem Wait")
@Category("ishmem")
@Description("A wait on symmetric memory that did not hold at once: the time blocked, the word and the condition")
@StackTrace(true)
public final class WaitEvent extends jdk.jfr.Event
{
    @Label("Call")
    public String call;

    @Label("Heap Offset")
    @Description("Heap offset of the word (of the first element for a set)")
    public long heapOffset;

    @Label("Elements")
    public int nelems;

    @Label("Condition")
    @Description("The comparison and the value waited for, e.g. GE 5")
    public String condition;
}
