package io.ishmem.launcher.profile;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;

/**
 * {@code trace.json}: the barriers, waits, collectives, allocations, team and queue operations of every PE in the
 * Chrome trace-event format, which Perfetto (ui.perfetto.dev) and chrome://tracing open: one process per PE
 * ({@code pid} = PE), one track per Java thread, complete events ("X") with {@code ts} and {@code dur} in
 * microseconds from the job's first event, and PE failures as instant events.
 */
public final class ChromeTrace
{
    public static final String FILE = "trace.json";

    private ChromeTrace()
    {
    }

    public static Path write(final ProfileData data, final Path directory) throws IOException
    {
        double origin = Double.MAX_VALUE;
        for (final Span span : data.spans())
        {
            origin = Math.min(origin, span.startMicros());
        }
        for (final Span span : data.failures())
        {
            origin = Math.min(origin, span.startMicros());
        }
        final Path file = directory.resolve(FILE);
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8))
        {
            out.write("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n");
            boolean first = true;
            for (int pe = 0; pe < data.nPes(); pe++)
            {
                first = separator(out, first);
                out.write("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" + pe + ",\"args\":{\"name\":\"PE " + pe +
                    (data.recorded(pe) ? "" : " (no recording)") + "\"}}");
                first = separator(out, first);
                out.write("{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":" + pe +
                    ",\"args\":{\"sort_index\":" + pe + "}}");
            }
            final double start = origin;
            final var sorted = data.spans().stream()
                .sorted(Comparator.comparingInt(Span::pe).thenComparingDouble(Span::startMicros)).toList();
            long lastThread = -1;
            int lastPe = -1;
            for (final Span span : sorted)
            {
                if (span.pe() != lastPe || span.thread() != lastThread)
                {
                    first = separator(out, first);
                    out.write("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" + span.pe() + ",\"tid\":" +
                        span.thread() + ",\"args\":{\"name\":" + quote(span.threadName()) + "}}");
                    lastPe = span.pe();
                    lastThread = span.thread();
                }
                first = separator(out, first);
                out.write("{\"ph\":\"X\",\"pid\":" + span.pe() + ",\"tid\":" + span.thread() + ",\"name\":" +
                    quote(span.name()) + ",\"cat\":" + quote(span.kind()) + ",\"ts\":" +
                    micros(span.startMicros() - start) + ",\"dur\":" + micros(span.durationNs() / 1e3) +
                    ",\"args\":" + args(span.args()) + "}");
            }
            for (final Span failure : data.failures())
            {
                first = separator(out, first);
                out.write("{\"ph\":\"i\",\"s\":\"p\",\"pid\":" + failure.pe() + ",\"tid\":" + failure.thread() +
                    ",\"name\":" + quote(failure.name()) + ",\"cat\":\"PeFailure\",\"ts\":" +
                    micros(failure.startMicros() - start) + ",\"args\":" + args(failure.args()) + "}");
            }
            out.write("\n]}\n");
        }
        return file;
    }

    private static boolean separator(final Writer out, final boolean first) throws IOException
    {
        if (!first)
        {
            out.write(",\n");
        }
        return false;
    }

    private static String micros(final double value)
    {
        return String.format(Locale.ROOT, "%.3f", value);
    }

    private static String args(final Map<String, Object> args)
    {
        final StringBuilder text = new StringBuilder("{");
        for (final Map.Entry<String, Object> entry : args.entrySet())
        {
            if (text.length() > 1)
            {
                text.append(',');
            }
            text.append(quote(entry.getKey())).append(':');
            final Object value = entry.getValue();
            if (value instanceof Number number && Double.isFinite(number.doubleValue()) || value instanceof Boolean)
            {
                text.append(value);
            }
            else
            {
                text.append(quote(String.valueOf(value)));
            }
        }
        return text.append('}').toString();
    }

    static String quote(final String value)
    {
        final StringBuilder text = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++)
        {
            final char c = value.charAt(i);
            switch (c)
            {
                case '"' -> text.append("\\\"");
                case '\\' -> text.append("\\\\");
                case '\n' -> text.append("\\n");
                case '\r' -> text.append("\\r");
                case '\t' -> text.append("\\t");
                default ->
                {
                    if (c < 0x20)
                    {
                        text.append(String.format(Locale.ROOT, "\\u%04x", (int)c));
                    }
                    else
                    {
                        text.append(c);
                    }
                }
            }
        }
        return text.append('"').toString();
    }
}
