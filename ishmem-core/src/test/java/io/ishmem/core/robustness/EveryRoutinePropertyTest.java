package io.ishmem.core.robustness;

import io.ishmem.Cmp;
import io.ishmem.Context;
import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The adversarial suite (issue 17): every public routine of {@link Ishmem}, {@link Team} and {@link Context} (a
 * context of the world team, created for the suite), called with boundary
 * values (nulls, PEs outside the job, negative and huge offsets and sizes, closed, read-only and heap segments,
 * every layout kind) in a job of one PE in this JVM. Every call must do its work or be refused at the call with
 * a message that names the routine and an argument; none may accept a null, a negative size or a PE outside
 * the job, hang, fail later in a future, or write outside what it was given. {@code target/robustness.txt}
 * gets the counts per routine, which {@code docs/robustness.md} quotes.
 */
class EveryRoutinePropertyTest
{
    private static final int TRIES = 30_000;
    private static final long CALL_LIMIT_MS = 10_000;
    private static final Set<String> NEVER_CALLED = Set.of("close", "destroy", "init");

    private static ExecutorService worker;
    private static Fixtures fixtures;
    private static List<Routine> routines;
    private static Map<String, Set<String>> routineNames;
    private static final Map<String, EnumMap<Verdict, Integer>> COUNTS = new TreeMap<>();

    /** A routine and the object it is called on. */
    record Routine(Class<?> receiver, Method method)
    {
        @Override
        public String toString()
        {
            return receiver.getSimpleName() + "." + method.getName() + Arrays.stream(method.getParameters())
                .map(p -> p.getType().getSimpleName()).collect(Collectors.joining(", ", "(", ")"));
        }
    }

    /** One generated call. */
    record Call(Routine routine, List<Arg> args)
    {
        boolean invalid()
        {
            return args.stream().anyMatch(Arg::invalid);
        }

        @Override
        public String toString()
        {
            return routine.receiver().getSimpleName() + "." + routine.method().getName() + args;
        }
    }

    @BeforeContainer
    static void startAJobOfOnePe() throws Exception
    {
        // no warm-up: this job exists to be abused, not measured
        System.setProperty("ishmem.warmup", "off");
        worker = Executors.newSingleThreadExecutor(runnable -> Thread.ofPlatform().daemon().name("abuser")
            .unstarted(runnable));
        fixtures = worker.submit(() -> new Fixtures(Ishmem.init())).get();
        routines = Stream.of(routinesOf(Ishmem.class), routinesOf(Team.class), routinesOf(Context.class))
            .flatMap(s -> s).toList();
        routineNames = routines.stream().collect(Collectors.groupingBy(r -> r.method().getName(),
            Collectors.flatMapping(r -> Arrays.stream(r.method().getParameters()).map(Parameter::getName),
                Collectors.toSet())));
    }

    private static Stream<Routine> routinesOf(final Class<?> type)
    {
        return Arrays.stream(type.getMethods())
            // the type's own routines and those it inherits from the API (Atomics), not AutoCloseable's
            .filter(m -> m.getDeclaringClass().getPackageName().equals("io.ishmem") &&
                !Modifier.isStatic(m.getModifiers()) &&
                !NEVER_CALLED.contains(m.getName()))
            .sorted(Comparator.comparing(Method::toGenericString))
            .map(m -> new Routine(type, m));
    }

    @AfterContainer
    static void reportAndClose() throws Exception
    {
        final StringBuilder report = new StringBuilder("routine");
        for (final Verdict verdict : Verdict.values())
        {
            report.append('\t').append(verdict.name().toLowerCase());
        }
        report.append('\n');
        final int[] totals = new int[Verdict.values().length];
        COUNTS.forEach((routine, counts) ->
        {
            report.append(routine);
            for (final Verdict verdict : Verdict.values())
            {
                final int n = counts.getOrDefault(verdict, 0);
                totals[verdict.ordinal()] += n;
                report.append('\t').append(n);
            }
            report.append('\n');
        });
        report.append("all ").append(routines.size()).append(" routines");
        for (final int total : totals)
        {
            report.append('\t').append(total);
        }
        report.append('\n');
        writeReport(report.toString());
        worker.submit(() ->
        {
            // the job is still whole after everything it was put through
            fixtures.shmem.barrierAll();
            fixtures.shmem.close();
            return null;
        }).get(CALL_LIMIT_MS, TimeUnit.MILLISECONDS);
        worker.shutdown();
    }

    private static void writeReport(final String report) throws IOException
    {
        final Path target = Path.of("target");
        if (Files.isDirectory(target))
        {
            Files.writeString(target.resolve("robustness.txt"), report);
        }
        System.out.print(report);
    }

    @Provide
    Arbitrary<Call> calls()
    {
        return Arbitraries.of(routines).flatMap(routine ->
        {
            if (routine.method().getParameterCount() == 0)
            {
                return Arbitraries.just(new Call(routine, List.of()));
            }
            final List<Arbitrary<Arg>> perParameter = new ArrayList<>();
            for (final var parameter : routine.method().getParameters())
            {
                // mostly valid values, so that calls valid in every argument are common enough to check too
                final List<Arg> all = Arg.choicesFor(parameter, fixtures.shmem.nPes());
                final List<Arg> valid = all.stream().filter(arg -> !arg.invalid()).toList();
                perParameter.add(Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.of(valid)),
                    Tuple.of(1, Arbitraries.of(all))));
            }
            return Combinators.combine(perParameter).as(args -> new Call(routine, List.copyOf(args)));
        });
    }

    @Property(tries = TRIES)
    void everyCallDoesItsWorkOrIsRefusedClearly(@ForAll("calls") final Call call) throws Exception
    {
        Outcome outcome;
        try
        {
            // a blocking routine must not block the suite: the call runs on the worker, given up after the limit
            outcome = worker.submit(() -> run(call)).get(CALL_LIMIT_MS, TimeUnit.MILLISECONDS);
        }
        catch (final TimeoutException ex)
        {
            outcome = new Outcome(Verdict.HUNG, "no return within " + CALL_LIMIT_MS + " ms");
        }
        COUNTS.computeIfAbsent(call.routine().method().getName(), name -> new EnumMap<>(Verdict.class))
            .merge(outcome.verdict(), 1, Integer::sum);
        final Outcome seen = outcome;
        assertTrue(seen.verdict().good(), () -> seen.verdict() + ": " + call + " -> " + seen.detail());
    }

    /** How a call ended and what it said. */
    record Outcome(Verdict verdict, String detail)
    {
    }

    private static Outcome run(final Call call) throws Exception
    {
        final Method method = call.routine().method();
        final Class<?> type = call.routine().receiver();
        final Object receiver = type == Team.class ? fixtures.shmem.teamWorld() : type == Context.class ?
            fixtures.context() : fixtures.shmem;
        final Object[] args = new Object[call.args().size()];
        for (int i = 0; i < args.length; i++)
        {
            // free gets a segment of its own: the shared one must outlive the call
            final Arg arg = call.args().get(i);
            args[i] = fixtures.resolve(method.getName().equals("free") && arg.symbol() == Arg.Symbol.SEGMENT ?
                new Arg(Arg.Symbol.FRESH_SEGMENT, null, false) : arg);
        }
        endWaitsAtOnce(method, args);
        Object result = null;
        Verdict verdict;
        String detail;
        try
        {
            result = method.invoke(receiver, args);
            verdict = call.invalid() ? Verdict.ACCEPTED_INVALID : Verdict.ACCEPTED;
            detail = "returned " + result;
            if (result instanceof CompletableFuture<?> future)
            {
                try
                {
                    future.get(CALL_LIMIT_MS, TimeUnit.MILLISECONDS);
                }
                catch (final ExecutionException ex)
                {
                    verdict = Verdict.FAILED_LATE;
                    detail = "the future failed: " + ex.getCause();
                }
            }
        }
        catch (final TimeoutException ex)
        {
            return new Outcome(Verdict.HUNG, "the future did not complete within " + CALL_LIMIT_MS + " ms");
        }
        catch (final InvocationTargetException ex)
        {
            verdict = Verdict.ofRefusal(method, ex.getCause(), routineNames);
            detail = String.valueOf(ex.getCause());
        }
        fixtures.tidy(method.getName().equals("free") ? args[0] : null, result);
        final String damage = fixtures.canaryDamage();
        return damage == null ? new Outcome(verdict, detail) : new Outcome(Verdict.CORRUPTED, damage + "; " + detail);
    }

    /**
     * A wait with valid arguments on a job of one PE ends only if its condition already holds: pick the value
     * that makes it hold for what the word holds now, or for a wait on a set of words ({@code waitUntilAll} and
     * its siblings) a value that every word of the set satisfies, in each element of a vector of values. Where no
     * value does (EQ over unequal words, GT over the least value there is, LT over the greatest) the comparison
     * becomes one that some value satisfies. Invalid arguments are left as they are, to be refused.
     */
    private static void endWaitsAtOnce(final Method method, final Object[] args)
    {
        final String name = method.getName();
        if (!name.startsWith("waitUntil") && !name.startsWith("signalWaitUntil"))
        {
            return;
        }
        final List<Class<?>> types = Arrays.asList(method.getParameterTypes());
        final int ivarAt = types.indexOf(SymmetricSegment.class);
        final int cmpAt = types.indexOf(Cmp.class);
        // a wait on a set has a status array; its generic form a layout before the segment
        final boolean set = types.contains(int[].class);
        final Class<?> carrier = ivarAt == 0 ? (name.endsWith("Int") ? int.class : long.class) :
            args[0] instanceof ValueLayout layout ? layout.carrier() : null;
        if (!(args[ivarAt] instanceof SymmetricSegment ivar) || args[cmpAt] == null ||
            carrier != int.class && carrier != long.class)
        {
            return;
        }
        final boolean ints = carrier == int.class;
        final long index = set || cmpAt == ivarAt + 2 ? (long)args[ivarAt + 1] : 0;
        final int count = set ? (int)args[ivarAt + 2] : 1;
        final long width = ints ? 4 : 8;
        if (index < 0 || count <= 0 || index > ivar.byteSize() / width - count)
        {
            return;
        }
        // signals are unsigned 64-bit words, as in C
        final boolean unsigned = name.startsWith("signal");
        final Comparator<Long> order = unsigned ? Long::compareUnsigned : Long::compare;
        long least = 0;
        long most = 0;
        for (long i = index; i < index + count; i++)
        {
            final long now = ints ? ivar.local().getAtIndex(ValueLayout.JAVA_INT, i) :
                ivar.local().getAtIndex(ValueLayout.JAVA_LONG, i);
            least = i == index || order.compare(now, least) < 0 ? now : least;
            most = i == index || order.compare(now, most) > 0 ? now : most;
        }
        final long bottom = unsigned ? 0 : ints ? Integer.MIN_VALUE : Long.MIN_VALUE;
        final long top = unsigned ? -1 : ints ? Integer.MAX_VALUE : Long.MAX_VALUE;
        Cmp cmp = (Cmp)args[cmpAt];
        long value = switch (cmp)
        {
            case EQ, GE -> least;
            case LE -> most;
            case GT -> least - 1;
            case LT -> most + 1;
            case NE -> least != bottom ? least - 1 : most + 1;
        };
        final boolean none = cmp == Cmp.EQ && least != most || cmp == Cmp.GT && least == bottom ||
            cmp == Cmp.LT && most == top || cmp == Cmp.NE && least == bottom && most == top;
        if (none)
        {
            cmp = cmp == Cmp.LT ? Cmp.LE : Cmp.GE;
            value = cmp == Cmp.LE ? most : least;
        }
        args[cmpAt] = cmp;
        final Object target = args[cmpAt + 1];
        if (target instanceof long[] values && !ints && values.length >= count)
        {
            Arrays.fill(values, 0, count, value);
        }
        else if (target instanceof int[] values && ints && values.length >= count)
        {
            Arrays.fill(values, 0, count, (int)value);
        }
        else if (target != null && !target.getClass().isArray())
        {
            args[cmpAt + 1] = ints && types.get(cmpAt + 1) == int.class ? (Object)(int)value : (Object)value;
        }
    }
}
