package io.ishmem.core.wait;

import io.ishmem.Cmp;
import io.ishmem.SymmetricSegment;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.observe.Observe;
import io.ishmem.core.observe.WaitEvent;
import io.ishmem.core.transport.Transport;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Waits and tests on a set of ints or longs of this PE's symmetric memory ({@link io.ishmem.WaitSets}): every
 * routine and element type through one path, which checks the arguments once, then makes passes of acquire loads
 * over the set through the transport of the segment's heap, idling by the runtime's {@link WaitStrategy} between
 * passes. A typed routine passes its layout as a constant, so once inlined the checks of the type fold away.
 */
public final class MultiWaits
{
    // a routine is numbered as WaitSets declares it: (test ? 6 : 0) + (vector ? 3 : 0) + mode
    private static final int ALL = 0;
    private static final int ANY = 1;
    private static final int SOME = 2;
    private static final int VECTOR = 3;
    private static final int TEST = 6;
    private static final int ROUTINES = 12;

    private static final int INT = 0;
    private static final int LONG = 1;

    /** The generic routine's name, by routine. */
    private static final String[] GENERIC = new String[ROUTINES];
    /** The typed routine's name, by routine and element kind (int, long), for messages. */
    private static final String[][] TYPED = new String[ROUTINES][];

    static
    {
        // made once, so that no call builds a name it may need for a message
        final String[] modes = {"All", "Any", "Some"};
        for (int routine = 0; routine < ROUTINES; routine++)
        {
            GENERIC[routine] = (routine >= TEST ? "test" : "waitUntil") + modes[routine % VECTOR] +
                (routine % TEST >= VECTOR ? "Vector" : "");
            TYPED[routine] = new String[] {GENERIC[routine] + "Int", GENERIC[routine] + "Long"};
        }
    }

    private final WaitStrategy waitStrategy;
    private final Liveness liveness;

    public MultiWaits(final WaitStrategy waitStrategy, final Liveness liveness)
    {
        this.waitStrategy = waitStrategy;
        this.liveness = liveness;
    }

    public void waitUntilAll(final ValueLayout type, final SymmetricSegment ivars, final long index, final int nelems,
        final int[] status, final Cmp cmp, final long value)
    {
        run(ALL, type, ivars, index, nelems, null, status, cmp, value, null);
    }

    public int waitUntilAny(final ValueLayout type, final SymmetricSegment ivars, final long index, final int nelems,
        final int[] status, final Cmp cmp, final long value)
    {
        return run(ANY, type, ivars, index, nelems, null, status, cmp, value, null);
    }

    public int waitUntilSome(final ValueLayout type, final SymmetricSegment ivars, final long index, final int nelems,
        final int[] indices, final int[] status, final Cmp cmp, final long value)
    {
        return run(SOME, type, ivars, index, nelems, indices, status, cmp, value, null);
    }

    public void waitUntilAllVector(final ValueLayout type, final SymmetricSegment ivars, final long index,
        final int nelems, final int[] status, final Cmp cmp, final Object values)
    {
        run(VECTOR + ALL, type, ivars, index, nelems, null, status, cmp, 0, values);
    }

    public int waitUntilAnyVector(final ValueLayout type, final SymmetricSegment ivars, final long index,
        final int nelems, final int[] status, final Cmp cmp, final Object values)
    {
        return run(VECTOR + ANY, type, ivars, index, nelems, null, status, cmp, 0, values);
    }

    public int waitUntilSomeVector(final ValueLayout type, final SymmetricSegment ivars, final long index,
        final int nelems, final int[] indices, final int[] status, final Cmp cmp, final Object values)
    {
        return run(VECTOR + SOME, type, ivars, index, nelems, indices, status, cmp, 0, values);
    }

    public boolean testAll(final ValueLayout type, final SymmetricSegment ivars, final long index, final int nelems,
        final int[] status, final Cmp cmp, final long value)
    {
        return run(TEST + ALL, type, ivars, index, nelems, null, status, cmp, value, null) != 0;
    }

    public int testAny(final ValueLayout type, final SymmetricSegment ivars, final long index, final int nelems,
        final int[] status, final Cmp cmp, final long value)
    {
        return run(TEST + ANY, type, ivars, index, nelems, null, status, cmp, value, null);
    }

    public int testSome(final ValueLayout type, final SymmetricSegment ivars, final long index, final int nelems,
        final int[] indices, final int[] status, final Cmp cmp, final long value)
    {
        return run(TEST + SOME, type, ivars, index, nelems, indices, status, cmp, value, null);
    }

    public boolean testAllVector(final ValueLayout type, final SymmetricSegment ivars, final long index,
        final int nelems, final int[] status, final Cmp cmp, final Object values)
    {
        return run(TEST + VECTOR + ALL, type, ivars, index, nelems, null, status, cmp, 0, values) != 0;
    }

    public int testAnyVector(final ValueLayout type, final SymmetricSegment ivars, final long index,
        final int nelems, final int[] status, final Cmp cmp, final Object values)
    {
        return run(TEST + VECTOR + ANY, type, ivars, index, nelems, null, status, cmp, 0, values);
    }

    public int testSomeVector(final ValueLayout type, final SymmetricSegment ivars, final long index,
        final int nelems, final int[] indices, final int[] status, final Cmp cmp, final Object values)
    {
        return run(TEST + VECTOR + SOME, type, ivars, index, nelems, indices, status, cmp, 0, values);
    }

    /**
     * @return All: 1 when every element of the set holds, else 0; Any: the index of one that holds, or -1;
     *         Some: how many indices it wrote.
     */
    private int run(final int routine, final ValueLayout type, final SymmetricSegment ivars, final long index,
        final int nelems, final int[] indices, final int[] status, final Cmp cmp, final long value,
        final Object values)
    {
        final int kind = kind(routine, type);
        final int size = kind == LONG ? Long.BYTES : Integer.BYTES;
        final String call = TYPED[routine][kind];
        final long at = setOffset(call, ivars, index, nelems, size);
        checkArguments(call, routine, kind, nelems, indices, status, cmp, values);
        final int[] intValues = values instanceof int[] ints ? ints : null;
        final long[] longValues = values instanceof long[] longs ? longs : null;
        // an int element is compared with the int in value's low 32 bits, as C compares two ints
        final long target = kind == INT ? (int)value : value;
        final int mode = routine % VECTOR;
        final Transport transport = SymmetricHeap.transportOf(ivars);
        // Any starts each call at a random element, so that a series of calls returns every element that holds,
        // as the specification asks, whichever calls come between them; All resumes where it stopped
        int from = mode == ANY && nelems > 1 ? ThreadLocalRandom.current().nextInt(nelems) : 0;
        int found = scan(transport, at, size, mode, from, nelems, indices, status, cmp, target, intValues, longValues);
        if (routine >= TEST || done(mode, found, nelems) || mode != ALL && empty(status, nelems))
        {
            return result(mode, found, nelems);
        }
        int idle = 0;
        final WaitEvent event = Observe.waitBegin();
        while (true)
        {
            from = mode == ALL ? found : from;
            idle = waitStrategy.idle(idle, liveness);
            // after a failed liveness probe too: the failed PE may have completed the wait before it failed
            found = scan(transport, at, size, mode, from, nelems, indices, status, cmp, target, intValues, longValues);
            if (done(mode, found, nelems))
            {
                Observe.waitEnd(event, call, at, nelems, cmp, target, false);
                return result(mode, found, nelems);
            }
            if (idle < 0)
            {
                throw liveness.failure(stuck(call, mode, cmp, target, values, found, nelems,
                    mode == ALL ? load(transport, at, size, found) : 0));
            }
        }
    }

    /**
     * One pass over the set, with nothing allocated. All tests from element {@code from} on and returns the first
     * that does not hold, or nelems; Any tests every element once, going round from {@code from}, and returns the
     * first that holds, or -1; Some tests every element and writes the index of each that holds into indices, in
     * increasing order, and returns how many.
     */
    private static int scan(final Transport transport, final long at, final int size, final int mode, final int from,
        final int nelems, final int[] indices, final int[] status, final Cmp cmp, final long value,
        final int[] intValues, final long[] longValues)
    {
        final int tests = mode == ALL ? nelems - from : nelems;
        int count = 0;
        for (int k = 0; k < tests; k++)
        {
            final int i = k < nelems - from ? from + k : k - (nelems - from);
            if (status != null && status[i] != 0)
            {
                continue;
            }
            final long target = intValues != null ? intValues[i] : longValues != null ? longValues[i] : value;
            final boolean holds = cmp.holds(load(transport, at, size, i), target);
            if (mode == ALL && !holds)
            {
                return i;
            }
            if (mode != ALL && holds)
            {
                if (mode == ANY)
                {
                    return i;
                }
                indices[count++] = i;
            }
        }
        return mode == ALL ? nelems : mode == ANY ? -1 : count;
    }

    private static long load(final Transport transport, final long at, final int size, final int i)
    {
        // acquire, as a wait on one word: what the writer did before the update that satisfies it is visible
        final long raw = transport.loadAcquire(at + (long)i * size, size);
        // an int comes back zero-extended: its sign is restored for a signed comparison
        return size == Integer.BYTES ? (int)raw : raw;
    }

    private static boolean done(final int mode, final int found, final int nelems)
    {
        return mode == ALL ? found == nelems : mode == ANY ? found >= 0 : found > 0;
    }

    private static int result(final int mode, final int found, final int nelems)
    {
        return mode == ALL ? (found == nelems ? 1 : 0) : found;
    }

    /** Whether status excludes every element: Any and Some would wait for ever on an empty set. */
    private static boolean empty(final int[] status, final int nelems)
    {
        if (status == null)
        {
            return nelems == 0;
        }
        for (int i = 0; i < nelems; i++)
        {
            if (status[i] == 0)
            {
                return false;
            }
        }
        return true;
    }

    /** The kind of element: the typed routines pass the canonical layouts, so identity tests, no loads from it. */
    private static int kind(final int routine, final ValueLayout type)
    {
        return type == ValueLayout.JAVA_LONG ? LONG : type == ValueLayout.JAVA_INT ? INT : kindOf(routine, type);
    }

    /** The kind of element for any other layout: one of an int or long carrier, in native byte order. */
    private static int kindOf(final int routine, final ValueLayout type)
    {
        if (type == null)
        {
            throw new NullPointerException(GENERIC[routine] + ": type is null");
        }
        final Class<?> carrier = type.carrier();
        if (carrier != int.class && carrier != long.class || type.order() != ByteOrder.nativeOrder())
        {
            throw new IllegalArgumentException(GENERIC[routine] + ": type=" + type + " is not JAVA_INT or JAVA_LONG: " +
                "a wait set holds int or long elements, in native byte order");
        }
        return carrier == long.class ? LONG : INT;
    }

    /** @return the heap offset of the set's first element, checked with the set: live, in range and aligned. */
    private long setOffset(final String call, final SymmetricSegment ivars, final long index, final int nelems,
        final int size)
    {
        // the segment first: a freed one, or any after close, is refused for that whatever the other arguments
        final long base = SymmetricHeap.rangeOffset(call, "ivars", ivars, 0, 0);
        if (nelems < 0)
        {
            throw new IllegalArgumentException(call + ": nelems=" + nelems + " is negative");
        }
        final long elements = ivars.byteSize() / size;
        if (index < 0 || index > elements - nelems)
        {
            throw outside(call, index, nelems, elements, size);
        }
        final long at = base + index * size;
        if ((at & (size - 1)) != 0)
        {
            throw Waits.misaligned(call, "ivars", index, at, size);
        }
        return at;
    }

    private static void checkArguments(final String call, final int routine, final int kind, final int nelems,
        final int[] indices, final int[] status, final Cmp cmp, final Object values)
    {
        if (cmp == null)
        {
            throw Waits.nullCmp(call);
        }
        if (status != null && status.length < nelems)
        {
            throw shorter(call, "status", status.length, nelems);
        }
        if (routine % VECTOR == SOME)
        {
            if (indices == null)
            {
                throw new NullPointerException(call + ": indices is null");
            }
            if (indices.length < nelems)
            {
                throw shorter(call, "indices", indices.length, nelems);
            }
        }
        if (routine % TEST >= VECTOR)
        {
            final int length = kind == INT && values instanceof int[] ints ? ints.length :
                kind == LONG && values instanceof long[] longs ? longs.length : -1;
            if (length < nelems)
            {
                throw badValues(call, kind, values, length, nelems);
            }
        }
    }

    // built out of line, so that every checked call path stays small enough for the JIT to inline

    private static IndexOutOfBoundsException outside(final String call, final long index, final int nelems,
        final long elements, final int size)
    {
        return new IndexOutOfBoundsException(call + ": ivars index=" + index + (index < 0 ? " is negative" :
            " + nelems=" + nelems + " is past the end: the segment holds " + elements +
                (size == Long.BYTES ? " longs" : " ints")));
    }

    private static IndexOutOfBoundsException shorter(final String call, final String name, final int length,
        final int nelems)
    {
        return new IndexOutOfBoundsException(call + ": " + name + " has " + length +
            (length == 1 ? " element" : " elements") + ", fewer than nelems=" + nelems);
    }

    private static RuntimeException badValues(final String call, final int kind, final Object values,
        final int length, final int nelems)
    {
        final String wanted = kind == INT ? "int[]" : "long[]";
        if (values == null)
        {
            return new NullPointerException(call + ": values is null");
        }
        if (length < 0)
        {
            return new IllegalArgumentException(call + ": values is a " + values.getClass().getSimpleName() +
                ", not the " + wanted + " that " + (kind == INT ? "int" : "long") + " elements are compared with");
        }
        return shorter(call, "values", length, nelems);
    }

    /** What a wait that a failure ended was waiting for, for the failure's message. */
    private static String stuck(final String call, final int mode, final Cmp cmp, final long value, final Object values,
        final int element, final int nelems, final long seen)
    {
        if (mode != ALL)
        {
            return call + "(" + cmp + " " + (values == null ? Long.toString(value) : "values[i]") + " on nelems=" +
                nelems + " elements, none seen to hold)";
        }
        final String target = values == null ? Long.toString(value) : "values[" + element + "]=" +
            (values instanceof int[] ints ? ints[element] : ((long[])values)[element]);
        return call + "(" + cmp + " " + target + ", element " + element + " of nelems=" + nelems + " last seen " +
            seen + ")";
    }
}
