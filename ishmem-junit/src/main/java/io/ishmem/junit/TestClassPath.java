package io.ishmem.junit;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The class path of the running tests, complete, for the PE JVMs.
 *
 * <p>Surefire may start the test JVM with a manifest-only booter jar, so {@code java.class.path} can be one
 * jar whose manifest lists the rest. Surefire's {@code surefire.test.class.path} property has the full
 * list; otherwise such a jar's {@code Class-Path} is expanded. Tests on the module path get their modules
 * added to the class path, where the PEs run.
 */
final class TestClassPath
{
    private TestClassPath()
    {
    }

    /**
     * @return the entries joined with {@link File#pathSeparator}.
     * @throws IllegalStateException if the class path is empty.
     */
    static String get()
    {
        final Set<String> entries = new LinkedHashSet<>();
        final String surefire = System.getProperty("surefire.test.class.path");
        addAll(entries, surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path"));
        if (entries.size() == 1)
        {
            entries.addAll(manifestClassPath(Path.of(entries.iterator().next())));
        }
        addAll(entries, System.getProperty("jdk.module.path"));
        if (entries.isEmpty())
        {
            throw new IllegalStateException("the test class path is empty: neither surefire.test.class.path nor " +
                "java.class.path is set");
        }
        return String.join(File.pathSeparator, entries);
    }

    private static void addAll(final Set<String> entries, final String path)
    {
        if (path == null)
        {
            return;
        }
        for (final String entry : path.split(File.pathSeparator))
        {
            if (!entry.isBlank())
            {
                entries.add(entry);
            }
        }
    }

    static List<String> manifestClassPath(final Path jar)
    {
        if (!Files.isRegularFile(jar) || !jar.toString().endsWith(".jar"))
        {
            return List.of();
        }
        try (JarFile jarFile = new JarFile(jar.toFile()))
        {
            final Manifest manifest = jarFile.getManifest();
            final String classPath = manifest == null ? null :
                manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            if (classPath == null)
            {
                return List.of();
            }
            // Class-Path holds URLs relative to the jar, separated by spaces
            final URI base = jar.toAbsolutePath().toUri();
            final List<String> entries = new ArrayList<>();
            for (final String url : classPath.trim().split("\\s+"))
            {
                entries.add(Path.of(base.resolve(new URI(url))).toString());
            }
            return entries;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read the manifest of " + jar, ex);
        }
        catch (final URISyntaxException | IllegalArgumentException ex)
        {
            throw new IllegalStateException("bad Class-Path entry in the manifest of " + jar, ex);
        }
    }
}
