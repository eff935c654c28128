package io.ishmem.bench.gpu;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each of our figures sits beside its copy-engine or NVSHMEM counterpart, with the ratio and the goal. */
class GpuTableTest
{
    private final String table = GpuTable.markdown(SampleRun.summaries(), List.of("H200 x2, test run."));

    private void assertRow(final String row)
    {
        assertTrue(table.contains(row + "\n"), "missing row\n" + row + "\nin\n" + table);
    }

    @Test
    void shouldJudgeBandwidthAt64MiBAgainstTheCopyEngineOfTheSameRun()
    {
        assertRow("| ishmem | 64 MiB | 380.2 | 388.0 | 0.980x | 387.9 | 387.5 | >= 0.95x copy engine | met |");
        assertRow("| ishmem_host_api | 64 MiB | 310.4 | 388.0 | 0.800x | 387.9 | 387.5 | >= 0.95x copy engine | MISSED |");
        // other sizes are shown without a goal
        assertRow("| ishmem | 4 KiB | 1.9 | 1.9 | 0.980x | 2.0 | 1.9 |  |  |");
        assertRow("| ishmem | 256 MiB | 386.1 | 394.0 | 0.980x | 394.0 | 394.7 |  |  |");
    }

    @Test
    void shouldJudgeEachLatencyRowAgainstNvshmemsRowForTheSameExchange()
    {
        assertRow("| putsig_stream_oneway | 8.50 | on_stream | 8.96 | 0.949x | - | - | - | - | - | <= 1.0x NVSHMEM | met |");
        assertRow("| putsig_stream_ge_oneway | 9.50 | on_stream | 8.96 | 1.060x | - | - | - | - | - | <= 1.0x NVSHMEM | MISSED |");
        assertRow("| putsig_stream_hostsync_oneway | 9.90 | host-synchronised | 10.03 | 0.987x | 9.80 | 12.00 | 15.00 | " +
            "40.00 | 9.90 | <= 1.0x NVSHMEM | met |");
        // the slowest sample of any round, not a median of maxima
        assertRow("| putsig_host_oneway | 12.00 | host-synchronised | 10.03 | 1.196x | 11.50 | 20.00 | 35.00 | " +
            "83.00 | 12.00 | <= 1.0x NVSHMEM | MISSED |");
        assertRow("| putsig_device_oneway | - | device-initiated | 1.92 | - | - | - | - | - | - |  |  |");
    }

    @Test
    void shouldCarryTheNotesAndSayWhatIsMissing()
    {
        assertTrue(table.contains("H200 x2, test run."), table);
        final GpuResults nvshmemOnly = new GpuResults();
        NvshmemOutput.parse(AnchorSample.LINES).forEach(nvshmemOnly::add);
        final String failed = GpuTable.markdown(nvshmemOnly.summaries(), List.of());
        assertTrue(failed.contains("| ishmem | 64 MiB | - | - | - | 387.9 | 387.5 | >= 0.95x copy engine | not measured |"),
            failed);
        assertFalse(failed.contains("| ishmem_host_api |"), failed);
        final GpuResults oursOnly = new GpuResults();
        oursOnly.add(new ResultKey(GpuNames.ISHMEM, GpuNames.PUTSIG_STREAM, 8, GpuNames.MICROSECONDS), 8.0);
        final String noReference = GpuTable.markdown(oursOnly.summaries(), List.of());
        assertTrue(noReference.contains("| putsig_stream_oneway | 8.00 | on_stream | - | - |"), noReference);
        assertTrue(noReference.contains("| no reference |"), noReference);
    }

    @Test
    void shouldNameSizesInBinaryUnits()
    {
        assertEquals("4 KiB", GpuTable.size(4096));
        assertEquals("256 MiB", GpuTable.size(256L << 20));
        assertEquals("8 B", GpuTable.size(8));
    }
}
