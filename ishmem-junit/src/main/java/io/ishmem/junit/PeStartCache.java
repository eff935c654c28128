package io.ishmem.junit;

import io.ishmem.launcher.JavaExecutable;
import io.ishmem.launcher.JobListener;
import io.ishmem.launcher.JobResult;
import io.ishmem.launcher.JobSpec;
import io.ishmem.launcher.Launcher;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import java.util.zip.Deflater;

/**
 * An ahead-of-time cache (JDK 25's {@code -XX:AOTCacheOutput}) of the classes a PE's JVM loads and links as it
 * starts ishmem, made once per test JVM by a job of one PE ({@link PeStartTraining}) and given to every PE after
 * it. A test's time is mostly its PEs' starts, eight of them for a job of 8 PEs on 2 cores, and the cache takes
 * the loading, verifying and linking of some 800 classes and the method handles of the native calls out of each:
 * a PE of a 4-PE test took 0.57 s of CPU instead of 0.75 on the project's test VM. Training costs one PE start
 * and the cache's assembly, some 2.5 s of CPU.
 *
 * <p>A cache holds classes from jars only, so the class path's folders (a build's {@code classes} and
 * {@code test-classes}) are first copied into jars in a temporary folder of the test JVM's, removed when it
 * exits, and the PEs run on that class path. A PE whose options the cache does not fit (another garbage
 * collector, {@code --add-opens}) runs without it, as the JVM decides; its messages about that are turned off.
 * Not made with {@code -Dishmem.junit.aotCache=false}, on a JDK before 25, or when the training job fails: the
 * PEs then run on the test class path as it is.
 */
final class PeStartCache
{
    /** System property that, set to {@code false}, leaves the cache out. */
    static final String PROPERTY = "ishmem.junit.aotCache";

    private static final int FIRST_JDK = 25;
    private static final Duration TRAINING_TIMEOUT = Duration.ofSeconds(120);
    private static final System.Logger LOG = System.getLogger(PeStartCache.class.getName());

    private static PeStartCache made;

    private final String classPath;
    private final List<String> jvmArgs;

    private PeStartCache(final String classPath, final List<String> jvmArgs)
    {
        this.classPath = classPath;
        this.jvmArgs = jvmArgs;
    }

    /**
     * @return the cache of this test JVM, made by the first call.
     */
    static synchronized PeStartCache get()
    {
        if (made == null)
        {
            made = make(TestClassPath.get());
        }
        return made;
    }

    /** @return the class path the PEs run on. */
    String classPath()
    {
        return classPath;
    }

    /** @return the options that give a PE the cache; none without one. */
    List<String> jvmArgs()
    {
        return jvmArgs;
    }

    private static PeStartCache make(final String testClassPath)
    {
        final PeStartCache without = new PeStartCache(testClassPath, List.of());
        if (!Boolean.parseBoolean(System.getProperty(PROPERTY, "true")) || Runtime.version().feature() < FIRST_JDK)
        {
            return without;
        }
        final Path folder;
        try
        {
            folder = Files.createTempDirectory("ishmem-junit-pe-start-");
        }
        catch (final IOException ex)
        {
            LOG.log(Level.DEBUG, "no PE start cache: no temporary folder", ex);
            return without;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteQuietly(folder), "ishmem-junit-pe-start-cleanup"));
        try
        {
            final String jarred = jarFolders(testClassPath, folder);
            final Path cache = folder.resolve("pe.aot");
            final JobResult training = Launcher.run(JobSpec.builder()
                .npes(1)
                .timeout(TRAINING_TIMEOUT)
                .command(trainingCommand(jarred, cache))
                .captureOutput(true)
                .mergeStderr(true)
                .build(), JobListener.NONE);
            if (training.exitCode() != 0 || !Files.isRegularFile(cache))
            {
                LOG.log(Level.DEBUG, () -> "no PE start cache: its training ended with exit code " +
                    training.exitCode() + ":\n" + String.join("\n", training.output(0)));
                return without;
            }
            return new PeStartCache(jarred, List.of("-XX:AOTCache=" + cache, "-Xlog:aot=off", "-Xlog:cds=off"));
        }
        catch (final IOException | UncheckedIOException | IllegalStateException ex)
        {
            LOG.log(Level.DEBUG, "no PE start cache", ex);
            return without;
        }
    }

    private static List<String> trainingCommand(final String classPath, final Path cache)
    {
        final List<String> command = new ArrayList<>();
        command.add(JavaExecutable.current());
        command.addAll(MultiPeJob.DEFAULT_JVM_ARGS);
        command.add("-XX:AOTCacheOutput=" + cache);
        command.add("-cp");
        command.add(classPath);
        command.add(PeStartTraining.class.getName());
        return command;
    }

    /**
     * @return the class path with each folder replaced by a jar of its files in {@code into}, and entries that do
     *         not exist left out (they hold no class, and a cache is refused for less).
     */
    static String jarFolders(final String classPath, final Path into) throws IOException
    {
        final List<String> entries = new ArrayList<>();
        int index = 0;
        for (final String entry : classPath.split(File.pathSeparator))
        {
            final Path path = Path.of(entry);
            if (Files.isDirectory(path))
            {
                final Path jar = into.resolve("folder-" + index++ + ".jar");
                jar(path, jar);
                entries.add(jar.toString());
            }
            else if (Files.exists(path))
            {
                entries.add(entry);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private static void jar(final Path folder, final Path jar) throws IOException
    {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
            Stream<Path> files = Files.walk(folder))
        {
            // stored, not compressed: the jar lives as long as the test JVM, and a PE reads it at once
            out.setLevel(Deflater.NO_COMPRESSION);
            for (final Path file : (Iterable<Path>)files.filter(Files::isRegularFile).sorted()::iterator)
            {
                final String name = folder.relativize(file).toString().replace(File.separatorChar, '/');
                // a folder's manifest means nothing on a class path, a jar's would: leave it out
                if (!name.equals("META-INF/MANIFEST.MF"))
                {
                    out.putNextEntry(new JarEntry(name));
                    Files.copy(file, out);
                    out.closeEntry();
                }
            }
        }
    }

    private static void deleteQuietly(final Path folder)
    {
        try (Stream<Path> paths = Files.walk(folder))
        {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
        catch (final IOException | UncheckedIOException ex)
        {
            // the JVM is exiting: a temporary folder left behind is all there is to lose
        }
    }
}
