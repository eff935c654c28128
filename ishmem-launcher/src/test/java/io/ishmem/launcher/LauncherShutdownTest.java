package io.ishmem.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import picocli.CommandLine;

class LauncherShutdownTest
{
    @Test
    @Timeout(20)
    void shouldStopEveryPeAndRemoveItsFilesWhenTheLauncherIsTerminated() throws Exception
    {
        final Process launcher = new ProcessBuilder(JavaExecutable.current(), "-XX:TieredStopAtLevel=1",
            "-cp", codeSource(IshmemRun.class) + ":" + codeSource(CommandLine.class),
            IshmemRun.class.getName(), "-n", "2", "--prefix", "--", "bash", "-c",
            "f=/dev/shm/ishmem-$ISHMEM_JOB_ID-pe$ISHMEM_PE; touch $f; echo $$ $f; exec sleep 60")
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();

        final List<Long> pids = new ArrayList<>();
        final List<Path> files = new ArrayList<>();
        final BufferedReader reader = new BufferedReader(
            new InputStreamReader(launcher.getInputStream(), StandardCharsets.UTF_8));
        while (pids.size() < 2)
        {
            final String[] fields = reader.readLine().split(" ");
            pids.add(Long.parseLong(fields[1]));
            files.add(Path.of(fields[2]));
        }

        launcher.destroy();
        assertTrue(launcher.waitFor(15, TimeUnit.SECONDS), "launcher ends");
        assertEquals(143, launcher.exitValue());

        for (int pe = 0; pe < 2; pe++)
        {
            final long pid = pids.get(pe);
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "PE pid " + pid + " survives");
            assertFalse(Files.exists(files.get(pe)), files.get(pe) + " is left behind");
        }
    }

    private static String codeSource(final Class<?> type) throws URISyntaxException
    {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
