package io.ishmem.bench.gpu;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The GPU machine's JRE has no java.desktop: only GpuPlots may name XChart or AWT, and only GpuReport may
 * name GpuPlots, so nothing GpuBench and GpuBenchPe load can pull AWT in. Read from the compiled classes'
 * constant pools, where every class a class refers to is named.
 */
class NoAwtOnTheGpuPathTest
{
    @Test
    void shouldKeepXChartAndAwtBehindGpuReport() throws IOException, URISyntaxException
    {
        final Path dir = Path.of(GpuBench.class.getResource("GpuBench.class").toURI()).getParent();
        final List<Path> classes;
        try (Stream<Path> files = Files.list(dir))
        {
            classes = files.filter(file -> file.toString().endsWith(".class")).toList();
        }
        assertTrue(classes.size() > 10, "compiled classes in " + dir);
        for (final Path file : classes)
        {
            final String name = file.getFileName().toString();
            final String pool = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
            if (!name.startsWith("GpuPlots"))
            {
                assertFalse(pool.contains("org/knowm/xchart") || pool.contains("java/awt"), name + " names AWT");
            }
            if (!name.startsWith("GpuPlots") && !name.startsWith("GpuReport"))
            {
                assertFalse(pool.contains("io/ishmem/bench/gpu/GpuPlots"), name + " names GpuPlots");
            }
        }
    }
}
