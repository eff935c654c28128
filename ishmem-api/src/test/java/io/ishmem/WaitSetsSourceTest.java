package io.ishmem;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code WaitSets.java} is what its template renders: the typed routines are never edited by hand. */
class WaitSetsSourceTest
{
    private static final Path SOURCE = Path.of("src/main/java/io/ishmem/WaitSets.java");

    @Test
    void shouldMatchItsTemplate() throws IOException
    {
        final String rendered = WaitSetsSource.render();
        if (Boolean.getBoolean("ishmem.regenerate"))
        {
            Files.writeString(SOURCE, rendered);
        }
        assertEquals(rendered, Files.exists(SOURCE) ? Files.readString(SOURCE) : "",
            "WaitSets.java differs from WaitSetsSource's output: run this test with -Dishmem.regenerate=true");
    }
}
