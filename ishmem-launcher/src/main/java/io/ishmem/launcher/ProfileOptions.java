package io.ishmem.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What {@code ishmemrun --profile DIR} adds to each PE: a JFR recording into {@code DIR/pe-<n>.jfr} with the JDK's
 * default settings plus {@code ishmem.jfc} (every ishmem event on), JFR's repository in DIR, and
 * {@code ISHMEM_PROFILE=true}, which compiles
 * in the per-target traffic counters. A PE whose program is {@code java} gets the options on its command line; any
 * other program (a script that starts java) gets them in {@code JDK_JAVA_OPTIONS}, which every java launcher reads.
 */
public final class ProfileOptions
{
    /** The settings file, written into the profile directory so the PEs read the launcher's own copy. */
    public static final String SETTINGS_FILE = "ishmem.jfc";
    /**
     * JFR's repository of the PEs, where each keeps its chunks while it runs: in DIR rather than /tmp, so the chunks
     * of a PE that was killed stay with the job's files (JFR removes a PE's own once it has written pe-n.jfr).
     */
    public static final String REPOSITORY = "jfr-repository";
    static final String PROFILE_VARIABLE = "ISHMEM_PROFILE";
    static final String JAVA_OPTIONS_VARIABLE = "JDK_JAVA_OPTIONS";

    private ProfileOptions()
    {
    }

    /**
     * @return the recording file of PE {@code pe} in {@code directory}.
     */
    public static Path recording(final Path directory, final int pe)
    {
        return directory.resolve("pe-" + pe + ".jfr");
    }

    /**
     * Creates the directory, removes the recordings of an earlier job there (a PE that dies before it writes its
     * own must not be reported with another job's), and writes {@link #SETTINGS_FILE} into it.
     *
     * @throws UncheckedIOException if either cannot be written.
     */
    public static void prepare(final Path directory)
    {
        try (InputStream settings = ProfileOptions.class.getResourceAsStream(SETTINGS_FILE))
        {
            Files.createDirectories(directory);
            try (DirectoryStream<Path> old = Files.newDirectoryStream(directory, "pe-*.jfr"))
            {
                for (final Path file : old)
                {
                    Files.delete(file);
                }
            }
            Files.copy(settings, directory.resolve(SETTINGS_FILE), StandardCopyOption.REPLACE_EXISTING);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot write " + directory.resolve(SETTINGS_FILE) + ": " + ex.getMessage(),
                ex);
        }
    }

    /**
     * @return the JVM options that make PE {@code pe} record into {@code directory}.
     */
    public static List<String> jvmOptions(final Path directory, final int pe)
    {
        final Path dir = directory.toAbsolutePath();
        return List.of(
            // JFR's "Started recording 1 ..." would be three lines of every PE's output; only off silences them, and
            // only before the recording option (a recording that cannot start still fails the JVM's start)
            "-Xlog:jfr+startup=off",
            "-XX:FlightRecorderOptions=repository=" + dir.resolve(REPOSITORY),
            "-XX:StartFlightRecording=settings=default,settings=" + dir.resolve(SETTINGS_FILE) + ",filename=" +
                recording(dir, pe) + ",dumponexit=true");
    }

    /**
     * After the job: removes the repository when every PE cleaned up after itself.
     *
     * @return whether chunks of a PE that did not end normally are left in it.
     */
    public static boolean removeRepository(final Path directory)
    {
        final Path repository = directory.resolve(REPOSITORY);
        try
        {
            Files.deleteIfExists(repository);
            return false;
        }
        catch (final DirectoryNotEmptyException ex)
        {
            return true;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot remove " + repository + ": " + ex.getMessage(), ex);
        }
    }

    /** @return {@code command}, with the options after the program when it is {@code java}. */
    static List<String> command(final Path directory, final int pe, final List<String> command)
    {
        if (directory == null || !isJava(command))
        {
            return command;
        }
        final List<String> withOptions = new ArrayList<>(command.size() + 2);
        withOptions.add(command.getFirst());
        withOptions.addAll(jvmOptions(directory, pe));
        withOptions.addAll(command.subList(1, command.size()));
        return withOptions;
    }

    /** Adds ISHMEM_PROFILE, and the options in JDK_JAVA_OPTIONS when the program is not java itself. */
    static void environment(final Path directory, final int pe, final List<String> command,
        final Map<String, String> environment)
    {
        if (directory == null)
        {
            return;
        }
        environment.put(PROFILE_VARIABLE, "true");
        if (!isJava(command))
        {
            final String inherited = environment.get(JAVA_OPTIONS_VARIABLE);
            environment.put(JAVA_OPTIONS_VARIABLE, (inherited == null || inherited.isBlank() ? "" : inherited + " ") +
                String.join(" ", jvmOptions(directory, pe)));
        }
    }

    private static boolean isJava(final List<String> command)
    {
        final Path program = Path.of(command.getFirst()).getFileName();
        return program != null && program.toString().equals("java");
    }
}
