package io.ishmem.examples;

import io.ishmem.Cmp;
import io.ishmem.DeviceMemory;
import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Optional;

/**
 * A halo exchange in GPU memory: each PE keeps a row of doubles in its device heap, sends its first
 * 1024 values into the next PE's halo with put-with-signal, and waits on a host signal word for its own
 * halo: {@code ishmemrun -n 4 --class io.ishmem.examples.DeviceHalo}. Without a GPU (the device heap
 * needs one on every PE) it says why and exits 0; with one, it also prints the device addresses a
 * kernel of yours would use.
 */
public final class DeviceHalo
{
    private static final int HALO = 1024;

    private DeviceHalo()
    {
    }

    /**
     * @param args ignored.
     */
    public static void main(final String[] args)
    {
        try (Ishmem shmem = Ishmem.init(); Arena arena = Arena.ofConfined())
        {
            final Optional<DeviceMemory> gpu = shmem.device();
            if (gpu.isEmpty())
            {
                System.out.println("PE " + shmem.myPe() + ": no device heap (see the log, or set ISHMEM_DEVICE)");
                return;
            }
            final DeviceMemory device = gpu.get();
            final int me = shmem.myPe();
            final int n = shmem.nPes();
            final int next = (me + 1) % n;
            final int prev = (me + n - 1) % n;

            // the row and its halo in GPU memory; the arrival signal in host memory, cheap to wait on
            final SymmetricSegment row = device.calloc(HALO, ValueLayout.JAVA_DOUBLE);
            final SymmetricSegment halo = device.calloc(HALO, ValueLayout.JAVA_DOUBLE);
            final SymmetricSegment arrived = shmem.calloc(1, ValueLayout.JAVA_LONG);

            final MemorySegment values = arena.allocate(ValueLayout.JAVA_DOUBLE, HALO);
            for (int i = 0; i < HALO; i++)
            {
                values.setAtIndex(ValueLayout.JAVA_DOUBLE, i, me * 1000.0 + i);
            }
            device.copyFromHost(row, 0, values, 0, values.byteSize());

            // device to the next PE's device; the fence orders it before the signal, so the signal is seen
            // only after the whole halo
            shmem.put(halo, 0, row, 0, row.byteSize(), next);
            shmem.fence();
            shmem.signalAdd(arrived, 0, 1, next);
            shmem.signalWaitUntil(arrived, 0, Cmp.GE, 1);

            device.copyToHost(values, 0, halo, 0, values.byteSize());
            final double first = values.getAtIndex(ValueLayout.JAVA_DOUBLE, 0);
            final double last = values.getAtIndex(ValueLayout.JAVA_DOUBLE, HALO - 1);
            System.out.printf("PE %d: halo from PE %d holds %.0f .. %.0f; my row at device address 0x%x, " +
                "PE %d's at 0x%x (%s)%n", me, prev, first, last, device.deviceAddress(row).address(), next,
                device.peerDeviceAddress(row, next).address(), device.api());
            shmem.barrierAll();
            device.free(halo);
            device.free(row);
            if (first != prev * 1000.0 || last != prev * 1000.0 + HALO - 1)
            {
                throw new IllegalStateException("PE " + me + ": wrong halo");
            }
        }
    }
}
