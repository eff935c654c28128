/**
 * The {@code ishmemrun} launcher: forks the PEs of one job, passes their output through and ends
 * them together. Depends on picocli alone, so it starts fast and never loads the library it launches.
 */
module io.ishmem.launcher {
    requires info.picocli;

    exports io.ishmem.launcher;

    // picocli fills IshmemRun's annotated option fields reflectively
    opens io.ishmem.launcher to info.picocli;
}
