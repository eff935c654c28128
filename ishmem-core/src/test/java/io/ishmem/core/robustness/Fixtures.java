package io.ishmem.core.robustness;

import io.ishmem.Context;
import io.ishmem.Ishmem;
import io.ishmem.SymmetricSegment;
import io.ishmem.Team;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The objects the generated calls work on, in a job of one PE started in the test JVM: a symmetric segment of 8
 * longs that every call may touch, a canary segment that no call is given and that must never change, local
 * segments of every kind, and a context of the world team for the {@link Context} routines.
 */
final class Fixtures
{
    static final long SEGMENT_BYTES = 64;
    private static final byte CANARY_BYTE = 0x5A;

    final Ishmem shmem;
    private final SymmetricSegment segment;
    private final SymmetricSegment canary;
    private final MemorySegment nativeSegment = Arena.global().allocate(SEGMENT_BYTES, 8);
    private final MemorySegment closedSegment;
    private final List<SymmetricSegment> fresh = new ArrayList<>();
    private final Context context;

    Fixtures(final Ishmem shmem)
    {
        this.shmem = shmem;
        this.segment = shmem.calloc(SEGMENT_BYTES / 8, ValueLayout.JAVA_LONG);
        this.canary = shmem.malloc(SEGMENT_BYTES);
        canary.local().fill(CANARY_BYTE);
        final Arena arena = Arena.ofConfined();
        closedSegment = arena.allocate(SEGMENT_BYTES, 8);
        arena.close();
        context = shmem.createContext(Context.SERIALIZED);
    }

    /** The context the {@link Context} routines are called on; it is never destroyed by a call. */
    Context context()
    {
        return context;
    }

    /** The fixed segment, as the wait routines read it to pick a value that ends the wait at once. */
    SymmetricSegment segment()
    {
        return segment;
    }

    Object resolve(final Arg arg)
    {
        return switch (arg.symbol())
        {
            case VALUE -> arg.value() instanceof Class<?> arrayType ?
                Array.newInstance(arrayType.getComponentType(), 8) : arg.value();
            case NULL -> null;
            case SEGMENT -> segment;
            case FRESH_SEGMENT -> freshSegment();
            case NATIVE -> nativeSegment;
            case HEAP -> MemorySegment.ofArray(new byte[(int)SEGMENT_BYTES]);
            case CLOSED -> closedSegment;
            case READ_ONLY -> nativeSegment.asReadOnly();
            case ALL_EXCLUDED -> excludeAll();
            case WORLD -> shmem.teamWorld();
            case SHARED -> shmem.teamShared();
            case NO_FUTURES -> new CompletableFuture<?>[0];
            case DONE_FUTURE -> new CompletableFuture<?>[] {CompletableFuture.completedFuture(null)};
            case NULL_FUTURE -> new CompletableFuture<?>[] {null};
        };
    }

    private static int[] excludeAll()
    {
        final int[] status = new int[8];
        Arrays.fill(status, 1);
        return status;
    }

    private SymmetricSegment freshSegment()
    {
        final SymmetricSegment made = shmem.malloc(SEGMENT_BYTES);
        fresh.add(made);
        return made;
    }

    /**
     * Frees what a call was given or made and did not free itself, so the heap never fills up.
     *
     * @param freedByCall the segment the call freed, or null.
     * @param result      what the call returned.
     */
    void tidy(final Object freedByCall, final Object result)
    {
        for (final SymmetricSegment made : fresh)
        {
            if (made != freedByCall)
            {
                shmem.free(made);
            }
        }
        fresh.clear();
        if (result instanceof SymmetricSegment allocated && allocated != segment)
        {
            shmem.free(allocated);
        }
        if (result instanceof Team team)
        {
            destroy(team);
        }
        // a context a call made goes, so the PE's contexts never run out; not the default one, nor the suite's
        if (result instanceof Context made && made != context && made != shmem.defaultContext())
        {
            made.destroy();
        }
        if (result instanceof io.ishmem.Split2D split)
        {
            destroy(split.xAxis());
            destroy(split.yAxis());
        }
    }

    private void destroy(final Team team)
    {
        if (team != Team.INVALID && team != shmem.teamWorld() && team != shmem.teamShared())
        {
            team.destroy();
        }
    }

    /**
     * @return null when no call wrote outside what it was given, else what changed.
     */
    String canaryDamage()
    {
        for (long i = 0; i < SEGMENT_BYTES; i++)
        {
            final byte b = canary.local().get(ValueLayout.JAVA_BYTE, i);
            if (b != CANARY_BYTE)
            {
                return "byte " + i + " of a segment no call was given is now " + b;
            }
        }
        return null;
    }
}
