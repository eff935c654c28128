package io.ishmem.launcher.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code imbalance.md}: one row per PE with its time in barriers and in waits, and how often it was the last to
 * arrive. In a balanced job the columns are even; the PE that arrives last most often and waits least is the one the
 * others wait for.
 */
public final class ImbalanceTable
{
    public static final String FILE = "imbalance.md";

    private ImbalanceTable()
    {
    }

    public static Path write(final ProfileData data, final Path directory) throws IOException
    {
        final StringBuilder text = new StringBuilder();
        text.append("# Time in barriers and waits per PE\n\n");
        text.append("Barriers are every team synchronisation (barrierAll, syncAll, team.sync and the barriers inside " +
            "collectives and allocations); waits are the point-to-point waits that blocked (waitUntil*, " +
            "signalWaitUntil). *Arrived last* counts the barriers at which this PE was the last member to arrive; " +
            "*others waited for it* sums, over those barriers, how long each other member had been waiting when it " +
            "came: the time the job lost to this PE.\n\n");
        text.append("| PE | barriers | time in barriers | mean barrier | arrived last | others waited for it | " +
            "waits | time in waits | time in collectives | bytes put | bytes got |\n");
        text.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (int pe = 0; pe < data.nPes(); pe++)
        {
            if (!data.recorded(pe))
            {
                text.append("| ").append(pe).append(" | no recording (the PE did not end normally) ||||||||||\n");
                continue;
            }
            long put = 0;
            long got = 0;
            for (int target = 0; target < data.nPes(); target++)
            {
                put += data.putBytes(pe, target);
                got += data.getBytes(pe, target);
            }
            text.append("| ").append(pe)
                .append(" | ").append(data.barriers(pe))
                .append(" | ").append(Units.millis(data.barrierNs(pe)))
                .append(" | ").append(data.barriers(pe) == 0 ? "-" :
                    Units.millis(data.barrierNs(pe) / data.barriers(pe)))
                .append(" | ").append(data.arrivedLast(pe))
                .append(" | ").append(Units.millis(data.waitedForNs(pe)))
                .append(" | ").append(data.waits(pe))
                .append(" | ").append(Units.millis(data.waitNs(pe)))
                .append(" | ").append(Units.millis(data.collectiveNs(pe)))
                .append(" | ").append(data.profiled() ? Units.bytes(put) : "-")
                .append(" | ").append(data.profiled() ? Units.bytes(got) : "-")
                .append(" |\n");
        }
        if (!data.profiled())
        {
            text.append("\nBytes are counted only with ISHMEM_PROFILE=true (ishmemrun --profile sets it).\n");
        }
        final Path file = directory.resolve(FILE);
        Files.writeString(file, text);
        return file;
    }
}
