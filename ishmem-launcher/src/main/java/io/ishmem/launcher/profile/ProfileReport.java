package io.ishmem.launcher.profile;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * Everything {@code ishmemrun --profile DIR} writes once the job has ended: reads the PEs' recordings and writes the
 * table, the heat map, the timeline picture and the trace into DIR, and the summary on stderr.
 */
public final class ProfileReport
{
    private ProfileReport()
    {
    }

    /**
     * @throws IOException if a recording cannot be read or a file cannot be written.
     */
    public static ProfileData write(final Path directory, final int nPes, final PrintStream err) throws IOException
    {
        final ProfileData data = ProfileData.read(directory, nPes);
        ImbalanceTable.write(data, directory);
        TrafficHeatMap.write(data, directory);
        TimelineChart.write(data, directory);
        ChromeTrace.write(data, directory);
        ProfileSummary.print(data, err);
        err.println("ishmemrun: profile: " + directory.resolve("pe-<n>.jfr") + " (JDK Mission Control), " +
            directory.resolve(ChromeTrace.FILE) + " (ui.perfetto.dev), " + directory.resolve(ImbalanceTable.FILE) +
            ", " + directory.resolve(TrafficHeatMap.FILE) + ", " + directory.resolve(TimelineChart.FILE));
        return data;
    }
}
