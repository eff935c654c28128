package io.ishmem.bench;

import io.ishmem.Cmp;
import io.ishmem.Ishmem;
import io.ishmem.SignalOp;
import io.ishmem.SymmetricSegment;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The program every PE of a bench job runs: {@code BenchPe SUITE ROUNDS SCALE [WARMUPS]}. Suites: {@code pair}
 * (2 PEs: ping-pongs, put, signals, bandwidth, barrier, malloc), {@code barrier} (any PE count) and
 * {@code ring} (a put-with-signal passed around every PE). Each op is measured through the library
 * and as the same raw memory operations on the same mappings (peer views), one after the other in each
 * round (the ping-pongs batch by batch, {@link PingPongs}); the first WARMUPS rounds (default 1) are JIT warm-up
 * and are not reported. SCALE multiplies the sample counts (1 for a real run, smaller for the CI smoke).
 */
public final class BenchPe
{
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final long[] PINGPONG_SIZES = {8, 1024, 65536, 1 << 20};
    private static final long[] BANDWIDTH_SIZES = {8, 64, 1024, 65536, 1 << 20, 16 << 20, 64 << 20};

    private final Ishmem shmem;
    private final int me;
    private final int nPes;
    private final double scale;
    private final boolean oversubscribed;
    private final Samples samples;
    private final TeamPhases teams;
    private final PingPongs pingPongs;
    private int warmups = 1;

    private BenchPe(final Ishmem shmem, final double scale)
    {
        this.shmem = shmem;
        this.me = shmem.myPe();
        this.nPes = shmem.nPes();
        this.scale = scale;
        // asked once: availableProcessors reads the affinity mask and cgroup limits, far too slow for a spin loop
        this.oversubscribed = JobCpus.oversubscribed(nPes);
        this.samples = new Samples(Math.max(20, (int)(2000 * scale)));
        this.teams = new TeamPhases(shmem, scale, samples);
        this.pingPongs = new PingPongs(shmem, samples.capacity());
    }

    public static void main(final String[] args)
    {
        final String suite = args.length > 0 ? args[0] : "pair";
        final int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        final double scale = args.length > 2 ? Double.parseDouble(args[2]) : 1.0;
        try (Ishmem shmem = Ishmem.init())
        {
            YoungGeneration.touchOnce();
            final BenchPe bench = new BenchPe(shmem, scale);
            bench.warmups = args.length > 3 ? Integer.parseInt(args[3]) : 1;
            switch (suite)
            {
                case "pair" -> bench.pair(rounds);
                case "barrier" -> bench.barrierSuite(rounds);
                case "ring" -> bench.ring(rounds, ringHops(scale, shmem.nPes()));
                default -> throw new IllegalArgumentException("suite=" + suite + " is not one of pair, barrier, ring");
            }
        }
    }

    /** 10,000 hops for a real run; always a multiple of the PE count, so the last hop lands on PE 0. */
    private static int ringHops(final double scale, final int nPes)
    {
        final int hops = (int)Math.max(100, 10_000 * Math.min(1.0, scale * 10));
        return (hops + nPes - 1) / nPes * nPes;
    }

    private int samplesFor(final long size)
    {
        return Math.max(20, (int)((size >= 65536 ? 200 : 2000) * scale));
    }

    // ---------------------------------------------------------------- suites

    private void pair(final int rounds)
    {
        if (nPes != 2)
        {
            throw new IllegalStateException("the pair suite needs 2 PEs, not " + nPes);
        }
        final SymmetricSegment data = shmem.malloc(1 << 20);
        final SymmetricSegment words = shmem.calloc(64, ValueLayout.JAVA_LONG);
        final SymmetricSegment big = shmem.malloc(64 << 20);
        try (Arena arena = Arena.ofShared())
        {
            final MemorySegment src = arena.allocate(64 << 20, 64);
            for (int round = 1 - warmups; round <= rounds; round++)
            {
                pingPongs.pWait(round, words);
                for (final long size : PINGPONG_SIZES)
                {
                    pingPongs.putSignal(round, data, words, src, size, SignalOp.SET, samplesFor(size));
                }
                for (final long size : PINGPONG_SIZES)
                {
                    pingPongs.putSignal(round, data, words, src, size, SignalOp.ADD, samplesFor(size));
                }
                barrier(round, words);
                teams.teamSync(round);
                teams.teamSplit(round, words);
                teams.teamSplitDestroy(round);
                for (final long size : BANDWIDTH_SIZES)
                {
                    putQuiet(round, big, src, size);
                }
                signalAdd(round, words);
                signalAddContended(round, words);
                for (final long size : BANDWIDTH_SIZES)
                {
                    bandwidth(round, big, src, size);
                }
                mallocFree(round, words);
            }
        }
        shmem.free(big);
        shmem.free(words);
        shmem.free(data);
    }

    private void barrierSuite(final int rounds)
    {
        final SymmetricSegment words = shmem.calloc(64, ValueLayout.JAVA_LONG);
        for (int round = 1 - warmups; round <= rounds; round++)
        {
            barrier(round, words);
            teams.teamSync(round);
            teams.teamSplit(round, words);
            teams.teamSplitDestroy(round);
            signalAddContended(round, words);
            mallocFree(round, words);
        }
        shmem.free(words);
    }

    // ---------------------------------------------------------------- put

    // Each timed loop is a method of its own (*Loop), kept from being inlined into its caller: PingPongs says why.

    /**
     * k blocking puts then a quiet, or with {@code quietEach} a quiet after each put. After each put a
     * compiler-only barrier (no instruction on x86), in the floor's loop as well, as the C anchor's
     * {@code CLOBBER()}: k puts of the same bytes to the same place are one put to the JIT otherwise, which
     * keeps the last store and sinks it out of the loop once nothing but plain accesses remain in it.
     */
    private void libraryPutLoop(final SymmetricSegment dest, final MemorySegment src, final long size, final int peer,
        final int k, final boolean quietEach)
    {
        for (int j = 0; j < k; j++)
        {
            shmem.put(dest, 0, src, 0, size, peer);
            VarHandle.storeStoreFence();
            if (quietEach)
            {
                shmem.quiet();
            }
        }
        if (!quietEach)
        {
            shmem.quiet();
        }
    }

    /** {@link #libraryPutLoop} as copies into the peer's mapping and full fences. */
    private static void floorPutLoop(final MemorySegment peerDest, final MemorySegment src, final long size,
        final int k, final boolean fenceEach)
    {
        for (int j = 0; j < k; j++)
        {
            MemorySegment.copy(src, 0, peerDest, 0, size);
            VarHandle.storeStoreFence();
            if (fenceEach)
            {
                VarHandle.fullFence();
            }
        }
        if (!fenceEach)
        {
            VarHandle.fullFence();
        }
    }

    // ---------------------------------------------------------------- one-sided costs

    /** put + quiet from the caller's side (OSU put latency); floor: the copy into the peer view and a full fence. */
    private void putQuiet(final int round, final SymmetricSegment data, final MemorySegment src, final long size)
    {
        final int k = (int)Math.max(1, Math.min(256, (1 << 20) / size));
        final int count = Math.min(samples.capacity(), Math.max(10, (int)((size >= (16 << 20) ? 20 : 2000) * scale)));
        final int peer = 1 - me;
        final MemorySegment peerData = data.peerView(peer).orElseThrow();
        for (final String impl : new String[] {Report.LIBRARY, Report.FLOOR})
        {
            shmem.barrierAll();
            if (me == 0)
            {
                samples.reset();
                for (int s = 0; s < count; s++)
                {
                    final long startNs = System.nanoTime();
                    if (impl == Report.LIBRARY)
                    {
                        libraryPutLoop(data, src, size, peer, k, true);
                    }
                    else
                    {
                        floorPutLoop(peerData, src, size, k, true);
                    }
                    samples.add(System.nanoTime() - startNs);
                }
                report(round, impl, "put_quiet", size, "ns", samples.p50() / (double)k);
            }
        }
        shmem.barrierAll();
    }

    /** Uncontended signalAdd into the peer's word (its line stays in our cache); floor: getAndAdd. */
    private void signalAdd(final int round, final SymmetricSegment words)
    {
        final int k = 256;
        final int peer = 1 - me;
        final MemorySegment theirs = words.peerView(peer).orElseThrow();
        for (final String impl : new String[] {Report.LIBRARY, Report.FLOOR})
        {
            shmem.barrierAll();
            if (me == 0)
            {
                samples.reset();
                for (int s = 0; s < samples.capacity(); s++)
                {
                    final long startNs = System.nanoTime();
                    if (impl == Report.LIBRARY)
                    {
                        for (int j = 0; j < k; j++)
                        {
                            shmem.signalAdd(words, 56, 1, peer);
                        }
                    }
                    else
                    {
                        for (int j = 0; j < k; j++)
                        {
                            final long ignored = (long)LONG.getAndAdd(theirs, 56 * 8L, 1L);
                        }
                    }
                    samples.add(System.nanoTime() - startNs);
                }
                report(round, impl, "signal_add_uncontended", 8, "ns", samples.p50() / (double)k);
            }
        }
        shmem.barrierAll();
    }

    /**
     * Every PE adds to one word on PE 0 at once; ns per add as each PE sees it, from a barrier before its
     * adds to a barrier after every PE's (reported by PE 0). Timed so because the adds of different PEs do
     * not alternate: a core that holds the word's line does several adds before the other core's request
     * takes it, so a PE's own clock over a short run (64 adds were timed alone, their median taken) saw
     * mostly such runs, about 3 ns an add for the bare loop and 15 for any loop with a few loads between
     * its adds, rather than the cost of the contention (13-16 ns an add for both over a long run, measured).
     */
    private void signalAddContended(final int round, final SymmetricSegment words)
    {
        final int k = 16384;
        final int count = Math.min(samples.capacity(), Math.max(5, (int)(40 * scale)));
        final MemorySegment target = words.peerView(0).orElseThrow();
        for (final String impl : new String[] {Report.LIBRARY, Report.FLOOR})
        {
            samples.reset();
            for (int s = 0; s < count; s++)
            {
                shmem.barrierAll();
                final long startNs = System.nanoTime();
                for (int j = 0; j < k; j++)
                {
                    if (impl == Report.LIBRARY)
                    {
                        shmem.signalAdd(words, 48, 1, 0);
                    }
                    else
                    {
                        final long ignored = (long)LONG.getAndAdd(target, 48 * 8L, 1L);
                    }
                }
                shmem.barrierAll();
                samples.add(System.nanoTime() - startNs);
            }
            if (me == 0)
            {
                report(round, impl, "signal_add_all_pes_one_word_" + nPes + "pes", 8, "ns", samples.p50() / (double)k);
            }
        }
        shmem.barrierAll();
    }

    /** Streamed blocking puts into the peer; floor: MemorySegment.copy into the peer view. GB/s. */
    private void bandwidth(final int round, final SymmetricSegment big, final MemorySegment src, final long size)
    {
        final int peer = 1 - me;
        final MemorySegment peerBig = big.peerView(peer).orElseThrow();
        final long perSample = Math.max(size, Math.min(4L << 20, 256 * size));
        final int k = (int)(perSample / size);
        final int count = Math.max(10, (int)((size >= (16 << 20) ? 20 : 200) * scale));
        for (final String impl : new String[] {Report.LIBRARY, Report.FLOOR})
        {
            shmem.barrierAll();
            if (me == 0)
            {
                samples.reset();
                for (int s = 0; s < Math.min(count, samples.capacity()); s++)
                {
                    final long startNs = System.nanoTime();
                    if (impl == Report.LIBRARY)
                    {
                        libraryPutLoop(big, src, size, peer, k, false);
                    }
                    else
                    {
                        floorPutLoop(peerBig, src, size, k, false);
                    }
                    samples.add(System.nanoTime() - startNs);
                }
                report(round, impl, "put_bandwidth", size, "GB_per_s", (double)size * k / samples.p50());
            }
        }
        shmem.barrierAll();
    }

    // ---------------------------------------------------------------- collectives

    /** Barrier latency; floor: {@link RawBarrier}, from offset 128 of the words. */
    private void barrier(final int round, final SymmetricSegment words)
    {
        final int k = 32;
        final RawBarrier raw = new RawBarrier(words, 128, me, nPes, oversubscribed);
        for (final String impl : new String[] {Report.LIBRARY, Report.FLOOR})
        {
            reset(words);
            raw.reset();
            samples.reset();
            for (int s = 0; s < samples.capacity(); s++)
            {
                final long startNs = System.nanoTime();
                if (impl == Report.LIBRARY)
                {
                    libraryBarrierLoop(k);
                }
                else
                {
                    floorBarrierLoop(raw, k);
                }
                samples.add(System.nanoTime() - startNs);
            }
            if (me == 0)
            {
                report(round, impl, "barrier_" + nPes + "pes", 0, "ns", samples.p50() / (double)k);
            }
        }
    }

    private void libraryBarrierLoop(final int k)
    {
        for (int j = 0; j < k; j++)
        {
            shmem.barrierAll();
        }
    }

    private static void floorBarrierLoop(final RawBarrier raw, final int k)
    {
        for (int j = 0; j < k; j++)
        {
            raw.arrive();
        }
    }

    /** Collective malloc + free of 4 KiB; floor: the two barriers they cannot do without. */
    private void mallocFree(final int round, final SymmetricSegment words)
    {
        final int k = 8;
        final int count = Math.max(20, (int)(500 * scale));
        samples.reset();
        for (int s = 0; s < Math.min(count, samples.capacity()); s++)
        {
            final long startNs = System.nanoTime();
            for (int j = 0; j < k; j++)
            {
                shmem.free(shmem.malloc(4096));
            }
            samples.add(System.nanoTime() - startNs);
        }
        if (me == 0)
        {
            report(round, Report.LIBRARY, "malloc_free_" + nPes + "pes", 4096, "ns", samples.p50() / (double)k);
        }
        shmem.barrierAll();
    }

    // ---------------------------------------------------------------- ring

    /** A put-with-signal passed around every PE {@code hops} times; PE 0 reports the wall time. */
    private void ring(final int rounds, final int hops)
    {
        final SymmetricSegment payload = shmem.calloc(8, ValueLayout.JAVA_LONG);
        final SymmetricSegment signal = shmem.calloc(1, ValueLayout.JAVA_LONG);
        final MemorySegment src = MemorySegment.ofArray(new long[8]);
        final int next = (me + 1) % nPes;
        for (int round = 1 - warmups; round <= rounds; round++)
        {
            shmem.barrierAll();
            final long base = (long)(round + warmups) * hops;
            final long startNs = System.nanoTime();
            for (long hop = me; hop < hops; hop += nPes)
            {
                if (hop > 0)
                {
                    shmem.signalWaitUntil(signal, 0, Cmp.GE, base + hop);
                }
                src.setAtIndex(ValueLayout.JAVA_LONG, 0, base + hop + 1);
                shmem.putSignal(payload, src, signal, base + hop + 1, SignalOp.SET, next);
            }
            if (me == 0)
            {
                shmem.signalWaitUntil(signal, 0, Cmp.GE, base + hops);
                report(round, Report.LIBRARY, "ring_putsig_hops_" + nPes + "pes", hops, "s",
                    (System.nanoTime() - startNs) / 1e9);
            }
            shmem.barrierAll();
        }
        shmem.free(signal);
        shmem.free(payload);
    }

    // ---------------------------------------------------------------- helpers

    private void reset(final SymmetricSegment words)
    {
        shmem.barrierAll();
        words.local().fill((byte)0);
        shmem.barrierAll();
    }

    private void report(final int round, final String impl, final String op, final long size, final String unit,
        final double value)
    {
        // PE 0 speaks for the job: a ping-pong's two sides time the same round trips
        if (round > 0 && me == 0)
        {
            Report.result(round, impl, op, size, unit, value);
        }
    }
}
