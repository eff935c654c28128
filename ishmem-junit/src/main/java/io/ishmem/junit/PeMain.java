package io.ishmem.junit;

import io.ishmem.Ishmem;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * The main class of each PE of a {@link MultiPeTest}: runs one test body and exits 0, or prints the
 * failure and exits 1.
 */
public final class PeMain
{
    /**
     * Exit status of a PE whose body threw.
     */
    public static final int FAILED_EXIT_CODE = 1;

    /**
     * Exit status for wrong arguments to this class.
     */
    public static final int USAGE_EXIT_CODE = 2;

    private PeMain()
    {
    }

    /**
     * Runs {@code <testClass>.<methodName>} and exits.
     *
     * @param args the test class's binary name and the method's name.
     */
    public static void main(final String[] args)
    {
        if (args.length != 2)
        {
            System.err.println("usage: " + PeMain.class.getName() + " <testClass> <methodName>");
            System.exit(USAGE_EXIT_CODE);
        }

        int status = 0;
        try
        {
            run(args[0], args[1]);
        }
        catch (final Throwable ex)
        {
            ex.printStackTrace();
            status = FAILED_EXIT_CODE;
        }
        System.out.flush();
        // exit explicitly: a non-daemon thread that the body left behind must not keep the PE alive
        System.exit(status);
    }

    static void run(final String className, final String methodName) throws Throwable
    {
        final Class<?> testClass = Class.forName(className, true, PeMain.class.getClassLoader());
        final Method method = TestBodies.find(testClass, methodName);
        final Object instance = Modifier.isStatic(method.getModifiers()) ? null : TestBodies.instantiate(testClass);

        if (!TestBodies.takesIshmem(method))
        {
            invoke(method, instance);
            return;
        }

        final Ishmem shmem = Ishmem.init();
        // close only after success: close is collective, and a PE whose body threw must end at once, so the
        // others see it die rather than wait for it in a barrier
        invoke(method, instance, shmem);
        shmem.close();
    }

    private static void invoke(final Method method, final Object instance, final Object... args) throws Throwable
    {
        try
        {
            method.invoke(instance, args);
        }
        catch (final InvocationTargetException ex)
        {
            throw ex.getCause();
        }
    }
}
