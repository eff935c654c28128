/**
 * The JUnit 5 multi-PE extension: {@code @MultiPeTest} runs a test body on N PEs, each a forked JVM.
 */
module io.ishmem.junit {
    requires transitive io.ishmem.api;
    requires transitive io.ishmem.launcher;
    requires transitive org.junit.jupiter.api;

    exports io.ishmem.junit;
}
