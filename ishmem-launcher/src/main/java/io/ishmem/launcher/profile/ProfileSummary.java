package io.ishmem.launcher.profile;

import java.io.PrintStream;

/** The few lines {@code ishmemrun --profile} prints on stderr when the job ends: where the time went, at a glance. */
public final class ProfileSummary
{
    private ProfileSummary()
    {
    }

    public static void print(final ProfileData data, final PrintStream err)
    {
        int recorded = 0;
        int mostWaiting = -1;
        int leastWaiting = -1;
        int mostWaitedFor = -1;
        long traffic = 0;
        for (int pe = 0; pe < data.nPes(); pe++)
        {
            if (!data.recorded(pe))
            {
                continue;
            }
            recorded++;
            final long waited = data.barrierNs(pe) + data.waitNs(pe);
            if (mostWaiting < 0 || waited > data.barrierNs(mostWaiting) + data.waitNs(mostWaiting))
            {
                mostWaiting = pe;
            }
            if (leastWaiting < 0 || waited < data.barrierNs(leastWaiting) + data.waitNs(leastWaiting))
            {
                leastWaiting = pe;
            }
            if (mostWaitedFor < 0 || data.waitedForNs(pe) > data.waitedForNs(mostWaitedFor))
            {
                mostWaitedFor = pe;
            }
            for (int target = 0; target < data.nPes(); target++)
            {
                traffic += data.putBytes(pe, target) + data.getBytes(pe, target);
            }
        }
        err.println("ishmemrun: profile: " + recorded + " of " + data.nPes() + " PEs recorded");
        if (recorded == 0)
        {
            return;
        }
        err.println("ishmemrun: profile: waiting (barriers + waits) most PE " + mostWaiting + " " +
            Units.millis(data.barrierNs(mostWaiting) + data.waitNs(mostWaiting)) + ", least PE " + leastWaiting + " " +
            Units.millis(data.barrierNs(leastWaiting) + data.waitNs(leastWaiting)));
        if (data.waitedForNs(mostWaitedFor) > 0)
        {
            err.println("ishmemrun: profile: the others waited longest for PE " + mostWaitedFor + ": " +
                Units.millis(data.waitedForNs(mostWaitedFor)) + " in barriers it reached last (" +
                data.arrivedLast(mostWaitedFor) + " of its " + data.barriers(mostWaitedFor) + ")");
        }
        err.println("ishmemrun: profile: " + (data.profiled() ? Units.bytes(traffic) + " put and got between PEs" :
            "no traffic counters (ISHMEM_PROFILE was off)"));
        if (!data.failures().isEmpty())
        {
            err.println("ishmemrun: profile: " + data.failures().size() + " PE failure event(s) recorded");
        }
    }
}
