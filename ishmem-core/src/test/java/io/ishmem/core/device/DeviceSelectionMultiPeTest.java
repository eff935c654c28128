package io.ishmem.core.device;

import io.ishmem.Cmp;
import io.ishmem.DeviceMemory;
import io.ishmem.Ishmem;
import io.ishmem.PeFailureException;
import io.ishmem.SymmetricSegment;
import io.ishmem.junit.MultiPeJob;
import io.ishmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Choosing the heap at init (auto, level-zero, none) and what each refusal says; a PE that dies during
 * device traffic; nothing of the device heap left in a PE after close.
 */
class DeviceSelectionMultiPeTest
{
    private static final String OUTCOME = "OUTCOME ";

    /** Each PE prints whether it got a device heap, or the message init failed with. */
    static void initAndReport()
    {
        try (Ishmem shmem = Ishmem.init())
        {
            System.out.println(OUTCOME + shmem.device().map(DeviceMemory::api).orElse("host only"));
        }
        catch (final RuntimeException ex)
        {
            System.out.println(OUTCOME + ex.getClass().getSimpleName() + ": " + ex.getMessage());
        }
    }

    private static JobResult run(final String method, final int pes, final String... env)
    {
        return MultiPeJob.of(DeviceSelectionMultiPeTest.class, method).pes(pes).env(env)
            .grace(Duration.ofSeconds(15)).timeoutSeconds(60).run();
    }

    private static String outcome(final JobResult result, final int pe)
    {
        return result.output(pe).stream().filter(line -> line.startsWith(OUTCOME)).findFirst()
            .map(line -> line.substring(OUTCOME.length()))
            .orElseThrow(() -> new AssertionError("PE " + pe + " reported nothing: " + result.output(pe)));
    }

    @Test
    @Timeout(90)
    void shouldServeFromTheHostHeapAloneWhenAutoFindsNoDriverAndSayWhy()
    {
        final JobResult result = run("initAndReport", 2, ZeTestDriver.NO_DRIVER, "ISHMEM_DEVICE=auto");
        for (int pe = 0; pe < 2; pe++)
        {
            assertEquals("host only", outcome(result, pe), "PE " + pe);
            assertEquals(0, result.exitCode(pe));
        }
        assertTrue(result.output(0).stream().anyMatch(line -> line.contains("no device heap") &&
            line.contains("level-zero") && line.contains("no Level Zero driver")), result.output(0).toString());
    }

    @Test
    @Timeout(90)
    void shouldRefuseLevelZeroWithoutADriverNamingTheLoaderVersion()
    {
        final JobResult result = run("initAndReport", 2, ZeTestDriver.NO_DRIVER, "ISHMEM_DEVICE=level-zero");
        for (int pe = 0; pe < 2; pe++)
        {
            final String outcome = outcome(result, pe);
            assertTrue(outcome.startsWith("IshmemConfigException: ISHMEM_DEVICE=level-zero") &&
                outcome.contains("no Level Zero driver") && outcome.contains("libze_loader.so.1."), outcome);
        }
    }

    @Test
    @Timeout(90)
    void shouldGetADeviceHeapWithTheTestDriverOnAutoAndNoneWithNone()
    {
        JobResult result = run("initAndReport", 2, ZeTestDriver.VALIDATION,
            ZeTestDriver.PARAMETER_VALIDATION, "ISHMEM_DEVICE=auto");
        assertEquals("level-zero", outcome(result, 0));
        assertEquals("level-zero", outcome(result, 1));
        result = run("initAndReport", 2, "ISHMEM_DEVICE=none");
        assertEquals("host only", outcome(result, 0));
        result = run("initAndReport", 2, "ISHMEM_DEVICE=opencl");
        assertTrue(outcome(result, 0).contains("ISHMEM_DEVICE=opencl is not one of auto, none, level-zero"),
            outcome(result, 0));
    }

    @Test
    @Timeout(90)
    void shouldReportDeviceMemoryExhaustionAtInitOnEveryPe()
    {
        assumeTrue(ZeTestDriver.onTestDriver(), "the device memory limit is the test driver's");
        final JobResult result = run("initAndReport", 2, ZeTestDriver.VALIDATION,
            ZeTestDriver.LEVEL_ZERO, "ISHMEM_DEVICE_SYMMETRIC_SIZE=256M", "ISHMEM_TEST_ZE_DEVICE_MEMORY=64M");
        for (int pe = 0; pe < 2; pe++)
        {
            final String outcome = outcome(result, pe);
            assertTrue(outcome.startsWith("SymmetricHeapExhaustedException") && outcome.contains("device memory") &&
                outcome.contains("ISHMEM_DEVICE_SYMMETRIC_SIZE"), outcome);
        }
    }

    @Test
    @Timeout(90)
    void shouldFallBackToTheHostHeapOnAutoWhenPesCannotShareDeviceMemory()
    {
        assumeTrue(ZeTestDriver.onTestDriver(), "the refusal is the test driver's");
        JobResult result = run("initAndReport", 2, ZeTestDriver.VALIDATION, "ISHMEM_DEVICE=auto",
            "ISHMEM_TEST_ZE_REFUSE_IPC_OPEN=1");
        assertEquals("host only", outcome(result, 0));
        assertEquals("host only", outcome(result, 1));
        assertTrue(result.output(0).stream().anyMatch(line -> line.contains("no device heap") &&
            line.contains("zeMemOpenIpcHandle failed: ZE_RESULT_ERROR_INSUFFICIENT_PERMISSIONS")),
            result.output(0).toString());
        result = run("initAndReport", 2, ZeTestDriver.VALIDATION, ZeTestDriver.LEVEL_ZERO,
            "ISHMEM_TEST_ZE_REFUSE_IPC_OPEN=1");
        for (int pe = 0; pe < 2; pe++)
        {
            final String outcome = outcome(result, pe);
            assertTrue(outcome.startsWith("IshmemException: device heap IPC mapping on level-zero failed") &&
                outcome.contains("INSUFFICIENT_PERMISSIONS"), outcome);
        }
    }

    private static final String SEEN = "FAILURE SEEN ";

    static void dieDuringDeviceTraffic()
    {
        final Ishmem shmem = Ishmem.init();
        final DeviceMemory device = shmem.device().orElseThrow();
        final SymmetricSegment sig = device.calloc(1, ValueLayout.JAVA_LONG);
        final SymmetricSegment data = device.malloc(1 << 20);
        final MemorySegment src = MemorySegment.ofArray(new byte[1 << 20]);
        shmem.barrierAll();
        if (shmem.myPe() == 1)
        {
            for (int i = 0; i < 20; i++)
            {
                shmem.put(data, 0, src, 0, 1 << 20, 0);
            }
            Runtime.getRuntime().halt(3);
        }
        try
        {
            shmem.signalWaitUntil(sig, 0, Cmp.NE, 0);
            System.out.println("NO FAILURE");
        }
        catch (final PeFailureException ex)
        {
            System.out.println(SEEN + ex.getMessage());
            System.out.flush();
            Runtime.getRuntime().halt(7);
        }
    }

    @Test
    @Timeout(90)
    void shouldEndTheJobNamingAPeThatDiesDuringDeviceTraffic()
    {
        final JobResult result = run("dieDuringDeviceTraffic", 2, ZeTestDriver.LEVEL_ZERO);
        assertEquals(3, result.exitCode(1));
        assertEquals(7, result.exitCode(0), result.output(0).toString());
        assertTrue(result.output(0).stream().anyMatch(line -> line.startsWith(SEEN) && line.contains("PE 1") &&
            line.contains("signalWaitUntil")), result.output(0).toString());
    }

    private static long memfdsInUse() throws IOException
    {
        long count = 0;
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd")))
        {
            for (final Path fd : fds.toList())
            {
                try
                {
                    if (Files.readSymbolicLink(fd).toString().startsWith("/memfd:"))
                    {
                        count++;
                    }
                }
                catch (final IOException gone)
                {
                    // the listing's own descriptor, closed by now
                }
            }
        }
        final List<String> maps = Files.readAllLines(Path.of("/proc/self/maps"));
        return count + maps.stream().filter(line -> line.contains("/memfd:")).count();
    }

    static void countWhatIsLeftAfterClose() throws IOException
    {
        final long before = memfdsInUse();
        try (Ishmem shmem = Ishmem.init())
        {
            final DeviceMemory device = shmem.device().orElseThrow();
            final SymmetricSegment segment = device.calloc(1024, ValueLayout.JAVA_LONG);
            shmem.pLong(segment, 0, 1, (shmem.myPe() + 1) % shmem.nPes());
            shmem.barrierAll();
            System.out.println("DURING " + memfdsInUse());
        }
        System.out.println("LEFT " + (memfdsInUse() - before));
    }

    @Test
    @Timeout(90)
    void shouldLeaveNoDescriptorOrMappingOfAnyHeapAfterClose()
    {
        final JobResult result = run("countWhatIsLeftAfterClose", 3,
            ZeTestDriver.VALIDATION, ZeTestDriver.LEVEL_ZERO);
        for (int pe = 0; pe < 3; pe++)
        {
            final List<String> lines = result.output(pe);
            assertEquals(0, result.exitCode(pe), lines.toString());
            assertTrue(lines.stream().anyMatch(line -> line.startsWith("DURING ") &&
                Long.parseLong(line.substring(7)) >= 3), "device heaps are memfd mappings while open: " + lines);
            assertTrue(lines.contains("LEFT 0"), lines.toString());
        }
    }
}
