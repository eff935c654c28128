/**
 * The ishmem4j API: the user's vocabulary only. An implementation (ishmem-core) is found through
 * {@link java.util.ServiceLoader}, as SLF4J finds its provider.
 */
module io.ishmem.api {
    exports io.ishmem;
    exports io.ishmem.spi;

    uses io.ishmem.spi.IshmemProvider;
}
