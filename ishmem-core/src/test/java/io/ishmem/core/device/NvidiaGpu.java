package io.ishmem.core.device;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Whether this machine can run the CUDA device suite: the CUDA classes skip themselves, with the reason, on
 * machines without an NVIDIA GPU, such as the ones this project is built on.
 */
public final class NvidiaGpu
{
    /**
     * Disables a test class, with {@link #absentReason()} as the reason, where there is no NVIDIA GPU; use with
     * {@code @ExtendWith(NvidiaGpu.Required.class)}.
     *
     * <p>A condition, not an assumption in {@code @BeforeAll}: surefire (3.5) reports a class whose
     * {@code @BeforeAll} aborts as no tests at all and drops the message, but reports every method of a
     * disabled class as skipped with the reason. The JUnit console launcher shows the class as skipped with it.
     */
    public static final class Required implements ExecutionCondition
    {
        /**
         * Created by JUnit.
         */
        public Required()
        {
        }

        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(final ExtensionContext context)
        {
            return absentReason().map(ConditionEvaluationResult::disabled)
                .orElseGet(() -> ConditionEvaluationResult.enabled("an NVIDIA GPU is present"));
        }
    }

    private static final String WHERE = ": the CUDA device suite runs on the GPU machines, see docs/cuda.md";
    private static final Path DEV = Path.of("/dev");

    private NvidiaGpu()
    {
    }

    /**
     * @return why no NVIDIA GPU can serve the tests here, or empty when the driver library loads and the
     * device nodes exist.
     */
    public static Optional<String> absentReason()
    {
        try
        {
            // the driver API itself, as the CUDA backend loads it; the global arena keeps it loaded, as the
            // backend would anyway
            SymbolLookup.libraryLookup("libcuda.so.1", Arena.global());
        }
        catch (final IllegalArgumentException ex)
        {
            return Optional.of("no NVIDIA GPU is present (libcuda.so.1 not found)" + WHERE);
        }
        if (!Files.exists(DEV.resolve("nvidiactl")))
        {
            return Optional.of("no NVIDIA GPU is present (libcuda.so.1 loads but /dev/nvidiactl is missing)" + WHERE);
        }
        if (!hasGpuNode())
        {
            return Optional.of("no NVIDIA GPU is present (libcuda.so.1 loads but there is no /dev/nvidia0 or " +
                "other /dev/nvidia<N>)" + WHERE);
        }
        return Optional.empty();
    }

    /**
     * A container may be given only some GPUs, say /dev/nvidia3, so any numbered node counts, not just nvidia0.
     */
    private static boolean hasGpuNode()
    {
        try (DirectoryStream<Path> nodes = Files.newDirectoryStream(DEV, "nvidia[0-9]*"))
        {
            return nodes.iterator().hasNext();
        }
        catch (final IOException ex)
        {
            return false;
        }
    }
}
