package io.ishmem;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code Reductions.java} is what its template renders: the typed reductions are never edited by hand. */
class ReductionsSourceTest
{
    private static final Path SOURCE = Path.of("src/main/java/io/ishmem/Reductions.java");

    @Test
    void shouldMatchItsTemplate() throws IOException
    {
        final String rendered = ReductionsSource.render();
        if (Boolean.getBoolean("ishmem.regenerate"))
        {
            Files.writeString(SOURCE, rendered);
        }
        assertEquals(rendered, Files.readString(SOURCE),
            "Reductions.java differs from ReductionsSource's output: run this test with -Dishmem.regenerate=true");
    }
}
