package io.ishmem.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Builds the {@code java} command of {@code ishmemrun --class}: the library's jars from the distribution's
 * {@code lib/} on the module path, the user's classes on the class path.
 *
 * <p>The library runs as named modules so native access can be granted to {@code io.ishmem.core} alone.
 * The user's main class stays in the unnamed module, which reads every module, and
 * {@code ServiceLoader} in {@code io.ishmem.api} finds the provider that {@code io.ishmem.core} declares.
 */
final class ShortFormCommand
{
    /**
     * System property naming the distribution folder; the {@code ishmemrun} script sets it.
     */
    static final String HOME_PROPERTY = "ishmem.home";

    static final String CORE_MODULE = "io.ishmem.core";
    /** The modules that call native code: the core (libc) and the generated Level Zero binding it requires. */
    static final String NATIVE_MODULES = CORE_MODULE + ",io.ishmem.l0.bindings,io.ishmem.cuda.bindings," +
        "io.ishmem.ucx.bindings";

    // the launcher's own jars: a PE never needs them
    private static final List<String> LAUNCHER_JARS = List.of("ishmem-launcher-", "picocli-");

    // jars of applications shipped with the distribution: class path, so any of their classes can be --class
    private static final List<String> APPLICATION_JARS = List.of("ishmem-examples-");

    private ShortFormCommand()
    {
    }

    /**
     * @param java          the {@code java} program.
     * @param home          the distribution folder, holding {@code lib/}.
     * @param mainClass     the class whose {@code main} each PE runs.
     * @param userClassPath class path entries of the user's program, before the distribution's applications.
     * @param jvmArgs       JVM options, after the module options and {@link PeJvmOptions#defaults()} so they can
     *                      override them.
     * @param args          the program's arguments.
     * @return the command line.
     * @throws LaunchException if {@code home} has no {@code lib/} folder with the library in it.
     */
    static List<String> build(
        final String java,
        final Path home,
        final String mainClass,
        final List<String> userClassPath,
        final List<String> jvmArgs,
        final List<String> args)
    {
        final Path lib = home.resolve("lib");
        final List<String> modulePath = new ArrayList<>();
        final List<String> classPath = new ArrayList<>(userClassPath);
        boolean hasCore = false;
        for (final Path jar : jars(lib, mainClass))
        {
            final String name = jar.getFileName().toString();
            if (startsWithAny(name, APPLICATION_JARS))
            {
                classPath.add(jar.toString());
            }
            else if (!startsWithAny(name, LAUNCHER_JARS))
            {
                modulePath.add(jar.toString());
                hasCore |= name.startsWith("ishmem-core-");
            }
        }
        if (modulePath.isEmpty())
        {
            throw new LaunchException(mainClass, "no ishmem library jars in " + lib + " (set -D" + HOME_PROPERTY +
                " to the distribution folder)", null);
        }

        final List<String> command = new ArrayList<>();
        command.add(java);
        command.add("--module-path");
        command.add(String.join(":", modulePath));
        if (hasCore)
        {
            command.add("--add-modules");
            command.add(CORE_MODULE);
            command.add("--enable-native-access=" + NATIVE_MODULES);
        }
        command.addAll(PeJvmOptions.defaults());
        command.addAll(jvmArgs);
        if (!classPath.isEmpty())
        {
            command.add("-cp");
            command.add(String.join(":", classPath));
        }
        command.add(mainClass);
        command.addAll(args);
        return command;
    }

    /**
     * @return the distribution folder: the {@value #HOME_PROPERTY} property, else the parent of the
     * folder holding the launcher's jar, else {@code null}.
     */
    static Path home()
    {
        final String property = System.getProperty(HOME_PROPERTY);
        if (property != null && !property.isEmpty())
        {
            return Path.of(property);
        }
        final CodeSource source = ShortFormCommand.class.getProtectionDomain().getCodeSource();
        if (source == null)
        {
            return null;
        }
        try
        {
            final Path location = Path.of(source.getLocation().toURI());
            // .../lib/ishmem-launcher-<version>.jar: home is two levels up
            return Files.isRegularFile(location) && location.getParent().getParent() != null ?
                location.getParent().getParent() : null;
        }
        catch (final URISyntaxException | IllegalArgumentException ex)
        {
            return null;
        }
    }

    private static List<Path> jars(final Path lib, final String mainClass)
    {
        if (!Files.isDirectory(lib))
        {
            throw new LaunchException(mainClass, "no folder " + lib + " (set -D" + HOME_PROPERTY +
                " to the distribution folder)", null);
        }
        try (Stream<Path> files = Files.list(lib))
        {
            return files.filter(file -> file.getFileName().toString().endsWith(".jar")).sorted().toList();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot list " + lib, ex);
        }
    }

    private static boolean startsWithAny(final String name, final List<String> prefixes)
    {
        for (final String prefix : prefixes)
        {
            if (name.startsWith(prefix))
            {
                return true;
            }
        }
        return false;
    }
}
