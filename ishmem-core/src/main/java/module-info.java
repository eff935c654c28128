/**
 * The ishmem4j implementation. Nothing is exported: users compile against {@code io.ishmem.api}.
 * Grant native access to it and the binding it requires alone:
 * {@code --enable-native-access=io.ishmem.core,io.ishmem.l0.bindings,io.ishmem.cuda.bindings,io.ishmem.ucx.bindings}.
 */
module io.ishmem.core {
    requires transitive io.ishmem.api;
    requires org.slf4j;
    requires jdk.jfr;
    requires io.ishmem.l0.bindings;
    requires io.ishmem.cuda.bindings;
    requires io.ishmem.ucx.bindings;
    requires io.ishmem.rendezvous;

    provides io.ishmem.spi.IshmemProvider with io.ishmem.core.runtime.CoreProvider;
}
