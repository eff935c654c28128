package io.ishmem.junit;

import io.ishmem.Ishmem;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds a test body by name and creates the instance it runs on, the same way in the test JVM and in a PE.
 */
final class TestBodies
{
    private TestBodies()
    {
    }

    /**
     * @param testClass  the class to search, then its superclasses.
     * @param methodName the method's name.
     * @return the method named {@code methodName} taking no parameters or one {@link Ishmem}, accessible.
     * @throws IllegalArgumentException if there is none, or two in one class.
     */
    static Method find(final Class<?> testClass, final String methodName)
    {
        for (Class<?> type = testClass; type != null && type != Object.class; type = type.getSuperclass())
        {
            final List<Method> matches = new ArrayList<>();
            for (final Method method : type.getDeclaredMethods())
            {
                if (method.getName().equals(methodName) && (method.getParameterCount() == 0 || takesIshmem(method)))
                {
                    matches.add(method);
                }
            }
            if (matches.size() > 1)
            {
                throw new IllegalArgumentException(
                    type.getName() + " has both " + methodName + "() and " + methodName + "(Ishmem): rename one");
            }
            if (matches.size() == 1)
            {
                final Method method = matches.getFirst();
                method.setAccessible(true);
                return method;
            }
        }
        throw new IllegalArgumentException(
            testClass.getName() + " has no method " + methodName + "() or " + methodName + "(Ishmem)");
    }

    /**
     * @param method a test body.
     * @return whether it takes the PE's {@link Ishmem}.
     */
    static boolean takesIshmem(final Method method)
    {
        return method.getParameterCount() == 1 && method.getParameterTypes()[0] == Ishmem.class;
    }

    /**
     * @param method a test body.
     * @return why a PE cannot call it, or {@code null} if it can.
     */
    static String whyNotRunnable(final Method method)
    {
        if (method.getParameterCount() == 0 || takesIshmem(method))
        {
            return null;
        }
        return "a @MultiPeTest method takes no parameters or one " + Ishmem.class.getName() + ", not " + method;
    }

    /**
     * @param testClass the class to instantiate; an inner class gets a new instance of its enclosing class.
     * @return a new instance made with the no-argument constructor, whatever its access.
     * @throws ReflectiveOperationException if there is no such constructor or it throws.
     */
    static Object instantiate(final Class<?> testClass) throws ReflectiveOperationException
    {
        final Class<?> enclosing = testClass.getEnclosingClass();
        if (enclosing != null && !Modifier.isStatic(testClass.getModifiers()) && testClass.isMemberClass())
        {
            // a @Nested test class: its constructor takes the enclosing instance
            final Constructor<?> constructor = testClass.getDeclaredConstructor(enclosing);
            constructor.setAccessible(true);
            return constructor.newInstance(instantiate(enclosing));
        }
        final Constructor<?> constructor = testClass.getDeclaredConstructor();
        constructor.setAccessible(true);
        return constructor.newInstance();
    }
}
