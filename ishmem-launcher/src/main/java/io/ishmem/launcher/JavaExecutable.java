package io.ishmem.launcher;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the {@code java} program of the running JDK, so PEs run on the JDK that launched them.
 */
public final class JavaExecutable
{
    private JavaExecutable()
    {
    }

    /**
     * @return the path of the running JVM's {@code java} program, else {@code $JAVA_HOME/bin/java}, else
     * {@code java} from PATH.
     */
    public static String current()
    {
        final String command = ProcessHandle.current().info().command().orElse(null);
        if (command != null && Path.of(command).getFileName().toString().equals("java") &&
            Files.isExecutable(Path.of(command)))
        {
            return command;
        }
        final Path fromJavaHome = Path.of(System.getProperty("java.home"), "bin", "java");
        if (Files.isExecutable(fromJavaHome))
        {
            return fromJavaHome.toString();
        }
        final String javaHome = System.getenv("JAVA_HOME");
        if (javaHome != null && Files.isExecutable(Path.of(javaHome, "bin", "java")))
        {
            return Path.of(javaHome, "bin", "java").toString();
        }
        return "java";
    }
}
