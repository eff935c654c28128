package io.ishmem.core;

import io.ishmem.AmoOp;
import io.ishmem.ReduceOp;
import io.ishmem.ReduceType;
import io.ishmem.Cmp;
import io.ishmem.Context;
import io.ishmem.Ishmem;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import io.ishmem.TeamConfig;
import io.ishmem.junit.MultiPeTest;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The javadoc of {@link Ishmem}: after {@code close()} every method throws {@link IllegalStateException}.
 * Every method of the interface is called after close with arguments that would be valid before it (each
 * segment argument its own live segment, PE 0, index 0), so a method that skips the check shows up as one
 * that returns, or that fails in another way.
 */
class AfterCloseMultiPeTest
{
    @MultiPeTest(pes = 2)
    void shouldThrowIllegalStateFromEveryMethodAfterClose(final Ishmem shmem) throws Exception
    {
        final List<SymmetricSegment> segments = new ArrayList<>();
        for (int i = 0; i < 8; i++)
        {
            segments.add(shmem.calloc(8, ValueLayout.JAVA_LONG));
        }
        final Team world = shmem.teamWorld();
        shmem.close();
        // closing twice is allowed, as AutoCloseable recommends
        shmem.close();

        try (Arena arena = Arena.ofConfined())
        {
            final List<String> wrong = refusals(Ishmem.class, shmem, segments, arena.allocate(64, 8), world, "closed",
                50);
            assertEquals(List.of(), wrong, "methods that did not throw IllegalStateException after close");
        }
    }

    /**
     * Calls every method of {@code type} but the static ones and {@code close} on {@code receiver}, with
     * {@link #arguments}, expecting each to throw {@link IllegalStateException} saying {@code said}.
     *
     * @param atLeast fewer methods than this fail the test: the interface was not what was meant.
     * @return each method that returned or threw something else, with what it did.
     */
    static List<String> refusals(final Class<?> type, final Object receiver, final List<SymmetricSegment> segments,
        final MemorySegment local, final Team world, final String said, final int atLeast) throws Exception
    {
        final List<String> wrong = new ArrayList<>();
        int called = 0;
        for (final Method method : type.getMethods())
        {
            if (Modifier.isStatic(method.getModifiers()) || method.getName().equals("close"))
            {
                continue;
            }
            called++;
            try
            {
                method.invoke(receiver, arguments(method, segments, local, world));
                wrong.add(receiver + "." + method.getName() + " returned");
            }
            catch (final InvocationTargetException ex)
            {
                final Throwable cause = ex.getCause();
                if (!(cause instanceof IllegalStateException) || !cause.getMessage().contains(said))
                {
                    wrong.add(receiver + "." + method.getName() + " threw " + cause);
                }
            }
        }
        assertTrue(called > atLeast, "only " + called + " methods called");
        return wrong;
    }

    /**
     * Close destroys every context (after an implicit quiet): each method of a context made before close, and of
     * the default context's object, throws {@link IllegalStateException} saying so; close does nothing.
     */
    @MultiPeTest(pes = 2)
    void shouldThrowIllegalStateFromEveryContextMethodAfterClose(final Ishmem shmem) throws Exception
    {
        final List<SymmetricSegment> segments = new ArrayList<>();
        for (int i = 0; i < 4; i++)
        {
            segments.add(shmem.calloc(8, ValueLayout.JAVA_LONG));
        }
        final Team world = shmem.teamWorld();
        final Team team = world.splitStrided(0, 1, shmem.nPes(), new TeamConfig(1), TeamConfig.NUM_CONTEXTS);
        final List<Context> contexts = List.of(shmem.createContext(Context.PRIVATE), team.createContext(0),
            shmem.defaultContext());
        contexts.get(0).pLong(segments.get(0), 0, 1, 1 - shmem.myPe());
        shmem.close();

        final List<String> wrong = new ArrayList<>();
        for (final Context context : contexts)
        {
            wrong.addAll(refusals(Context.class, context, segments, MemorySegment.ofArray(new long[8]), world,
                "closed", 100));
        }
        contexts.get(0).close();
        contexts.get(1).close();
        assertEquals(List.of(), wrong, "context methods that did not throw IllegalStateException after close");
    }

    /**
     * Arguments that would be valid before close: each segment argument its own live segment, PE 0, index 0.
     */
    static Object[] arguments(final Method method, final List<SymmetricSegment> segments,
        final MemorySegment local, final Team world)
    {
        final Class<?>[] types = method.getParameterTypes();
        final Object[] args = new Object[types.length];
        int segment = 0;
        for (int i = 0; i < types.length; i++)
        {
            final Class<?> type = types[i];
            if (type == SymmetricSegment.class)
            {
                args[i] = segments.get(segment++);
            }
            else if (type == MemorySegment.class)
            {
                args[i] = local;
            }
            else if (type == long.class)
            {
                args[i] = method.getName().startsWith("malloc") || method.getName().startsWith("align") ||
                    method.getName().startsWith("calloc") ? 8L : 0L;
            }
            else if (type == int.class)
            {
                args[i] = 0;
            }
            else if (type == byte.class)
            {
                args[i] = (byte)0;
            }
            else if (type == short.class)
            {
                args[i] = (short)0;
            }
            else if (type == char.class)
            {
                args[i] = (char)0;
            }
            else if (type == float.class)
            {
                args[i] = 0f;
            }
            else if (type == double.class)
            {
                args[i] = 0d;
            }
            else if (type == boolean.class)
            {
                args[i] = false;
            }
            else if (type == Cmp.class)
            {
                args[i] = Cmp.EQ;
            }
            else if (type == AmoOp.class)
            {
                args[i] = AmoOp.FETCH_ADD;
            }
            else if (type == ReduceOp.class)
            {
                args[i] = ReduceOp.SUM;
            }
            else if (type == ReduceType.class)
            {
                args[i] = ReduceType.LONG;
            }
            else if (type == ValueLayout.class)
            {
                args[i] = ValueLayout.JAVA_LONG;
            }
            else if (type == SignalOp.class)
            {
                args[i] = SignalOp.SET;
            }
            else if (type == MemoryLayout.class)
            {
                args[i] = ValueLayout.JAVA_LONG;
            }
            else if (type == Team.class)
            {
                args[i] = world;
            }
            else if (type.isArray())
            {
                // the typed array forms: put(long[], ...), get(char[], ...) and the like
                args[i] = java.lang.reflect.Array.newInstance(type.getComponentType(), 8);
            }
            else if (type == Object.class)
            {
                // the values of a generic vector wait, here of JAVA_LONG elements
                args[i] = new long[8];
            }
            else if (type == TeamConfig.class)
            {
                args[i] = TeamConfig.DEFAULT;
            }
            else
            {
                throw new AssertionError(method + ": no argument for a " + type.getName());
            }
        }
        // an alignment must be a power of two
        if (method.getName().equals("align"))
        {
            args[0] = 64L;
        }
        return args;
    }
}
