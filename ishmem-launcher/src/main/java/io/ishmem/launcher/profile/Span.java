package io.ishmem.launcher.profile;

import java.util.Map;

/**
 * One timed ishmem event of one PE, as the timeline shows it.
 *
 * @param pe           the PE that recorded it.
 * @param thread       the Java thread id.
 * @param threadName   the thread's name.
 * @param kind         Barrier, Wait, Collective, Allocation, Team, QueueOperation, Init, Close, Atomic.
 * @param name         what the timeline calls it, e.g. "barrierAll" or "waitUntilLong".
 * @param startMicros  start, microseconds since the epoch.
 * @param durationNs   duration in nanoseconds.
 * @param args         the event's fields, for the timeline's details.
 */
record Span(int pe, long thread, String threadName, String kind, String name, double startMicros, long durationNs,
    Map<String, Object> args)
{
}
