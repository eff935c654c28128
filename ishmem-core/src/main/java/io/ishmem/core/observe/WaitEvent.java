package io.ishmem.core.observe;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A point-to-point wait that blocked: waitUntil*, the waits on a set of words, signalWaitUntil. A wait on one word
 * begins its event after its first batch of spins (some 1,000 loads, 20 us on the project's VM), which it makes where
 * it was called, with no event to begin, so that the batch stays small enough to inline there.
 */
@Name("ishmem.Wait")
@Label("ishmem Wait")
@Category("ishmem")
@Description("A wait on symmetric memory that did not hold within its first spins: the time blocked after them, " +
    "the word and the condition")
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
