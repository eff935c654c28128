package io.ishmem.ucx.bindings;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.PaddingLayout;
import java.lang.foreign.UnionLayout;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated binding against the C compiler: a C program compiled with gcc against the same {@code ucp.h}
 * prints {@code sizeof} of every struct the binding holds, {@code offsetof} and {@code sizeof} of every field
 * (nested unions included), the value of every constant and the size of every function's return type, and each
 * must equal what the binding computes. The return types matter here as much as the structs: {@code ucs_status_t}
 * is a packed enum of one byte, and a binding that read it as an int would see undefined upper bytes. A wrong
 * binding fails here, in CI, without jextract and without running UCX.
 */
class LayoutTest
{
    /** Every struct typedef in native-headers/ucp.argfile. */
    private static final List<String> STRUCTS = List.of("ucp_params_t", "ucp_context_attr_t", "ucp_worker_params_t",
        "ucs_cpu_set_t", "ucp_ep_params_t", "ucp_err_handler_t", "ucs_sock_addr_t", "ucp_mem_map_params_t",
        "ucp_request_param_t");

    private static final Path HEADER = Path.of("/usr/include/ucp/api/ucp.h");

    /** What the binding computes, and the C expression whose value gcc must agree with. */
    private record Check(long expected, String cExpression)
    {
    }

    private static GroupLayout layoutOf(final String struct) throws ReflectiveOperationException
    {
        return (GroupLayout)Class.forName("io.ishmem.ucx.bindings." + struct).getMethod("layout").invoke(null);
    }

    /** Adds the offset and size of each named member of {@code group}, at {@code base} bytes into {@code type}. */
    private static void addMembers(final Map<String, Check> checks, final String type, final String path,
        final GroupLayout group, final long base)
    {
        long offset = 0;
        for (final MemoryLayout member : group.memberLayouts())
        {
            if (!(member instanceof PaddingLayout))
            {
                final String name = member.name().orElseThrow(() -> new AssertionError(type + ": unnamed member"));
                final String field = path.isEmpty() ? name : path + "." + name;
                // a union's members all start where the union does
                final long at = base + (group instanceof UnionLayout ? 0 : offset);
                checks.put(type + "." + field, new Check(at, "offsetof(" + type + ", " + field + ")"));
                checks.put(type + "." + field + ":size",
                    new Check(member.byteSize(), "sizeof(((" + type + " *)0)->" + field + ")"));
                if (member instanceof GroupLayout nested)
                {
                    addMembers(checks, type, field, nested, at);
                }
            }
            offset += member.byteSize();
        }
    }

    /** @return every struct's size and fields, as the binding computes them. */
    private static Map<String, Check> structChecks() throws ReflectiveOperationException
    {
        final Map<String, Check> checks = new LinkedHashMap<>();
        for (final String struct : STRUCTS)
        {
            final GroupLayout layout = layoutOf(struct);
            checks.put(struct, new Check(layout.byteSize(), "sizeof(" + struct + ")"));
            addMembers(checks, struct, "", layout, 0);
        }
        return checks;
    }

    /** @return every constant in {@code UcpApi}: its public static no-argument int or long methods in capitals. */
    private static Map<String, Check> constantChecks() throws ReflectiveOperationException
    {
        final Map<String, Check> checks = new LinkedHashMap<>();
        for (final Method method : UcpApi.class.getMethods())
        {
            if (Modifier.isStatic(method.getModifiers()) && method.getParameterCount() == 0 &&
                (method.getReturnType() == int.class || method.getReturnType() == long.class) &&
                method.getName().matches("[A-Z][A-Z0-9_]*"))
            {
                checks.put(method.getName(), new Check(((Number)method.invoke(null)).longValue(),
                    "(" + method.getName() + ")"));
            }
        }
        return checks;
    }

    /**
     * @return every function in {@code UcpApi}: the size of its return type, or for a void function that gcc
     * also finds it void. Each is called with zeros in a {@code sizeof}, which gcc never evaluates, so a wrong
     * number of parameters fails the compilation.
     */
    private static Map<String, Check> functionChecks() throws ReflectiveOperationException
    {
        final Map<String, Check> checks = new LinkedHashMap<>();
        for (final Method method : UcpApi.class.getMethods())
        {
            final String name = method.getName();
            if (Modifier.isStatic(method.getModifiers()) && name.endsWith("$descriptor"))
            {
                final String function = name.substring(0, name.length() - "$descriptor".length());
                final FunctionDescriptor descriptor = (FunctionDescriptor)method.invoke(null);
                final String call = function + "(" +
                    String.join(", ", Collections.nCopies(descriptor.argumentLayouts().size(), "0")) + ")";
                checks.put(function + "()", descriptor.returnLayout()
                    .map(layout -> new Check(layout.byteSize(), "sizeof(" + call + ")"))
                    .orElseGet(() -> new Check(1, "__builtin_types_compatible_p(__typeof__(" + call + "), void)")));
            }
        }
        return checks;
    }

    private static String cProgram(final Map<String, Check> checks)
    {
        final StringBuilder c = new StringBuilder(
            "#include <stddef.h>\n#include <stdio.h>\n#include <ucp/api/ucp.h>\nint main(void)\n{\n");
        for (final Map.Entry<String, Check> entry : checks.entrySet())
        {
            c.append("    printf(\"%s %lld\\n\", \"").append(entry.getKey()).append("\", (long long)")
                .append(entry.getValue().cExpression()).append(");\n");
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
    void shouldMatchTheCCompilersLayoutsConstantsAndReturnTypes() throws Exception
    {
        final boolean haveGcc = Files.isExecutable(Path.of("/usr/bin/gcc"));
        if (!haveGcc || !Files.isRegularFile(HEADER))
        {
            final String missing = (haveGcc ? "" : "gcc ") + (Files.isRegularFile(HEADER) ? "" : HEADER.toString());
            if (System.getenv("CI") != null)
            {
                throw new AssertionError("missing " + missing + ": run scripts/install-deps.sh");
            }
            Assumptions.abort("missing " + missing + " (scripts/install-deps.sh installs libucx-dev and gcc)");
        }
        final Map<String, Check> structs = structChecks();
        final Map<String, Check> constants = constantChecks();
        final Map<String, Check> functions = functionChecks();
        final Map<String, Check> expected = new LinkedHashMap<>(structs);
        expected.putAll(constants);
        expected.putAll(functions);
        final Path dir = Files.createTempDirectory("ishmem-ucx-layout");
        try
        {
            Files.writeString(dir.resolve("layout.c"), cProgram(expected));
            run(dir, "gcc", "-Wall", "-Werror", "-o", "layout", "layout.c");
            final List<String> mismatches = new ArrayList<>();
            final Map<String, Long> actual = new LinkedHashMap<>();
            for (final String line : run(dir, dir.resolve("layout").toString()))
            {
                final int space = line.lastIndexOf(' ');
                actual.put(line.substring(0, space), Long.parseLong(line.substring(space + 1)));
            }
            for (final Map.Entry<String, Check> entry : expected.entrySet())
            {
                final Long c = actual.get(entry.getKey());
                if (c == null || c != entry.getValue().expected())
                {
                    mismatches.add(entry.getKey() + ": binding " + entry.getValue().expected() + ", gcc " + c);
                }
            }
            assertEquals(List.of(), mismatches, "what differs from the C compiler");
            assertEquals(expected.size(), actual.size(), "lines printed");
            assertTrue(structs.size() > STRUCTS.size() * 2, "struct sizes and fields compared: " + structs.size());
            assertTrue(constants.size() > 100, "constants compared: " + constants.size());
            assertTrue(functions.size() > 25, "functions compared: " + functions.size());
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
