/**
 * The ishmem4j implementation. Nothing is exported: users compile against {@code io.ishmem.api}.
 * Grant it native access alone: {@code --enable-native-access=io.ishmem.core}.
 */
module io.ishmem.core {
    requires transitive io.ishmem.api;
    requires org.slf4j;
    requires io.ishmem.l0.bindings;

    provides io.ishmem.spi.IshmemProvider with io.ishmem.core.runtime.CoreProvider;
}
