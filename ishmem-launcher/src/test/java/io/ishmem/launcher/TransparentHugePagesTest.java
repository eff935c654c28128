package io.ishmem.launcher;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TransparentHugePagesTest
{
    @TempDir
    Path dir;

    @Test
    void shouldAskForHugePagesOnlyWhereTheKernelGivesThemOnRequest() throws IOException
    {
        assertEquals(List.of("-XX:+UseTransparentHugePages"), option("always [madvise] never\n"));
        assertEquals(List.of(), option("[always] madvise never\n"));
        assertEquals(List.of(), option("always madvise [never]\n"));
    }

    @Test
    void shouldPutTheOptionAfterTheOthers()
    {
        final List<String> expected = new ArrayList<>(List.of("-Xmx1g", "-ea"));
        expected.addAll(TransparentHugePages.option());
        assertEquals(expected, TransparentHugePages.after("-Xmx1g", "-ea"));
    }

    @Test
    void shouldAskForNothingWithoutTheKernelsFile()
    {
        assertEquals(List.of(), TransparentHugePages.option(dir.resolve("no-such-file")));
    }

    private List<String> option(final String mode) throws IOException
    {
        return TransparentHugePages.option(Files.writeString(dir.resolve("enabled"), mode));
    }
}
