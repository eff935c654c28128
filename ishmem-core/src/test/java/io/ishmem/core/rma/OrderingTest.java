package io.ishmem.core.rma;

import io.ishmem.core.transport.Transport;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class OrderingTest
{
    private final List<String> quieted = new ArrayList<>();

    /** A transport that says whether its puts are delivered on return and records its quiets. */
    private Transport transport(final String name, final boolean deliversOnReturn)
    {
        return (Transport)Proxy.newProxyInstance(Transport.class.getClassLoader(), new Class<?>[] {Transport.class},
            (proxy, method, args) -> switch (method.getName())
            {
                case "deliversOnReturn" -> deliversOnReturn;
                case "quiet" ->
                {
                    quieted.add(name);
                    yield null;
                }
                case "toString" -> name;
                default -> throw new UnsupportedOperationException(method.getName());
            });
    }

    @Test
    void shouldQuietNothingBeforeABarrierWhenEveryPutIsDeliveredOnReturn()
    {
        final Ordering ordering = new Ordering(transport("shm", true), transport("other shm", true));

        ordering.beforeSync();

        assertEquals(List.of(), quieted);
    }

    @Test
    void shouldQuietBeforeABarrierExactlyTheTransportsThatDeliverOnlyAtQuiet()
    {
        final Ordering ordering = new Ordering(transport("ucx", false), transport("shm", true));
        ordering.add(transport("device", false));
        ordering.add(transport("another shm", true));

        ordering.beforeSync();

        assertEquals(List.of("ucx", "device"), quieted);
    }

    @Test
    void shouldQuietATransportAddedAfterConstructionBeforeTheNextBarrier()
    {
        final Ordering ordering = new Ordering(transport("shm", true));
        ordering.beforeSync();
        assertEquals(List.of(), quieted);

        ordering.add(transport("device", false));
        ordering.beforeSync();

        assertEquals(List.of("device"), quieted);
    }

    @Test
    void shouldQuietEveryTransportOnQuiet()
    {
        final Ordering ordering = new Ordering(transport("shm", true), transport("ucx", false));

        ordering.quiet();

        assertEquals(List.of("shm", "ucx"), quieted);
    }
}
