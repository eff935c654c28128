package io.ishmem.core.collective;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code Combine.java} is what its template renders: the arithmetic loops are never edited by hand. */
class CombineSourceTest
{
    private static final Path SOURCE = Path.of("src/main/java/io/ishmem/core/collective/Combine.java");

    @Test
    void shouldMatchItsTemplate() throws IOException
    {
        final String rendered = CombineSource.render();
        if (Boolean.getBoolean("ishmem.regenerate"))
        {
            Files.writeString(SOURCE, rendered);
        }
        assertEquals(rendered, Files.readString(SOURCE),
            "Combine.java differs from CombineSource's output: run this test with -Dishmem.regenerate=true");
    }
}
