package io.ishmem.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class PeStartCacheTest
{
    @TempDir
    Path dir;

    @Test
    void shouldPutEachFolderIntoAJarKeepJarsAndDropWhatDoesNotExist() throws IOException
    {
        final Path classes = Files.createDirectories(dir.resolve("classes"));
        final byte[] code = {(byte)0xCA, (byte)0xFE, (byte)0xBA, (byte)0xBE, 1, 2, 3};
        Files.write(Files.createDirectories(classes.resolve("a/b")).resolve("C.class"), code);
        Files.writeString(Files.createDirectories(classes.resolve("META-INF/services")).resolve("x.Y"), "x.Z\n");
        Files.writeString(classes.resolve("META-INF/MANIFEST.MF"), "Class-Path: elsewhere.jar\n");
        final Path jar = Files.writeString(dir.resolve("lib.jar"), "not read");
        final Path into = Files.createDirectories(dir.resolve("into"));

        final String jarred = PeStartCache.jarFolders(String.join(File.pathSeparator, classes.toString(),
            dir.resolve("missing").toString(), jar.toString()), into);

        final Path made = into.resolve("folder-0.jar");
        assertEquals(made + File.pathSeparator + jar, jarred);
        try (JarFile file = new JarFile(made.toFile()))
        {
            assertEquals(List.of("META-INF/services/x.Y", "a/b/C.class"),
                Collections.list(file.entries()).stream().map(JarEntry::getName).sorted().toList());
            assertArrayEquals(code, file.getInputStream(file.getEntry("a/b/C.class")).readAllBytes());
            assertEquals("x.Z\n", new String(file.getInputStream(file.getEntry("META-INF/services/x.Y"))
                .readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
