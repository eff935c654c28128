package io.ishmem.core.device.levelzero;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The test Level Zero driver (src/test/c/ze_test_driver, built into target/ze-test-driver by the build) works
 * through the real loader, with the validation layer on: a C smoke program, linked with -lze_loader, runs every
 * entry point the Level Zero backend uses, including IPC across fork, the atomic-add kernel built from the
 * module's SPIR-V, and the error cases.
 */
class TestDriverSmokeTest
{
    private static final Path MODULE = Path.of("").toAbsolutePath();
    private static final Path DRIVER_DIR = MODULE.resolve("target/ze-test-driver");

    @Test
    void shouldPassTheSmokeProgramThroughTheLoader() throws IOException, InterruptedException, URISyntaxException
    {
        final Path driver = DRIVER_DIR.resolve("libze_ishmem_test.so");
        assertTrue(Files.isRegularFile(driver), "the build makes " + driver);
        final URL spvUrl = TestDriverSmokeTest.class.getResource("atomic_add.spv");
        assertNotNull(spvUrl, "the build assembles atomic_add.spv into the classes");
        final Path spv = Path.of(spvUrl.toURI());

        final Path smoke = DRIVER_DIR.resolve("smoke");
        final Path source = MODULE.resolve("src/test/c/ze_test_driver/smoke.c");
        final Result gcc = run(List.of("gcc", "-O2", "-Wall", "-Wextra", "-Werror", "-o", smoke.toString(),
            source.toString(), "-lze_loader"), Map.of());
        assertEquals(0, gcc.exit(), () -> "gcc smoke.c:\n" + gcc.output());

        final Result result = run(List.of(smoke.toString(), spv.toString()), Map.of(
            "ZE_ENABLE_ALT_DRIVERS", driver.toString(),
            "ZE_ENABLE_VALIDATION_LAYER", "1",
            "ZE_ENABLE_PARAMETER_VALIDATION", "1"));
        assertEquals(0, result.exit(), () -> "smoke:\n" + result.output());
        assertTrue(result.output().lines().anyMatch(l -> l.startsWith("ALL OK")), () -> "smoke:\n" + result.output());
    }

    private record Result(int exit, String output)
    {
    }

    private static Result run(final List<String> command, final Map<String, String> env)
        throws IOException, InterruptedException
    {
        final ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        final Process p = pb.start();
        final byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS))
        {
            p.destroyForcibly();
            return new Result(-1, new String(out, StandardCharsets.UTF_8) + "\n(timed out)");
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
