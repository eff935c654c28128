package io.ishmem;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code Atomics.java} is what its template renders: the typed routines are never edited by hand. */
class AtomicsSourceTest
{
    private static final Path SOURCE = Path.of("src/main/java/io/ishmem/Atomics.java");

    @Test
    void shouldMatchItsTemplate() throws IOException
    {
        final String rendered = AtomicsSource.render();
        if (Boolean.getBoolean("ishmem.regenerate"))
        {
            Files.writeString(SOURCE, rendered);
        }
        assertEquals(rendered, Files.readString(SOURCE),
            "Atomics.java differs from AtomicsSource's output: run this test with -Dishmem.regenerate=true");
    }
}
