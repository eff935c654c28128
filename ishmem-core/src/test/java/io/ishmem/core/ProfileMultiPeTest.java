package io.ishmem.core;

import io.ishmem.Cmp;
import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeJob;
import io.ishmem.launcher.IshmemRun;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ishmemrun --profile on a real job: the events each PE recorded (the PE that sleeps before a barrier is named as the
 * last to arrive, and the others' wait shows it), the traffic counters against the bytes the job put and got, and
 * the report files (the trace parses and has every PE, the PNG decodes, the table has every PE).
 */
class ProfileMultiPeTest
{
    private static final int NPES = 4;
    private static final int LATE_PE = 2;
    // well above the skew of the PEs' starts, which the summary's total of waits also counts: 4 PEs with JFR on 2
    // cores reach init's barriers up to ~0.9 s apart (a CI run saw PE 0 named for 889 ms against a 200 ms sleep)
    private static final long LATE_MS = 1500;
    private static final long SIGNAL_DELAY_MS = 100;

    /** Bytes PE k puts into PE k + 1: different per PE, so a counter credited to the wrong pair shows. */
    static long putBytes(final int pe)
    {
        return 256L * (pe + 1);
    }

    static final long GET_BYTES = 64;

    /** The job: known traffic, then a barrier that PE 2 reaches 200 ms late, then a signal PE 0 waits 100 ms for. */
    public static final class ProfiledJob
    {
        public static void main(final String[] args) throws InterruptedException
        {
            try (Ishmem shmem = Ishmem.init(); Arena arena = Arena.ofConfined())
            {
                final int me = shmem.myPe();
                final int n = shmem.nPes();
                final SymmetricSegment data = shmem.malloc(4096);
                final SymmetricSegment words = shmem.calloc(4, ValueLayout.JAVA_LONG);
                final MemorySegment local = arena.allocate(4096, 64);
                shmem.barrierAll();
                // counted traffic: one put, one p (8 bytes) and one get, each to its own target
                shmem.put(data, 0, local, 0, putBytes(me), (me + 1) % n);
                shmem.pLong(words, 0, me, (me + 2) % n);
                shmem.get(local, 0, data, 1024, GET_BYTES, (me + 3) % n);
                shmem.barrierAll();
                if (me == LATE_PE)
                {
                    Thread.sleep(LATE_MS);
                }
                shmem.barrierAll();
                if (me == 1)
                {
                    Thread.sleep(SIGNAL_DELAY_MS);
                    shmem.signalSet(words, 1, 1, 0);
                }
                if (me == 0)
                {
                    shmem.signalWaitUntil(words, 1, Cmp.GE, 1);
                }
                shmem.barrierAll();
                shmem.free(words);
                shmem.free(data);
            }
        }
    }

    /**
     * PE 1 is killed (SIGKILL: no shutdown hook, no recording written) while the others wait for it in a barrier, and
     * fail with PeFailureException.
     */
    public static final class FailingJob
    {
        public static void main(final String[] args) throws IOException, InterruptedException
        {
            try (Ishmem shmem = Ishmem.init())
            {
                if (shmem.myPe() == 1)
                {
                    new ProcessBuilder("kill", "-KILL", Long.toString(ProcessHandle.current().pid())).start().waitFor();
                }
                shmem.barrierAll();
            }
        }
    }

    @Test
    @Timeout(180)
    void shouldRecordTheFailureOnTheSurvivorsAndReportThePeWithoutARecording() throws IOException
    {
        final Path dir = Files.createTempDirectory("ishmem-profile-");
        try
        {
            final ByteArrayOutputStream err = new ByteArrayOutputStream();
            final String output = runProfiled(FailingJob.class, 3, dir, err);
            assertTrue(!Files.exists(dir.resolve("pe-1.jfr")) || Files.size(dir.resolve("pe-1.jfr")) == 0,
                "a killed PE writes no recording\n" + output);
            assertTrue(output.contains("jfr-repository holds the JFR chunks of PEs that did not end normally"), output);
            for (final int pe : new int[] {0, 2})
            {
                final RecordedEvent failure = RecordingFile.readAllEvents(dir.resolve("pe-" + pe + ".jfr")).stream()
                    .filter(e -> e.getEventType().getName().equals("ishmem.PeFailure")).findFirst()
                    .orElseThrow(() -> new AssertionError("no ishmem.PeFailure on PE " + pe + "\n" + output));
                assertEquals(1, failure.getInt("failedPe"), failure.toString());
            }
            final String table = Files.readString(dir.resolve("imbalance.md"));
            assertTrue(table.contains("| 1 | no recording"), table);
            assertTrue(err.toString(StandardCharsets.UTF_8).contains("profile: 2 of 3 PEs recorded"), output);
            assertTrue(err.toString(StandardCharsets.UTF_8).contains("PE failure event(s) recorded"), output);
        }
        finally
        {
            delete(dir);
        }
    }

    /** Runs {@code main} on {@code npes} PEs through ishmemrun --profile; returns stdout and stderr. */
    private static String runProfiled(final Class<?> main, final int npes, final Path dir,
        final ByteArrayOutputStream err)
    {
        final List<String> args = new ArrayList<>(List.of("-n", Integer.toString(npes), "--timeout", "120",
            "--profile", dir.toString(), "--"));
        args.addAll(MultiPeJob.ofMain(main).command());
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        IshmemRun.execute(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
    }

    private static void delete(final Path dir) throws IOException
    {
        try (Stream<Path> files = Files.walk(dir))
        {
            for (final Path file : files.sorted(Comparator.reverseOrder()).toList())
            {
                Files.deleteIfExists(file);
            }
        }
    }

    @Test
    @Timeout(180)
    void shouldNameTheLatePeAndCountTheBytesAndWriteTheReport() throws IOException
    {
        final Path dir = Files.createTempDirectory("ishmem-profile-");
        try
        {
            final List<String> args = new ArrayList<>(List.of("-n", Integer.toString(NPES), "--timeout", "120",
                "--profile", dir.toString(), "--"));
            args.addAll(MultiPeJob.ofMain(ProfiledJob.class).command());
            final ByteArrayOutputStream out = new ByteArrayOutputStream();
            final ByteArrayOutputStream err = new ByteArrayOutputStream();
            final int status = IshmemRun.execute(args.toArray(String[]::new),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
            final String output = out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
            assertEquals(0, status, output);

            final Map<Integer, List<RecordedEvent>> events = new LinkedHashMap<>();
            for (int pe = 0; pe < NPES; pe++)
            {
                final Path file = dir.resolve("pe-" + pe + ".jfr");
                assertTrue(Files.isRegularFile(file), file + " missing\n" + output);
                events.put(pe, RecordingFile.readAllEvents(file).stream()
                    .filter(e -> e.getEventType().getName().startsWith("ishmem.")).toList());
            }
            checkLateBarrier(events);
            checkTraffic(events);
            checkWait(events);
            checkInitAndAllocations(events);
            checkTrace(dir.resolve("trace.json"));
            checkPng(dir.resolve("traffic.png"));
            checkPng(dir.resolve("timeline.png"));
            final String table = Files.readString(dir.resolve("imbalance.md"));
            for (int pe = 0; pe < NPES; pe++)
            {
                assertTrue(table.contains("\n| " + pe + " | "), "no row for PE " + pe + ":\n" + table);
            }
            assertTrue(err.toString(StandardCharsets.UTF_8).contains("the others waited longest for PE " + LATE_PE + ":"),
                output);
        }
        finally
        {
            delete(dir);
        }
    }

    /** The longest barrierAll of every PE is the one PE 2 came late to: all name PE 2, the others waited it out. */
    private static void checkLateBarrier(final Map<Integer, List<RecordedEvent>> events)
    {
        long lateSequence = -1;
        for (int pe = 0; pe < NPES; pe++)
        {
            final List<RecordedEvent> barriers = events.get(pe).stream()
                .filter(e -> e.getEventType().getName().equals("ishmem.Barrier"))
                .filter(e -> e.getString("call").equals("barrierAll")).toList();
            assertTrue(barriers.size() >= 4, "PE " + pe + " recorded " + barriers.size() + " barrierAll events");
            final RecordedEvent longest = barriers.stream()
                .max(Comparator.comparing(RecordedEvent::getDuration)).orElseThrow();
            final RecordedEvent late = pe == LATE_PE ? barriers.stream()
                .filter(e -> e.getLong("sequence") == longestOtherSequence(events))
                .findFirst().orElseThrow() : longest;
            assertEquals(LATE_PE, late.getInt("lastPe"), "PE " + pe + ": " + late);
            if (pe != LATE_PE)
            {
                assertTrue(late.getDuration().compareTo(Duration.ofMillis(150)) >= 0, "PE " + pe + " waited only " +
                    late.getDuration() + " for PE " + LATE_PE);
                assertTrue(late.getDuration(("lastArrivalLag")).compareTo(Duration.ofMillis(150)) >= 0, late.toString());
                if (lateSequence >= 0)
                {
                    assertEquals(lateSequence, late.getLong("sequence"), "the PEs disagree on the late barrier");
                }
                lateSequence = late.getLong("sequence");
            }
            else
            {
                assertTrue(late.getDuration().compareTo(Duration.ofMillis(100)) < 0,
                    "the late PE itself should not wait: " + late);
            }
        }
    }

    private static long longestOtherSequence(final Map<Integer, List<RecordedEvent>> events)
    {
        return events.get(0).stream()
            .filter(e -> e.getEventType().getName().equals("ishmem.Barrier"))
            .filter(e -> e.getString("call").equals("barrierAll"))
            .max(Comparator.comparing(RecordedEvent::getDuration)).orElseThrow().getLong("sequence");
    }

    /** The latest total of each (PE, target) pair equals what the job moved, and nothing else was counted. */
    private static void checkTraffic(final Map<Integer, List<RecordedEvent>> events)
    {
        for (int pe = 0; pe < NPES; pe++)
        {
            final Map<Integer, RecordedEvent> latest = new LinkedHashMap<>();
            for (final RecordedEvent event : events.get(pe))
            {
                if (event.getEventType().getName().equals("ishmem.Traffic"))
                {
                    assertEquals(pe, event.getInt("pe"));
                    latest.merge(event.getInt("targetPe"), event,
                        (a, b) -> a.getLong("putBytes") + a.getLong("getBytes") + a.getLong("signalOps") >=
                            b.getLong("putBytes") + b.getLong("getBytes") + b.getLong("signalOps") ? a : b);
                }
            }
            final int putTarget = (pe + 1) % NPES;
            final int pTarget = (pe + 2) % NPES;
            final int getTarget = (pe + 3) % NPES;
            final Set<Integer> expectedTargets = new HashSet<>(List.of(putTarget, pTarget, getTarget));
            if (pe == 1)
            {
                expectedTargets.add(0);
            }
            assertEquals(expectedTargets, latest.keySet(), "PE " + pe + " targets");
            assertEquals(putBytes(pe), latest.get(putTarget).getLong("putBytes"), "PE " + pe + " put bytes");
            assertEquals(1, latest.get(putTarget).getLong("putOps"), "PE " + pe + " puts");
            assertEquals(8, latest.get(pTarget).getLong("putBytes"), "PE " + pe + " p bytes");
            assertEquals(1, latest.get(pTarget).getLong("putOps"), "PE " + pe + " p");
            assertEquals(GET_BYTES, latest.get(getTarget).getLong("getBytes"), "PE " + pe + " get bytes");
            assertEquals(1, latest.get(getTarget).getLong("getOps"), "PE " + pe + " gets");
            assertEquals(pe == 1 ? 1 : 0, latest.get(pe == 1 ? 0 : putTarget).getLong("signalOps"),
                "PE " + pe + " signals");
        }
    }

    private static void checkWait(final Map<Integer, List<RecordedEvent>> events)
    {
        final RecordedEvent wait = events.get(0).stream()
            .filter(e -> e.getEventType().getName().equals("ishmem.Wait"))
            .filter(e -> e.getString("call").equals("signalWaitUntil")).findFirst().orElseThrow();
        assertEquals("GE 1", wait.getString("condition"));
        assertTrue(wait.getDuration().compareTo(Duration.ofMillis(80)) >= 0, wait.toString());
    }

    private static void checkInitAndAllocations(final Map<Integer, List<RecordedEvent>> events)
    {
        for (int pe = 0; pe < NPES; pe++)
        {
            final List<RecordedEvent> mine = events.get(pe);
            final RecordedEvent init = mine.stream().filter(e -> e.getEventType().getName().equals("ishmem.Init"))
                .findFirst().orElseThrow(() -> new AssertionError("no init event"));
            assertEquals(NPES, init.getInt("nPes"));
            assertTrue(init.getBoolean("profiling"));
            assertTrue(init.getString("settings").contains("ISHMEM_SYMMETRIC_SIZE="), init.toString());
            final List<RecordedEvent> allocations = mine.stream()
                .filter(e -> e.getEventType().getName().equals("ishmem.Allocation")).toList();
            final RecordedEvent malloc = allocations.stream().filter(e -> e.getString("call").equals("malloc"))
                .findFirst().orElseThrow();
            assertEquals(4096, malloc.getLong("bytes"));
            assertTrue(malloc.getLong("heapUsed") >= 4096, malloc.toString());
            final RecordedEvent lastFree = allocations.getLast();
            assertEquals("free", lastFree.getString("call"));
            assertEquals(0, lastFree.getLong("heapUsed"), "every allocation freed: " + lastFree);
            assertTrue(mine.stream().anyMatch(e -> e.getEventType().getName().equals("ishmem.Close")));
            assertTrue(mine.stream().anyMatch(e -> e.getEventType().getName().equals("ishmem.Collective") &&
                e.getString("call").equals("barrierAll")));
        }
    }

    @SuppressWarnings("unchecked")
    private static void checkTrace(final Path trace) throws IOException
    {
        final Object parsed = new Json(Files.readString(trace)).parse();
        final List<Object> traceEvents = (List<Object>)((Map<String, Object>)parsed).get("traceEvents");
        final Map<Integer, Set<String>> namesByPe = new LinkedHashMap<>();
        for (final Object element : traceEvents)
        {
            final Map<String, Object> event = (Map<String, Object>)element;
            if ("X".equals(event.get("ph")))
            {
                assertTrue(((Number)event.get("ts")).doubleValue() >= 0, event.toString());
                assertTrue(((Number)event.get("dur")).doubleValue() >= 0, event.toString());
                namesByPe.computeIfAbsent(((Number)event.get("pid")).intValue(), k -> new HashSet<>())
                    .add((String)event.get("name"));
            }
        }
        for (int pe = 0; pe < NPES; pe++)
        {
            final Set<String> names = namesByPe.get(pe);
            assertNotNull(names, "no events of PE " + pe + " in the trace");
            assertTrue(names.contains("barrier (barrierAll)") && names.contains("malloc") && names.contains("init"),
                "PE " + pe + ": " + names);
        }
        assertTrue(namesByPe.get(0).contains("signalWaitUntil"), namesByPe.get(0).toString());
    }

    /**
     * Decodes the PNG as far as its pixels' bytes (java.desktop is not readable from this module's tests): the
     * signature, every chunk's CRC, and IDAT inflating to one filter byte plus 3 bytes per pixel for every row.
     */
    private static void checkPng(final Path png) throws IOException
    {
        final byte[] bytes = Files.readAllBytes(png);
        final java.nio.ByteBuffer buffer = java.nio.ByteBuffer.wrap(bytes);
        final byte[] signature = {(byte)0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
        for (final byte b : signature)
        {
            assertEquals(b, buffer.get(), "PNG signature");
        }
        int width = 0;
        int height = 0;
        final ByteArrayOutputStream idat = new ByteArrayOutputStream();
        boolean ended = false;
        while (!ended)
        {
            final int length = buffer.getInt();
            final byte[] typeAndData = new byte[4 + length];
            buffer.get(typeAndData);
            final CRC32 crc = new CRC32();
            crc.update(typeAndData);
            assertEquals(crc.getValue(), buffer.getInt() & 0xFFFF_FFFFL, "PNG chunk CRC");
            final String type = new String(typeAndData, 0, 4, StandardCharsets.US_ASCII);
            switch (type)
            {
                case "IHDR" ->
                {
                    final java.nio.ByteBuffer header = java.nio.ByteBuffer.wrap(typeAndData, 4, length);
                    width = header.getInt();
                    height = header.getInt();
                    assertEquals(8, header.get(), "bit depth");
                    assertEquals(2, header.get(), "colour type RGB");
                }
                case "IDAT" -> idat.write(typeAndData, 4, length);
                case "IEND" -> ended = true;
                default ->
                {
                    // ancillary chunks
                }
            }
        }
        assertTrue(width > 100 && height > 100, width + "x" + height);
        final Inflater inflater = new Inflater();
        inflater.setInput(idat.toByteArray());
        final byte[] pixels = new byte[height * (1 + 3 * width) + 1];
        final int inflated;
        try
        {
            inflated = inflater.inflate(pixels);
        }
        catch (final DataFormatException ex)
        {
            throw new AssertionError("IDAT does not inflate", ex);
        }
        assertTrue(inflater.finished());
        inflater.end();
        assertEquals(height * (1 + 3 * width), inflated, "pixel bytes of a " + width + "x" + height + " RGB image");
    }

    /** Just enough JSON to read the trace back: objects, arrays, strings, numbers, true, false, null. */
    private static final class Json
    {
        private final String text;
        private int at;

        Json(final String text)
        {
            this.text = text;
        }

        Object parse()
        {
            final Object value = value();
            space();
            if (at != text.length())
            {
                throw new IllegalArgumentException("trailing text at " + at);
            }
            return value;
        }

        private Object value()
        {
            space();
            final char c = text.charAt(at);
            if (c == '{')
            {
                at++;
                final Map<String, Object> object = new LinkedHashMap<>();
                space();
                if (text.charAt(at) == '}')
                {
                    at++;
                    return object;
                }
                while (true)
                {
                    space();
                    final String key = string();
                    space();
                    expect(':');
                    object.put(key, value());
                    space();
                    if (text.charAt(at++) == '}')
                    {
                        return object;
                    }
                    if (text.charAt(at - 1) != ',')
                    {
                        throw new IllegalArgumentException("expected , or } at " + (at - 1));
                    }
                }
            }
            if (c == '[')
            {
                at++;
                final List<Object> array = new ArrayList<>();
                space();
                if (text.charAt(at) == ']')
                {
                    at++;
                    return array;
                }
                while (true)
                {
                    array.add(value());
                    space();
                    if (text.charAt(at++) == ']')
                    {
                        return array;
                    }
                    if (text.charAt(at - 1) != ',')
                    {
                        throw new IllegalArgumentException("expected , or ] at " + (at - 1));
                    }
                }
            }
            if (c == '"')
            {
                return string();
            }
            for (final String word : new String[] {"true", "false", "null"})
            {
                if (text.startsWith(word, at))
                {
                    at += word.length();
                    return word.equals("null") ? null : Boolean.valueOf(word);
                }
            }
            final int start = at;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0)
            {
                at++;
            }
            return Double.parseDouble(text.substring(start, at));
        }

        private String string()
        {
            expect('"');
            final StringBuilder value = new StringBuilder();
            while (true)
            {
                final char c = text.charAt(at++);
                if (c == '"')
                {
                    return value.toString();
                }
                if (c == '\\')
                {
                    final char e = text.charAt(at++);
                    switch (e)
                    {
                        case 'n' -> value.append('\n');
                        case 't' -> value.append('\t');
                        case 'r' -> value.append('\r');
                        case 'u' ->
                        {
                            value.append((char)Integer.parseInt(text.substring(at, at + 4), 16));
                            at += 4;
                        }
                        default -> value.append(e);
                    }
                }
                else
                {
                    value.append(c);
                }
            }
        }

        private void expect(final char c)
        {
            if (text.charAt(at++) != c)
            {
                throw new IllegalArgumentException("expected " + c + " at " + (at - 1));
            }
        }

        private void space()
        {
            while (at < text.length() && Character.isWhitespace(text.charAt(at)))
            {
                at++;
            }
        }
    }
}
