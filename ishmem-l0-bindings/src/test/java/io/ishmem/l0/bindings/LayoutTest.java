package io.ishmem.l0.bindings;

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
 * The generated layouts against the C compiler's: a C program compiled with gcc against the same
 * {@code ze_api.h} prints {@code sizeof} of every struct the binding holds and {@code offsetof} of
 * every field, and each must equal what the binding computes. A wrong binding fails here, in CI,
 * without jextract and without a Level Zero driver.
 */
class LayoutTest
{
    /** Every struct typedef in native-headers/level_zero.argfile. */
    private static final List<String> STRUCTS = List.of("ze_command_queue_desc_t",
        "ze_command_queue_group_properties_t", "ze_context_desc_t", "ze_device_mem_alloc_desc_t",
        "ze_device_properties_t", "ze_device_uuid_t", "ze_driver_properties_t", "ze_driver_uuid_t", "ze_event_desc_t",
        "ze_event_pool_desc_t", "ze_group_count_t", "ze_host_mem_alloc_desc_t", "ze_ipc_mem_handle_t",
        "ze_kernel_desc_t", "ze_memory_allocation_properties_t", "ze_module_constants_t", "ze_module_desc_t");

    private static final Path HEADER = Path.of("/usr/include/level_zero/ze_api.h");

    private static GroupLayout layoutOf(final String struct) throws ReflectiveOperationException
    {
        return (GroupLayout)Class.forName("io.ishmem.l0.bindings." + struct).getMethod("layout").invoke(null);
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
        final StringBuilder c = new StringBuilder("#include <stddef.h>\n#include <stdio.h>\n#include <level_zero/ze_api.h>\n" +
            "int main(void)\n{\n");
        for (final String key : expected.keySet())
        {
            final int dot = key.indexOf('.');
            if (dot < 0)
            {
                c.append("    printf(\"%s %zu\\n\", \"").append(key).append("\", sizeof(").append(key).append("));\n");
            }
            else
            {
                c.append("    printf(\"%s %zu\\n\", \"").append(key).append("\", offsetof(")
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
        if (!haveGcc || !Files.isRegularFile(HEADER))
        {
            final String missing = (haveGcc ? "" : "gcc ") + (Files.isRegularFile(HEADER) ? "" : HEADER.toString());
            if (System.getenv("CI") != null)
            {
                throw new AssertionError("missing " + missing + ": run scripts/install-deps.sh");
            }
            Assumptions.abort("missing " + missing + " (scripts/install-deps.sh installs libze-dev and gcc)");
        }
        final Map<String, Long> expected = javaLayouts();
        final Path dir = Files.createTempDirectory("ishmem-l0-layout");
        try
        {
            Files.writeString(dir.resolve("layout.c"), cProgram(expected));
            run(dir, "gcc", "-Wall", "-Werror", "-o", "layout", "layout.c");
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
