package io.ishmem.junit;

import io.ishmem.Ishmem;

import java.lang.reflect.Proxy;

/**
 * Stands in for the {@link Ishmem} parameter of a {@link MultiPeTest} method in the test JVM, where the body
 * never runs; any use is a bug in the extension.
 */
final class PlaceholderIshmem
{
    static final Ishmem INSTANCE = (Ishmem)Proxy.newProxyInstance(
        Ishmem.class.getClassLoader(),
        new Class<?>[] {Ishmem.class},
        (proxy, method, args) -> switch (method.getName())
        {
            case "toString" -> "Ishmem placeholder: a @MultiPeTest body runs only in the PE JVMs";
            case "hashCode" -> System.identityHashCode(proxy);
            case "equals" -> proxy == args[0];
            default -> throw new IllegalStateException(
                "Ishmem." + method.getName() + " called in the test JVM: a @MultiPeTest body runs only in the PE JVMs");
        });

    private PlaceholderIshmem()
    {
    }
}
