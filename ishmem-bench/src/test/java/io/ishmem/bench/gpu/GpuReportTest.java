package io.ishmem.bench.gpu;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report step turns a results file from the GPU machine into the table and both plots. */
class GpuReportTest
{
    @Test
    void shouldWriteTheTableAndBothPlotsFromTheCsv(@TempDir final Path dir) throws IOException
    {
        Files.writeString(dir.resolve("gpu-results.csv"), GpuCsv.write(SampleRun.summaries()));
        Files.write(dir.resolve("gpu-raw.txt"), List.of("pe0 DEVICE 0 CUDA driver 13.0, NVIDIA H200 (sm_90)",
            "pe0 RESULT 1 ishmem put_bandwidth 4096 GB/s 1.8"));
        final Path out = dir.resolve("report");
        assertEquals(0, new CommandLine(new GpuReport()).execute(dir.toString(), "--out", out.toString()));
        final String table = Files.readString(out.resolve("table.md"));
        assertTrue(table.contains("PE 0 CUDA driver 13.0, NVIDIA H200 (sm_90)"), table);
        assertTrue(table.contains("| ishmem | 64 MiB | 380.2 | 388.0 | 0.980x |"), table);
        for (final String png : new String[] {"gpu_bandwidth.png", "gpu_latency.png"})
        {
            assertTrue(Files.size(out.resolve(png)) > 1000, png);
        }
    }
}
