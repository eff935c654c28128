package io.ishmem.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShortFormCommandTest
{
    @TempDir
    Path home;

    @Test
    void shouldPutLibraryOnModulePathAndApplicationsOnClassPath() throws IOException
    {
        final Path lib = Files.createDirectory(home.resolve("lib"));
        for (final String jar : List.of("ishmem-api-1.0.jar", "ishmem-core-1.0.jar", "ishmem-examples-1.0.jar",
            "ishmem-launcher-1.0.jar", "picocli-4.7.7.jar", "slf4j-api-2.0.17.jar", "slf4j-simple-2.0.17.jar"))
        {
            Files.createFile(lib.resolve(jar));
        }

        final List<String> command = ShortFormCommand.build("/jdk/bin/java", home, "app.Main", List.of("app.jar"),
            List.of("-Xmx1g"), List.of("a", "-b"));

        final List<String> expected = new ArrayList<>(List.of(
            "/jdk/bin/java",
            "--module-path",
            lib.resolve("ishmem-api-1.0.jar") + ":" + lib.resolve("ishmem-core-1.0.jar") + ":" +
                lib.resolve("slf4j-api-2.0.17.jar") + ":" + lib.resolve("slf4j-simple-2.0.17.jar"),
            "--add-modules", "io.ishmem.core",
            "--enable-native-access=io.ishmem.core,io.ishmem.l0.bindings,io.ishmem.cuda.bindings," +
                "io.ishmem.ucx.bindings",
            "-XX:+UseSerialGC", "-XX:-UsePerfData", "-XX:+UnlockDiagnosticVMOptions",
            "-XX:GuaranteedSafepointInterval=0", "-XX:NewSize=32m", "-XX:CompileCommand=quiet",
            "-XX:CompileCommand=inline,io.ishmem.core.*::put", "-XX:CompileCommand=inline,io.ishmem.core.*::get",
            "-XX:CompileCommand=inline,io.ishmem.core.*::putSignal"));
        // this machine's kernel decides whether huge pages are asked for
        expected.addAll(TransparentHugePages.option());
        expected.addAll(List.of(
            "-Xmx1g",
            "-cp", "app.jar:" + lib.resolve("ishmem-examples-1.0.jar"),
            "app.Main", "a", "-b"));
        assertEquals(expected, command);
    }

    @Test
    void shouldRefuseHomeWithoutLib()
    {
        final LaunchException ex = assertThrows(LaunchException.class,
            () -> ShortFormCommand.build("java", home, "app.Main", List.of(), List.of(), List.of()));

        assertEquals("cannot start 'app.Main': no folder " + home.resolve("lib") +
            " (set -Dishmem.home to the distribution folder)", ex.getMessage());
    }
}
