package io.ishmem.core.runtime;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigDocTest
{
    @Test
    void shouldListEveryVariableWithItsDefaultInTheConfigurationPage() throws IOException
    {
        final String page = Files.readString(Path.of("..", "docs", "configuration.md"));
        for (final Config config : Config.values())
        {
            final String defaultText = config.defaultValue().isEmpty() ? "(none)" : "`" + config.defaultValue() + "`";
            final String row = "| `" + config.envName() + "` | " + config.kind().name().toLowerCase(Locale.ROOT) +
                " | " + defaultText + " | " + config.description() + " |";
            assertTrue(page.contains(row), "docs/configuration.md lacks or differs from: " + row);
        }
    }
}
