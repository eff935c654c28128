package io.ishmem.core.robustness;

import io.ishmem.AmoOp;
import io.ishmem.ReduceOp;
import io.ishmem.ReduceType;
import io.ishmem.Cmp;
import io.ishmem.SignalOp;
import io.ishmem.TeamConfig;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * One generated argument: a plain value, or a symbol for an object that only exists at call time (a fresh
 * symmetric segment, a segment of a closed arena). {@link #invalid} says whether the value breaks a rule that
 * every routine must enforce: a null, a PE outside the job, a negative size, offset or index.
 *
 * @param symbol  what to pass, resolved by {@link Fixtures#resolve}.
 * @param value   the value itself for primitives and constants, else null.
 * @param invalid whether every routine must refuse it.
 */
record Arg(Symbol symbol, Object value, boolean invalid)
{
    /** What an argument stands for. */
    enum Symbol
    {
        VALUE, NULL,
        SEGMENT, FRESH_SEGMENT,
        NATIVE, HEAP, CLOSED, READ_ONLY,
        ALL_EXCLUDED,
        WORLD, SHARED,
        NO_FUTURES, DONE_FUTURE, NULL_FUTURE
    }

    private static final long[] POSITIONS = {Long.MIN_VALUE, -1, 0, 1, 7, 8, 9, 63, 64, 65, 4096, Long.MAX_VALUE};
    private static final int[] INT_POSITIONS = {Integer.MIN_VALUE, -1, 0, 1, 7, 8, 9, Integer.MAX_VALUE};
    private static final long[] VALUES = {Long.MIN_VALUE, -1, 0, 1, 42, Long.MAX_VALUE};
    private static final int[] PES = {Integer.MIN_VALUE, -1, 0, 1, 2, Integer.MAX_VALUE};
    /**
     * Numbers that are data, or that the spec lets take any value: never "invalid". A config mask's unknown bits
     * are refused by a split and ignored by {@code config(mask, base)}, as its javadoc says.
     */
    private static final Set<String> FREE_NUMBERS = Set.of("value", "signal", "stride", "srcPe", "mask", "configMask",
        "xMask", "yMask", "cond", "compare");

    @Override
    public String toString()
    {
        return symbol == Symbol.VALUE ? String.valueOf(value instanceof Object[] array ? List.of(array) : value) :
            symbol.name();
    }

    /**
     * @param parameter a parameter of a public API method.
     * @param nPes      PEs in the job.
     * @return every value to try for it.
     */
    static List<Arg> choicesFor(final Parameter parameter, final int nPes)
    {
        final Class<?> type = parameter.getType();
        final String name = parameter.getName();
        final List<Arg> choices = new ArrayList<>();
        if (type == long.class)
        {
            final boolean free = FREE_NUMBERS.contains(name);
            for (final long v : free ? VALUES : POSITIONS)
            {
                choices.add(new Arg(Symbol.VALUE, v, !free && v < 0));
            }
        }
        else if (type == int.class && name.equals("pe"))
        {
            for (final int v : PES)
            {
                choices.add(new Arg(Symbol.VALUE, v, v < 0 || v >= nPes));
            }
        }
        else if (type == int.class)
        {
            final boolean free = FREE_NUMBERS.contains(name);
            for (final int v : INT_POSITIONS)
            {
                choices.add(new Arg(Symbol.VALUE, v, !free && v < 0));
            }
        }
        else if (type == byte.class || type == short.class || type == char.class || type == float.class ||
            type == double.class)
        {
            choices.add(new Arg(Symbol.VALUE, sample(type), false));
        }
        else if (type == io.ishmem.SymmetricSegment.class)
        {
            choices.addAll(List.of(nullArg(), symbol(Symbol.SEGMENT), symbol(Symbol.FRESH_SEGMENT)));
        }
        else if (type == java.lang.foreign.MemorySegment.class)
        {
            choices.addAll(List.of(nullArg(), symbol(Symbol.NATIVE), symbol(Symbol.HEAP), symbol(Symbol.CLOSED),
                symbol(Symbol.READ_ONLY)));
        }
        else if (type == ValueLayout.class)
        {
            choices.add(nullArg());
            for (final ValueLayout layout : List.of(ValueLayout.JAVA_BYTE, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG,
                ValueLayout.JAVA_FLOAT, ValueLayout.JAVA_DOUBLE))
            {
                choices.add(new Arg(Symbol.VALUE, layout, false));
            }
        }
        else if (type == MemoryLayout.class)
        {
            choices.add(nullArg());
            for (final MemoryLayout layout : List.of(ValueLayout.JAVA_BYTE, ValueLayout.JAVA_LONG, ValueLayout.JAVA_DOUBLE,
                MemoryLayout.sequenceLayout(3, ValueLayout.JAVA_INT)))
            {
                choices.add(new Arg(Symbol.VALUE, layout, false));
            }
        }
        else if (type == int[].class && name.equals("status"))
        {
            // a wait set's mask: null includes every element, so it is not invalid; all ones excludes every one
            choices.add(new Arg(Symbol.NULL, null, false));
            choices.add(new Arg(Symbol.VALUE, type, false));
            choices.add(symbol(Symbol.ALL_EXCLUDED));
        }
        else if (type == Object.class && name.equals("values"))
        {
            // the generic vector waits' values: an int[] or long[] as the layout says; never an array of neither
            choices.add(nullArg());
            choices.add(new Arg(Symbol.VALUE, int[].class, false));
            choices.add(new Arg(Symbol.VALUE, long[].class, false));
            choices.add(new Arg(Symbol.VALUE, double[].class, true));
        }
        else if (type.isArray() && type.getComponentType().isPrimitive())
        {
            choices.add(nullArg());
            choices.add(new Arg(Symbol.VALUE, type, false));
        }
        else if (type == Cmp.class || type == SignalOp.class || type == AmoOp.class || type == ReduceOp.class ||
            type == ReduceType.class)
        {
            choices.add(nullArg());
            for (final Object constant : type.getEnumConstants())
            {
                choices.add(new Arg(Symbol.VALUE, constant, false));
            }
        }
        else if (type == TeamConfig.class)
        {
            // a null config is how the C API says "none", so it is not invalid by itself
            choices.add(new Arg(Symbol.NULL, null, false));
            choices.add(new Arg(Symbol.VALUE, new TeamConfig(0), false));
            choices.add(new Arg(Symbol.VALUE, new TeamConfig(1), false));
        }
        else if (type == io.ishmem.Team.class)
        {
            choices.addAll(List.of(nullArg(), symbol(Symbol.WORLD), symbol(Symbol.SHARED)));
        }
        else if (type == CompletableFuture[].class)
        {
            choices.addAll(List.of(nullArg(), symbol(Symbol.NO_FUTURES), symbol(Symbol.DONE_FUTURE),
                new Arg(Symbol.NULL_FUTURE, null, true)));
        }
        else
        {
            throw new IllegalStateException("no values to try for " + type.getName() + " " + name + " of " +
                parameter.getDeclaringExecutable() + ": add them here");
        }
        return choices;
    }

    private static Arg nullArg()
    {
        return new Arg(Symbol.NULL, null, true);
    }

    private static Arg symbol(final Symbol symbol)
    {
        return new Arg(symbol, null, false);
    }

    private static Object sample(final Class<?> type)
    {
        if (type == byte.class)
        {
            return (byte)-7;
        }
        if (type == short.class)
        {
            return (short)-300;
        }
        if (type == char.class)
        {
            return '\uFFFF';
        }
        return type == float.class ? Float.NaN : (Object)Double.NEGATIVE_INFINITY;
    }
}
