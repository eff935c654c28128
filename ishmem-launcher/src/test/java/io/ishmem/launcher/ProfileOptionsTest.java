package io.ishmem.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileOptionsTest
{
    @TempDir
    Path dir;

    @Test
    void shouldPutTheRecordingOptionsRightAfterJava()
    {
        final List<String> command = ProfileOptions.command(dir, 3, List.of("/jdk/bin/java", "-cp", "app.jar", "Main"));

        assertEquals("/jdk/bin/java", command.getFirst());
        assertEquals("-Xlog:jfr+startup=off", command.get(1));
        assertEquals("-XX:FlightRecorderOptions=repository=" + dir.toAbsolutePath().resolve("jfr-repository"),
            command.get(2));
        assertEquals("-XX:StartFlightRecording=settings=default,settings=" + dir.toAbsolutePath().resolve("ishmem.jfc") +
            ",filename=" + dir.toAbsolutePath().resolve("pe-3.jfr") + ",dumponexit=true", command.get(3));
        assertEquals(List.of("-cp", "app.jar", "Main"), command.subList(4, command.size()));
        final Map<String, String> environment = new HashMap<>();
        ProfileOptions.environment(dir, 3, List.of("/jdk/bin/java"), environment);
        assertEquals(Map.of("ISHMEM_PROFILE", "true"), environment);
    }

    @Test
    void shouldHandAnotherProgramTheOptionsThroughJdkJavaOptions()
    {
        final List<String> script = List.of("./run-pe.sh", "x");
        assertEquals(script, ProfileOptions.command(dir, 0, script));
        final Map<String, String> environment = new HashMap<>(Map.of("JDK_JAVA_OPTIONS", "-Xmx1g"));
        ProfileOptions.environment(dir, 0, script, environment);
        assertEquals("true", environment.get("ISHMEM_PROFILE"));
        final String options = environment.get("JDK_JAVA_OPTIONS");
        assertTrue(options.startsWith("-Xmx1g -Xlog:jfr+startup=off -XX:FlightRecorderOptions=repository="), options);
        assertTrue(options.contains(" -XX:StartFlightRecording=settings=default,settings="), options);
        assertTrue(options.contains("filename=" + dir.toAbsolutePath().resolve("pe-0.jfr")), options);
    }

    @Test
    void shouldChangeNothingWithoutAProfileDirectory()
    {
        final List<String> command = List.of("java", "Main");
        assertEquals(command, ProfileOptions.command(null, 0, command));
        final Map<String, String> environment = new HashMap<>();
        ProfileOptions.environment(null, 0, command, environment);
        assertTrue(environment.isEmpty());
        assertNull(JobSpec.builder().command("java").build().profileDirectory());
    }

    @Test
    void shouldWriteTheSettingsAndRemoveAnEarlierJobsRecordings() throws IOException
    {
        Files.writeString(dir.resolve("pe-7.jfr"), "old");
        Files.writeString(dir.resolve("notes.txt"), "kept");

        ProfileOptions.prepare(dir);

        assertFalse(Files.exists(dir.resolve("pe-7.jfr")));
        assertTrue(Files.exists(dir.resolve("notes.txt")));
        final String settings = Files.readString(dir.resolve("ishmem.jfc"));
        for (final String event : List.of("ishmem.Barrier", "ishmem.Wait", "ishmem.Collective", "ishmem.Allocation",
            "ishmem.Traffic", "ishmem.Init", "ishmem.Close", "ishmem.Team", "ishmem.QueueOperation",
            "ishmem.PeFailure", "ishmem.Atomic"))
        {
            assertTrue(settings.contains("<event name=\"" + event + "\"><setting name=\"enabled\">true</setting>"),
                event);
        }
    }
}
