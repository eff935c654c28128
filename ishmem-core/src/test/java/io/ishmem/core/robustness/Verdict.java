package io.ishmem.core.robustness;

import io.ishmem.IshmemException;

import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How one call ended, by the library's rules: a valid call does its work; an invalid one is refused with an
 * exception of a kind the javadoc names, whose message starts with the routine and names an argument of it.
 */
enum Verdict
{
    /** Returned normally; no argument broke a rule every routine enforces. */
    ACCEPTED(true),
    /** Refused, with the routine and the argument named. */
    REFUSED_CLEARLY(true),
    /** Returned normally although an argument was null, negative or a PE outside the job. */
    ACCEPTED_INVALID(false),
    /** Refused with an exception of another kind, or a message that does not say which routine and argument. */
    UNCLEAR(false),
    /** Failed later, in the future an on-queue call returned, instead of at the call. */
    FAILED_LATE(false),
    /** Did not return within the limit. */
    HUNG(false),
    /** Wrote where it was not asked to. */
    CORRUPTED(false);

    private static final Set<Class<? extends RuntimeException>> REFUSALS = Set.of(IllegalArgumentException.class,
        IndexOutOfBoundsException.class, NullPointerException.class, IllegalStateException.class,
        UnsupportedOperationException.class, IshmemException.class, WrongThreadException.class);

    private final boolean good;

    Verdict(final boolean good)
    {
        this.good = good;
    }

    boolean good()
    {
        return good;
    }

    /**
     * @param method   the routine called.
     * @param thrown   what it threw.
     * @param routines every API routine's name, with the parameter names of all its overloads: a message may
     *                 speak for the routine it names (the generic {@code atomic} names the typed routine, e.g.
     *                 {@code atomicFetchInt: src ...}).
     */
    static Verdict ofRefusal(final Method method, final Throwable thrown, final Map<String, Set<String>> routines)
    {
        if (!REFUSALS.stream().anyMatch(kind -> kind.isInstance(thrown)))
        {
            return UNCLEAR;
        }
        final String message = thrown.getMessage();
        final String routine = message == null ? null : routineNamed(message, routines);
        if (routine == null)
        {
            return UNCLEAR;
        }
        final Set<String> names = new HashSet<>(routines.get(routine));
        for (final Parameter parameter : method.getParameters())
        {
            names.add(parameter.getName());
        }
        for (final String name : names)
        {
            if (Pattern.compile("\\b" + name + "\\b").matcher(message).find())
            {
                return REFUSED_CLEARLY;
            }
        }
        // a routine of no arguments, or one refused for the state of the job rather than an argument
        return method.getParameterCount() == 0 || thrown instanceof IshmemException ? REFUSED_CLEARLY : UNCLEAR;
    }

    private static String routineNamed(final String message, final Map<String, Set<String>> routines)
    {
        final String head = message.replaceFirst("^(team\\.|device\\(\\)\\.)", "");
        final int end = indexOfAny(head, ":( ");
        return end > 0 && routines.containsKey(head.substring(0, end)) ? head.substring(0, end) : null;
    }

    private static int indexOfAny(final String text, final String characters)
    {
        for (int i = 0; i < text.length(); i++)
        {
            if (characters.indexOf(text.charAt(i)) >= 0)
            {
                return i;
            }
        }
        return -1;
    }
}
