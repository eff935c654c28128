package io.ishmem.core.atomic;

import io.ishmem.AmoOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.core.heap.LocalRange;
import io.ishmem.core.heap.SymmetricHeap;
import io.ishmem.core.observe.AtomicEvent;
import io.ishmem.core.observe.Observe;
import io.ishmem.core.observe.Traffic;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The atomic memory operations: every operation and element type through one path, which checks the
 * arguments once and hands a word's offset, width and operand bits to the transport of the segment's heap.
 * A typed routine passes its operation and layout as constants, so once inlined the checks of the type fold
 * away and the transport keeps one branch.
 */
public final class AtomicOps
{
    private static final int INT = 0;
    private static final int LONG = 1;
    private static final int FLOAT = 2;
    private static final int DOUBLE = 3;

    /** The typed routine's name, by operation and word kind (int, long, float, double), for messages. */
    private static final String[][] ROUTINES = new String[AmoOp.values().length][];
    /** How the non-blocking form names itself in messages, by operation. */
    private static final String[] NBI_CALLS = new String[AmoOp.values().length];

    static
    {
        // made once, so that no call builds a name it may need for a message
        for (final AmoOp op : AmoOp.values())
        {
            ROUTINES[op.ordinal()] = new String[] {op.callName() + "Int", op.callName() + "Long",
                op.callName() + "Float", op.callName() + "Double"};
            NBI_CALLS[op.ordinal()] = "atomicNbi(" + op + ")";
        }
    }

    private final SymmetricHeap heap;

    public AtomicOps(final SymmetricHeap heap)
    {
        this.heap = heap;
    }

    public long atomic(final AmoOp op, final ValueLayout type, final SymmetricSegment dest, final long index,
        final long value, final long compare, final int pe)
    {
        if (op == null)
        {
            throw new NullPointerException("atomic: op is null");
        }
        final int kind = kind(op, type);
        final int size = size(kind);
        long at = SymmetricHeap.elementOffsetIfValid(dest, index, size);
        if (at < 0 || !heap.validPe(pe))
        {
            // the checks again, this time with the routine's name for the message (built off the hot path)
            final String routine = ROUTINES[op.ordinal()][kind];
            at = SymmetricHeap.elementOffset(routine, op == AmoOp.FETCH ? "src" : "dest", dest, index, size);
            SymmetricHeap.checkPe(routine, dest, pe);
        }
        final AtomicEvent event = Observe.atomicBegin();
        final long old = SymmetricHeap.transportOf(dest).atomic(op, pe, at, size, value, compare);
        if (event != null)
        {
            Observe.atomicEnd(event, op, pe, at, size);
        }
        if (Traffic.ENABLED)
        {
            Traffic.atomic(pe);
        }
        return fetches(op) ? old : 0;
    }

    /** {@link AmoOp#fetches()} as identity tests, which fold for a constant op where a field load would not. */
    private static boolean fetches(final AmoOp op)
    {
        return !(op == AmoOp.ADD || op == AmoOp.INC || op == AmoOp.SET || op == AmoOp.AND || op == AmoOp.OR ||
            op == AmoOp.XOR);
    }

    /**
     * The non-blocking form of a fetching operation. Host heaps complete it at once: the old value is in
     * {@code fetch} when this returns, which {@code quiet} then trivially guarantees.
     */
    public void atomicNbi(final AmoOp op, final ValueLayout type, final MemorySegment fetch,
        final SymmetricSegment dest, final long index, final long value, final long compare, final int pe)
    {
        if (op == null)
        {
            throw new NullPointerException("atomicNbi: op is null");
        }
        if (!op.fetches())
        {
            throw new IllegalArgumentException("atomicNbi: op=" + op + " fetches nothing, so it has no " +
                "non-blocking form: call atomic, which completes it");
        }
        final int size = size(kind(op, type));
        // the word is not touched unless its old value can be stored
        final String call = NBI_CALLS[op.ordinal()];
        LocalRange.check(call, "fetch", fetch, 0, size);
        if (fetch.isReadOnly() || !fetch.scope().isAlive() || !fetch.isAccessibleBy(Thread.currentThread()))
        {
            throw LocalRange.unusable(call, "fetch", fetch, new IllegalStateException("fetch cannot be written"));
        }
        final long old = atomic(op, type, dest, index, value, compare, pe);
        try
        {
            if (size == Long.BYTES)
            {
                fetch.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, old);
            }
            else
            {
                fetch.set(ValueLayout.JAVA_INT_UNALIGNED, 0, (int)old);
            }
        }
        catch (final IllegalStateException | WrongThreadException ex)
        {
            throw LocalRange.unusable(call, "fetch", fetch, ex);
        }
    }

    /** The kind of word: the typed routines pass the canonical layouts, so identity tests, no loads from it. */
    private static int kind(final AmoOp op, final ValueLayout type)
    {
        return type == ValueLayout.JAVA_LONG ? LONG : type == ValueLayout.JAVA_INT ? INT :
            type == ValueLayout.JAVA_DOUBLE && op.kind() == AmoOp.Kind.ANY ? DOUBLE :
            type == ValueLayout.JAVA_FLOAT && op.kind() == AmoOp.Kind.ANY ? FLOAT : kindOf(op, type);
    }

    private static int size(final int kind)
    {
        return kind == LONG || kind == DOUBLE ? Long.BYTES : Integer.BYTES;
    }

    /** The kind of word for any other layout the operation is defined for: one that equals a canonical one. */
    private static int kindOf(final AmoOp op, final ValueLayout type)
    {
        if (type == null)
        {
            throw new NullPointerException("atomic(" + op + "): type is null");
        }
        final Class<?> carrier = type.carrier();
        final boolean integer = carrier == int.class || carrier == long.class;
        if (!integer && carrier != float.class && carrier != double.class || type.order() != ByteOrder.nativeOrder())
        {
            throw notAmoType(op, type);
        }
        if (!integer && op.kind() == AmoOp.Kind.INTEGER)
        {
            throw new IllegalArgumentException("atomic(" + op + "): type=" + type + " is not an integer type: " +
                op.name() + " is defined for JAVA_INT and JAVA_LONG (the standard and bitwise AMO types)");
        }
        return carrier == long.class ? LONG : carrier == int.class ? INT : carrier == double.class ? DOUBLE : FLOAT;
    }

    private static IllegalArgumentException notAmoType(final AmoOp op, final ValueLayout type)
    {
        return new IllegalArgumentException("atomic(" + op + "): type=" + type + " is not an AMO type: give " +
            "JAVA_INT or JAVA_LONG" + (op.kind() == AmoOp.Kind.ANY ? ", JAVA_FLOAT or JAVA_DOUBLE" : "") +
            " in native byte order");
    }
}
