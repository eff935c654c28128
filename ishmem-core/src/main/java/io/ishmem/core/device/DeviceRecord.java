package io.ishmem.core.device;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * One PE's record in each round of the device heap set-up, in host symmetric memory:
 * <pre>
 *   0                   4                   8                   12                  16
 *   +-------------------+-------------------+-------------------+-------------------+
 *   | status            | reserved          | fd (exporter's)   | fd offset in handle|
 *   +-------------------+-------------------+-------------------+-------------------+
 *   | handle length     | reserved          | heap size (8 bytes)                   |
 *   +-------------------+-------------------+---------------------------------------+
 *   | handle bytes (64)                                                             |
 *   +-------------------------------------------------------------------------------+
 *   | reason length     | reason, UTF-8 (up to REASON_BYTES)                        |
 *   +-------------------------------------------------------------------------------+
 * </pre>
 * Only its owner writes a record, before the gather's barrier; the others read it after.
 */
public final class DeviceRecord
{
    public static final int STATUS_OFFSET = 0;
    public static final int FD_OFFSET = STATUS_OFFSET + 2 * Integer.BYTES;
    public static final int FD_IN_HANDLE_OFFSET = FD_OFFSET + Integer.BYTES;
    public static final int HANDLE_LENGTH_OFFSET = FD_IN_HANDLE_OFFSET + Integer.BYTES;
    public static final int HEAP_SIZE_OFFSET = HANDLE_LENGTH_OFFSET + 2 * Integer.BYTES;
    public static final int HANDLE_OFFSET = HEAP_SIZE_OFFSET + Long.BYTES;
    public static final int REASON_LENGTH_OFFSET = HANDLE_OFFSET + IpcHandle.MAX_BYTES;
    public static final int REASON_OFFSET = REASON_LENGTH_OFFSET + Integer.BYTES;
    public static final int REASON_BYTES = 400;
    /** The record's size, a multiple of 64 so that records of several PEs never share a cache line. */
    public static final int BYTES = (REASON_OFFSET + REASON_BYTES + 63) & ~63;

    public static final int STATUS_OK = 1;
    public static final int STATUS_FAILED = 2;
    /** Failed for want of device memory: every PE then raises the heap-exhaustion exception. */
    public static final int STATUS_EXHAUSTED = 3;

    private DeviceRecord()
    {
    }

    public static void clear(final MemorySegment record)
    {
        record.asSlice(0, BYTES).fill((byte)0);
    }

    public static void putStatus(final MemorySegment record, final int status, final String reason)
    {
        record.set(ValueLayout.JAVA_INT_UNALIGNED, STATUS_OFFSET, status);
        final byte[] text = reason == null ? new byte[0] : reason.getBytes(StandardCharsets.UTF_8);
        final int length = Math.min(text.length, REASON_BYTES);
        record.set(ValueLayout.JAVA_INT_UNALIGNED, REASON_LENGTH_OFFSET, length);
        MemorySegment.copy(text, 0, record, ValueLayout.JAVA_BYTE, REASON_OFFSET, length);
    }

    public static int status(final MemorySegment record)
    {
        return record.get(ValueLayout.JAVA_INT_UNALIGNED, STATUS_OFFSET);
    }

    public static String reason(final MemorySegment record)
    {
        final int length = Math.clamp(record.get(ValueLayout.JAVA_INT_UNALIGNED, REASON_LENGTH_OFFSET), 0,
            REASON_BYTES);
        final byte[] text = new byte[length];
        MemorySegment.copy(record, ValueLayout.JAVA_BYTE, REASON_OFFSET, text, 0, length);
        return new String(text, StandardCharsets.UTF_8);
    }

    public static void putHandle(final MemorySegment record, final IpcHandle handle, final long heapSize)
    {
        final byte[] bytes = handle.bytes();
        record.set(ValueLayout.JAVA_INT_UNALIGNED, FD_OFFSET, handle.fd());
        record.set(ValueLayout.JAVA_INT_UNALIGNED, FD_IN_HANDLE_OFFSET, handle.fdOffset());
        record.set(ValueLayout.JAVA_INT_UNALIGNED, HANDLE_LENGTH_OFFSET, bytes.length);
        record.set(ValueLayout.JAVA_LONG_UNALIGNED, HEAP_SIZE_OFFSET, heapSize);
        MemorySegment.copy(bytes, 0, record, ValueLayout.JAVA_BYTE, HANDLE_OFFSET, bytes.length);
    }

    public static IpcHandle handle(final MemorySegment record)
    {
        final int length = Math.clamp(record.get(ValueLayout.JAVA_INT_UNALIGNED, HANDLE_LENGTH_OFFSET), 0,
            IpcHandle.MAX_BYTES);
        final byte[] bytes = new byte[length];
        MemorySegment.copy(record, ValueLayout.JAVA_BYTE, HANDLE_OFFSET, bytes, 0, length);
        return new IpcHandle(record.get(ValueLayout.JAVA_INT_UNALIGNED, FD_OFFSET),
            record.get(ValueLayout.JAVA_INT_UNALIGNED, FD_IN_HANDLE_OFFSET), bytes);
    }

    public static long heapSize(final MemorySegment record)
    {
        return record.get(ValueLayout.JAVA_LONG_UNALIGNED, HEAP_SIZE_OFFSET);
    }
}
