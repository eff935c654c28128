package io.ishmem.core.device.cuda;

import io.ishmem.DeviceMemory;
import io.ishmem.Ishmem;
import io.ishmem.core.device.ZeTestDriver;
import io.ishmem.junit.MultiPeJob;
import io.ishmem.launcher.JobResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every refusal of the CUDA backend at init, on forked PEs, without a GPU: the PEs load the fake
 * libcuda.so.1 ({@code src/test/c/fake_cuda}, built into {@code target/fake-cuda}) through
 * {@code LD_LIBRARY_PATH}, which the dynamic loader reads at process start, so it serves a PE's JVM and
 * never the test JVM. {@code ISHMEM_TEST_FAKE_CUDA} picks the check it fails. With
 * {@code ISHMEM_DEVICE=cuda} init fails on every PE naming the reason; with {@code auto} the job goes on
 * with the host heap and the log says why. Level Zero, which {@code auto} tries first, is given no driver.
 */
class CudaSelectionMultiPeTest
{
    private static final String OUTCOME = "OUTCOME ";
    private static final String CUDA = "ISHMEM_DEVICE=cuda";
    private static final String AUTO = "ISHMEM_DEVICE=auto";
    private static final String REFUSED = "IshmemConfigException: ISHMEM_DEVICE=cuda: no device heap: cuda: every PE: ";

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

    private static JobResult run(final String... env)
    {
        return MultiPeJob.of(CudaSelectionMultiPeTest.class, "initAndReport").pes(2).env(env)
            .grace(Duration.ofSeconds(15)).timeoutSeconds(60).run();
    }

    private static String outcome(final JobResult result, final int pe)
    {
        return result.output(pe).stream().filter(line -> line.startsWith(OUTCOME)).findFirst()
            .map(line -> line.substring(OUTCOME.length()))
            .orElseThrow(() -> new AssertionError("PE " + pe + " reported nothing: " + result.output(pe)));
    }

    /**
     * @return the environment that makes a PE load the fake driver in {@code mode}, after {@code more}.
     */
    private static String[] onFake(final String mode, final String... more)
    {
        // surefire names the folder; from an IDE, the module's target folder as surefire would
        final Path dir = Path.of(System.getenv().getOrDefault("ISHMEM_TEST_FAKE_CUDA_DIR", "target/fake-cuda"))
            .toAbsolutePath();
        assertTrue(Files.isRegularFile(dir.resolve(CudaFactory.DRIVER_LIBRARY)),
            "no fake driver in " + dir + ": the build's generate-test-resources phase makes it");
        final String inherited = System.getenv("LD_LIBRARY_PATH");
        final List<String> env = new ArrayList<>(List.of(more));
        env.add("LD_LIBRARY_PATH=" + dir + (inherited == null || inherited.isEmpty() ? "" : ":" + inherited));
        env.add("ISHMEM_TEST_FAKE_CUDA=" + mode);
        return env.toArray(String[]::new);
    }

    /**
     * @param mode   the fake's ISHMEM_TEST_FAKE_CUDA.
     * @param reason how the refusal begins, after "cuda: every PE: ".
     * @param detail further words the refusal must hold.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        no-device    | no CUDA device: cuInit says CUDA_ERROR_NO_DEVICE (100): no CUDA-capable device is detected | no CUDA device
        init-fails   | the CUDA driver does not initialise: cuInit failed: CUDA_ERROR_NOT_INITIALIZED (3): initialization error | is the NVIDIA kernel module loaded
        old-driver   | CUDA driver 10.1 is too old for VMM handles | needs 10.2 or later; update the NVIDIA driver
        zero-devices | no CUDA device: the driver reports none | no CUDA device
        no-vmm       | CUDA device 0 (ishmem fake CUDA device (no GPU)) does not support virtual memory management (cuMemCreate, cuMemMap) | which the device heap needs
        no-fd        | CUDA device 0 (ishmem fake CUDA device (no GPU)) does not support exporting memory as POSIX file descriptors | which the device heap needs
        no-memops    | CUDA device 0 (ishmem fake CUDA device (no GPU)) does not support 64-bit stream memory operations (cuStreamWriteValue64, cuStreamWaitValue64) | which the device heap needs
        """)
    @Timeout(180)
    void shouldFailInitOnEveryPeNamingTheReasonWithCudaAndFallBackToTheHostHeapWithAuto(final String mode,
        final String reason, final String detail)
    {
        JobResult result = run(onFake(mode, CUDA));
        for (int pe = 0; pe < 2; pe++)
        {
            final String outcome = outcome(result, pe);
            assertTrue(outcome.startsWith(REFUSED + reason) && outcome.contains(detail), "PE " + pe + ": " + outcome);
            assertEquals(0, result.exitCode(pe), result.output(pe).toString());
        }
        result = run(onFake(mode, AUTO, ZeTestDriver.NO_DRIVER));
        for (int pe = 0; pe < 2; pe++)
        {
            assertEquals("host only", outcome(result, pe), "PE " + pe + ": " + result.output(pe));
            assertEquals(0, result.exitCode(pe), result.output(pe).toString());
        }
        // one line from PE 0 for the job: Level Zero's refusal, then CUDA's
        assertTrue(result.output(0).stream().anyMatch(line -> line.contains("no device heap (ISHMEM_DEVICE=auto)") &&
            line.contains("level-zero: every PE: ") && line.contains("no Level Zero driver") &&
            line.contains("; cuda: every PE: " + reason)), result.output(0).toString());
    }

    @Test
    @Timeout(90)
    void shouldNameCudaVisibleDevicesWhenTheDriverShowsNoDevice()
    {
        final JobResult result = run(onFake("zero-devices", CUDA, "CUDA_VISIBLE_DEVICES=7"));
        for (int pe = 0; pe < 2; pe++)
        {
            assertEquals(REFUSED + "no CUDA device: the driver reports none (CUDA_VISIBLE_DEVICES='7' narrows the " +
                "devices the driver shows)", outcome(result, pe), "PE " + pe);
        }
    }

    @Test
    @Timeout(90)
    void shouldSayTheDriverLibraryIsMissingWithoutTheFake()
    {
        boolean installed;
        try (Arena arena = Arena.ofConfined())
        {
            SymbolLookup.libraryLookup(CudaFactory.DRIVER_LIBRARY, arena);
            installed = true;
        }
        catch (final IllegalArgumentException ex)
        {
            installed = false;
        }
        assumeTrue(!installed, "this machine has an NVIDIA driver");
        JobResult result = run(CUDA);
        for (int pe = 0; pe < 2; pe++)
        {
            assertEquals(REFUSED + "CUDA driver library libcuda.so.1 not found: install the NVIDIA driver (it ships " +
                "libcuda.so.1; the CUDA toolkit is not needed)", outcome(result, pe), "PE " + pe);
        }
        result = run(AUTO, ZeTestDriver.NO_DRIVER);
        assertEquals("host only", outcome(result, 0));
        assertEquals("host only", outcome(result, 1));
        assertTrue(result.output(0).stream().anyMatch(line -> line.contains("no device heap (ISHMEM_DEVICE=auto)") &&
            line.contains("; cuda: every PE: CUDA driver library libcuda.so.1 not found")), result.output(0).toString());
    }

    @Test
    @Timeout(90)
    void shouldListCudaAmongTheChoicesForAnUnknownDevice()
    {
        final JobResult result = run("ISHMEM_DEVICE=cdua");
        for (int pe = 0; pe < 2; pe++)
        {
            assertEquals("IshmemConfigException: ISHMEM_DEVICE=cdua is not one of auto, none, level-zero, cuda",
                outcome(result, pe), "PE " + pe);
        }
    }
}
