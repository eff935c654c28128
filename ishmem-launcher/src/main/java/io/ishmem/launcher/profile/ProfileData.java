package io.ishmem.launcher.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * What the recordings of one job hold, read with {@code jdk.jfr.consumer}: every PE's timed ishmem events, its
 * time in barriers and waits, how often it arrived last, and the traffic matrix.
 */
public final class ProfileData
{
    private static final String PREFIX = "ishmem.";

    private final int nPes;
    private final boolean[] recorded;
    private final List<Span> spans = new ArrayList<>();
    private final List<Span> failures = new ArrayList<>();
    private final long[] barrierNs;
    private final long[] barriers;
    private final long[] waitNs;
    private final long[] waits;
    private final long[] collectiveNs;
    private final long[] arrivedLast;
    private final long[] waitedForNs;
    private final long[] allocations;
    private final long[][] putBytes;
    private final long[][] getBytes;
    private final long[][] operations;
    private boolean profiled;

    private ProfileData(final int nPes)
    {
        this.nPes = nPes;
        recorded = new boolean[nPes];
        barrierNs = new long[nPes];
        barriers = new long[nPes];
        waitNs = new long[nPes];
        waits = new long[nPes];
        collectiveNs = new long[nPes];
        arrivedLast = new long[nPes];
        waitedForNs = new long[nPes];
        allocations = new long[nPes];
        putBytes = new long[nPes][nPes];
        getBytes = new long[nPes][nPes];
        operations = new long[nPes][nPes];
    }

    /**
     * Reads {@code pe-0.jfr} to {@code pe-<nPes-1>.jfr} of {@code directory}; a PE without a file, or with an empty
     * one (killed before it could write it), is left out, and {@link #recorded(int)} says so.
     *
     * @throws IOException if a file that exists cannot be read.
     */
    public static ProfileData read(final Path directory, final int nPes) throws IOException
    {
        final ProfileData data = new ProfileData(nPes);
        for (int pe = 0; pe < nPes; pe++)
        {
            final Path file = directory.resolve("pe-" + pe + ".jfr");
            // a PE killed before its JVM could dump leaves no file, or the empty one JFR made at start
            if (Files.isRegularFile(file) && Files.size(file) > 0)
            {
                data.recorded[pe] = true;
                try (RecordingFile recording = new RecordingFile(file))
                {
                    while (recording.hasMoreEvents())
                    {
                        data.add(pe, recording.readEvent());
                    }
                }
            }
        }
        return data;
    }

    private void add(final int pe, final RecordedEvent event)
    {
        final String type = event.getEventType().getName();
        if (!type.startsWith(PREFIX))
        {
            return;
        }
        final String kind = type.substring(PREFIX.length());
        switch (kind)
        {
            case "Traffic" -> traffic(pe, event);
            case "PeFailure" -> failures.add(span(pe, event, kind, "PE failure: PE " + event.getInt("failedPe")));
            case "Barrier" ->
            {
                barrierNs[pe] += event.getDuration().toNanos();
                barriers[pe]++;
                final int lastPe = event.getInt("lastPe");
                if (lastPe == pe)
                {
                    arrivedLast[pe]++;
                }
                else if (lastPe >= 0 && lastPe < nPes)
                {
                    waitedForNs[lastPe] += event.getDuration("lastArrivalLag").toNanos();
                }
                spans.add(span(pe, event, kind, "barrier (" + event.getString("call") + ")"));
            }
            case "Wait" ->
            {
                waitNs[pe] += event.getDuration().toNanos();
                waits[pe]++;
                spans.add(span(pe, event, kind, event.getString("call")));
            }
            case "Collective" ->
            {
                collectiveNs[pe] += event.getDuration().toNanos();
                spans.add(span(pe, event, kind, event.getString("call")));
            }
            case "Allocation" ->
            {
                allocations[pe]++;
                spans.add(span(pe, event, kind, event.getString("call")));
            }
            case "Team" -> spans.add(span(pe, event, kind, "team " + event.getString("action")));
            case "QueueOperation" -> spans.add(span(pe, event, kind, event.getString("call")));
            case "Atomic" -> spans.add(span(pe, event, kind, "atomic " + event.getString("op")));
            case "Init" ->
            {
                profiled |= event.getBoolean("profiling");
                spans.add(span(pe, event, kind, "init"));
            }
            case "Close" -> spans.add(span(pe, event, kind, "close"));
            default ->
            {
                // an event of a newer library: the timeline shows what it knows
            }
        }
    }

    /** The totals only grow: the largest of a (PE, target) pair is the job's total. */
    private void traffic(final int pe, final RecordedEvent event)
    {
        profiled = true;
        final int target = event.getInt("targetPe");
        if (target < 0 || target >= nPes)
        {
            return;
        }
        putBytes[pe][target] = Math.max(putBytes[pe][target], event.getLong("putBytes"));
        getBytes[pe][target] = Math.max(getBytes[pe][target], event.getLong("getBytes"));
        operations[pe][target] = Math.max(operations[pe][target], event.getLong("putOps") + event.getLong("getOps") +
            event.getLong("signalOps") + event.getLong("atomicOps"));
    }

    private static Span span(final int pe, final RecordedEvent event, final String kind, final String name)
    {
        final Map<String, Object> args = new LinkedHashMap<>();
        event.getFields().forEach(field ->
        {
            final Object value = event.getValue(field.getName());
            if (!field.getName().equals("startTime") && !field.getName().equals("duration") &&
                !field.getName().equals("eventThread") && !field.getName().equals("stackTrace") && value != null)
            {
                args.put(field.getName(), value instanceof Number || value instanceof Boolean ? value :
                    value.toString());
            }
        });
        final RecordedThread thread = event.getThread();
        final Instant start = event.getStartTime();
        final double startMicros = start.getEpochSecond() * 1e6 + start.getNano() / 1e3;
        return new Span(pe, thread != null ? thread.getJavaThreadId() : 0, thread != null ? thread.getJavaName() : "",
            kind, name, startMicros, event.getDuration().toNanos(), args);
    }

    public int nPes()
    {
        return nPes;
    }

    /** @return whether PE {@code pe} left a recording. */
    public boolean recorded(final int pe)
    {
        return recorded[pe];
    }

    /** @return whether the traffic counters were compiled in (ISHMEM_PROFILE) on some PE. */
    public boolean profiled()
    {
        return profiled;
    }

    List<Span> spans()
    {
        return spans;
    }

    List<Span> failures()
    {
        return failures;
    }

    /** @return nanoseconds PE {@code pe} spent in barriers (every team, the barriers inside collectives too). */
    public long barrierNs(final int pe)
    {
        return barrierNs[pe];
    }

    public long barriers(final int pe)
    {
        return barriers[pe];
    }

    /** @return nanoseconds PE {@code pe} spent blocked in point-to-point waits. */
    public long waitNs(final int pe)
    {
        return waitNs[pe];
    }

    public long waits(final int pe)
    {
        return waits[pe];
    }

    public long collectiveNs(final int pe)
    {
        return collectiveNs[pe];
    }

    /** @return how many of its barriers PE {@code pe} was the last member to arrive at. */
    public long arrivedLast(final int pe)
    {
        return arrivedLast[pe];
    }

    /**
     * @return nanoseconds the other PEs spent in barriers waiting for PE {@code pe} to arrive last (each waiting
     *         PE's lag behind it, summed): the time the job lost to this PE.
     */
    public long waitedForNs(final int pe)
    {
        return waitedForNs[pe];
    }

    public long allocations(final int pe)
    {
        return allocations[pe];
    }

    /** @return bytes PE {@code pe} put into PE {@code target}'s memory. */
    public long putBytes(final int pe, final int target)
    {
        return putBytes[pe][target];
    }

    /** @return bytes PE {@code pe} got from PE {@code target}'s memory. */
    public long getBytes(final int pe, final int target)
    {
        return getBytes[pe][target];
    }

    /** @return puts, gets, signal updates and atomics PE {@code pe} made on PE {@code target}'s memory. */
    public long operations(final int pe, final int target)
    {
        return operations[pe][target];
    }
}
