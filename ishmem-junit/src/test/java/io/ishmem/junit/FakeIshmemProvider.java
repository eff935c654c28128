package io.ishmem.junit;

import io.ishmem.Ishmem;
import io.ishmem.spi.IshmemProvider;

import java.lang.reflect.Proxy;

/**
 * A stand-in for ishmem-core in this module's tests: a PE's runtime that knows only its PE number, and
 * prints when it is created and closed so a test can see that PeMain did both.
 */
public final class FakeIshmemProvider implements IshmemProvider
{
    /**
     * Called by {@link java.util.ServiceLoader}.
     */
    public FakeIshmemProvider()
    {
    }

    @Override
    public Ishmem init()
    {
        final int myPe = Integer.parseInt(System.getenv("ISHMEM_PE"));
        final int nPes = Integer.parseInt(System.getenv("ISHMEM_NPES"));
        System.out.println("fake init PE " + myPe);
        return (Ishmem)Proxy.newProxyInstance(Ishmem.class.getClassLoader(), new Class<?>[] {Ishmem.class},
            (proxy, method, args) -> switch (method.getName())
            {
                case "myPe" -> myPe;
                case "nPes" -> nPes;
                case "close" ->
                {
                    System.out.println("fake close PE " + myPe);
                    yield null;
                }
                case "toString" -> "FakeIshmem[" + myPe + "/" + nPes + "]";
                default -> throw new UnsupportedOperationException(method.getName());
            });
    }
}
