package io.ishmem.cuda.bindings;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.PaddingLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated layouts against the C compiler's: a C program compiled with gcc against NVIDIA's
 * {@code cuda.h} prints {@code sizeof} of every struct the binding holds and {@code offsetof} of every
 * field, and each must equal what the binding computes. The header is in no registry we use, so this
 * runs where it is present (the GPU machines, or {@code $CUDA_INCLUDE}) and is skipped elsewhere.
 */
class LayoutTest
{
    /** Every struct typedef in native-headers/cuda_driver.argfile. */
    private static final List<String> STRUCTS = List.of("CUmemAllocationProp_st", "CUmemLocation_st",
        "CUmemAccessDesc_st");

    private static final Path HEADER_DIR = Path.of(System.getenv().getOrDefault("CUDA_INCLUDE", "/usr/local/cuda/include"));
    private static final Path HEADER = HEADER_DIR.resolve("cuda.h");

    private static GroupLayout layoutOf(final String struct) throws ReflectiveOperationException
    {
        return (GroupLayout)Class.forName("io.ishmem.cuda.bindings." + struct).getMethod("layout").invoke(null);
    }

    /** @return "struct size" and "struct.field offset" lines, as the binding computes them. */
    private static Map<String, Long> javaLayouts() throws ReflectiveOperationException
    {
        final Map<String, Long> lines = new LinkedHashMap<>();
        for (final String struct : STRUCTS)
        {
            final GroupLayout layout = layoutOf(struct);
            lines.put(struct, layout.byteSize());
            long offset = 0;
            for (final MemoryLayout member : layout.memberLayouts())
            {
                if (!(member instanceof PaddingLayout))
                {
                    final String field = member.name().orElseThrow(() -> new AssertionError(struct + ": unnamed member"));
                    lines.put(struct + "." + field, offset);
                }
                offset += member.byteSize();
            }
        }
        return lines;
    }

    private static String cProgram(final Map<String, Long> expected)
    {
        final StringBuilder c = new StringBuilder("#include <stddef.h>\n#include <stdio.h>\n#include <cuda.h>\n" +
            "int main(void)\n{\n");
        for (final String key : expected.keySet())
        {
            final int dot = key.indexOf('.');
            if (dot < 0)
            {
                c.append("    printf(\"%s %zu\\n\", \"").append(key).append("\", sizeof(struct ").append(key).append("));\n");
            }
            else
            {
                c.append("    printf(\"%s %zu\\n\", \"").append(key).append("\", offsetof(struct ")
                    .append(key, 0, dot).append(", ").append(key.substring(dot + 1)).append("));\n");
            }
        }
        return c.append("    return 0;\n}\n").toString();
    }

    private static List<String> run(final Path dir, final String... command) throws IOException, InterruptedException
    {
        final Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "timed out: " + String.join(" ", command));
        assertEquals(0, process.exitValue(), String.join(" ", command) + " failed:\n" + output);
        return output.lines().toList();
    }

    @Test
    void shouldMatchTheCCompilersSizesAndOffsetsForEveryStructAndField() throws Exception
    {
        final boolean haveGcc = Files.isExecutable(Path.of("/usr/bin/gcc"));
        Assumptions.assumeTrue(haveGcc && Files.isRegularFile(HEADER), () -> "no " + (haveGcc ? HEADER.toString() :
            "gcc") + ": NVIDIA's cuda.h is in no registry we use; the layout test runs where it is present " +
            "(the GPU machines, or set CUDA_INCLUDE to its folder)");
        final Map<String, Long> expected = javaLayouts();
        final Path dir = Files.createTempDirectory("ishmem-cuda-layout");
        try
        {
            Files.writeString(dir.resolve("layout.c"), cProgram(expected));
            run(dir, "gcc", "-Wall", "-Werror", "-I", HEADER_DIR.toString(), "-o", "layout", "layout.c");
            final List<String> mismatches = new ArrayList<>();
            final Map<String, Long> actual = new LinkedHashMap<>();
            for (final String line : run(dir, dir.resolve("layout").toString()))
            {
                final String[] parts = line.split(" ");
                actual.put(parts[0], Long.parseLong(parts[1]));
            }
            for (final Map.Entry<String, Long> entry : expected.entrySet())
            {
                final Long c = actual.get(entry.getKey());
                if (!entry.getValue().equals(c))
                {
                    mismatches.add(entry.getKey() + ": binding " + entry.getValue() + ", gcc " + c);
                }
            }
            assertEquals(List.of(), mismatches, "layouts that differ from the C compiler's");
            assertEquals(expected.size(), actual.size(), "lines printed");
            assertTrue(expected.size() > STRUCTS.size() * 2, "fields compared: " + expected.size());
        }
        finally
        {
            try (var files = Files.list(dir))
            {
                for (final Path file : files.toList())
                {
                    Files.delete(file);
                }
            }
            Files.delete(dir);
        }
    }
}
