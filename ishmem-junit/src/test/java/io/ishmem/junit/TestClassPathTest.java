package io.ishmem.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestClassPathTest
{
    @TempDir
    Path dir;

    @Test
    void shouldHoldTheTestClassesAndTheirDependencies() throws Exception
    {
        final List<String> entries = Arrays.asList(TestClassPath.get().split(File.pathSeparator));

        assertTrue(entries.contains(codeSource(TestClassPathTest.class)), entries::toString);
        assertTrue(entries.contains(codeSource(PeMain.class)), entries::toString);
        assertTrue(entries.contains(codeSource(Test.class)), entries::toString);
    }

    @Test
    void shouldExpandTheClassPathOfAManifestOnlyJar() throws IOException
    {
        final Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, "a.jar sub/classes/ file:/abs/c%20d.jar");
        final Path jar = dir.resolve("booter.jar");
        try (OutputStream out = Files.newOutputStream(jar))
        {
            // the manifest is the whole content
            new JarOutputStream(out, manifest).close();
        }

        assertEquals(List.of(dir.resolve("a.jar").toString(), dir.resolve("sub/classes").toString(), "/abs/c d.jar"),
            TestClassPath.manifestClassPath(jar));
    }

    private static String codeSource(final Class<?> type) throws Exception
    {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
