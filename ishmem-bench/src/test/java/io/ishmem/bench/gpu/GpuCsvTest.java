package io.ishmem.bench.gpu;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** gpu-results.csv reads back as it was written, so the report drawn elsewhere shows the run's figures. */
class GpuCsvTest
{
    @Test
    void shouldReadBackWhatItWrote()
    {
        final List<Summary> summaries = List.of(
            new Summary(new ResultKey(GpuNames.ISHMEM, GpuNames.PUT_BANDWIDTH, 64L << 20, GpuNames.GB_PER_S),
                384.25, 380.5, 386.0, 3, null),
            new Summary(new ResultKey(GpuNames.ISHMEM, GpuNames.PUTSIG_HOST, 8, GpuNames.MICROSECONDS),
                9.2, 9.0, 9.5, 3, new Tails(8.6, 13.0, 25.0, 100.0, 9.2)));
        final String csv = GpuCsv.write(summaries);
        assertTrue(csv.startsWith(GpuCsv.HEADER + "\n"), csv);
        assertTrue(csv.contains("ishmem,put_bandwidth,67108864,GB/s,384.2500,380.5000,386.0000,3,,,,,\n"), csv);
        assertEquals(summaries, GpuCsv.read(csv));
    }

    @Test
    void shouldRefuseAFileItDidNotWrite()
    {
        assertThrows(IllegalArgumentException.class, () -> GpuCsv.read("op,size_bytes,unit,ishmem\n"));
        assertThrows(IllegalArgumentException.class, () -> GpuCsv.read(GpuCsv.HEADER + "\nishmem,put_bandwidth,4096\n"));
        assertThrows(IllegalArgumentException.class,
            () -> GpuCsv.read(GpuCsv.HEADER + "\nishmem,put_bandwidth,4k,GB/s,1,1,1,1,,,,,\n"));
    }
}
