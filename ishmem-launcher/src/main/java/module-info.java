/**
 * The {@code ishmemrun} launcher: forks the PEs of one job, passes their output through and ends
 * them together. Depends on picocli and the rendezvous wire format alone, so it starts fast and never loads the
 * library it launches.
 */
module io.ishmem.launcher {
    requires info.picocli;
    requires io.ishmem.rendezvous;
    // --profile only: reading the PEs' recordings, and drawing the heat map with the JDK's own java.awt (headless)
    // rather than a chart library, so picocli stays the launcher's one dependency
    requires jdk.jfr;
    requires java.desktop;

    exports io.ishmem.launcher;
    exports io.ishmem.launcher.profile;
    exports io.ishmem.launcher.rendezvous;

    // picocli fills IshmemRun's annotated option fields reflectively
    opens io.ishmem.launcher to info.picocli;
}
