package io.ishmem;

/**
 * A communication context: {@code shmem_ctx_t}. An independent ordering and completion environment for the
 * one-sided routines it inherits from {@link OneSided}: its {@link #quiet()} completes the puts, gets, atomics
 * and signals issued on it, and only those, and its {@link #fence()} orders only them, so one thread (or one
 * stage of a pipeline) can complete its own traffic without waiting for another's. The default context
 * ({@code SHMEM_CTX_DEFAULT}) is the {@link Ishmem} object itself, also reachable as
 * {@link Ishmem#defaultContext()}; {@link Ishmem#barrierAll()} completes the default context only, as in
 * OpenSHMEM 1.5.
 *
 * <p>Contexts come from {@link Ishmem#createContext(long)} (associated with the world team) and
 * {@link Team#createContext(long)} (associated with that team, whose PE numbers its routines then take). Neither
 * call is collective. A context lives until {@link #destroy()} or {@link #close()}, until its team is destroyed,
 * or until the runtime is closed, whichever comes first; each of these completes its operations first (an
 * implicit quiet). After that every call on it throws {@link IllegalStateException} naming the call and why,
 * except {@link #close()}, which does nothing.
 *
 * <pre>{@code
 * try (Context ctx = shmem.createContext(Context.PRIVATE))
 * {
 *     ctx.putNbi(dest, 0, src, 0, bytes, peer);   // on this context only
 *     compute();
 *     ctx.quiet();                                 // completes this context's puts, not other threads'
 * }
 * }</pre>
 *
 * <p><b>Options.</b> Contexts are shareable and thread-safe by default. {@link #PRIVATE} makes a context usable
 * by the thread that created it only: a call from another thread throws {@link IllegalStateException}, where C
 * leaves it undefined. {@link #SERIALIZED} and {@link #NOSTORE} are promises the program makes; the library keeps
 * every guarantee without them, so they are recorded (see {@link #options()}) and change nothing.
 */
public interface Context extends OneSided, AutoCloseable
{
    /**
     * {@code SHMEM_CTX_SERIALIZED}: the context is shareable, but the program never uses it from two threads at
     * once. Recorded; contexts are thread-safe whether or not it is given.
     */
    long SERIALIZED = 1L;

    /**
     * {@code SHMEM_CTX_PRIVATE}: only the thread that created the context uses it, destroy included. Enforced:
     * every call from another thread throws {@link IllegalStateException}.
     */
    long PRIVATE = 1L << 1;

    /**
     * {@code SHMEM_CTX_NOSTORE}: {@link #quiet()} and {@link #fence()} of this context need not complete or order
     * the program's own memory stores. Recorded; on the host heap a context's puts are themselves memory
     * stores, so quiet and fence order them exactly as without the option, which stays correct.
     */
    long NOSTORE = 1L << 2;

    /** Every option bit this version knows; {@code createContext} refuses other bits. */
    long ALL_OPTIONS = SERIALIZED | PRIVATE | NOSTORE;

    /**
     * The team the context was created from: {@code shmem_ctx_get_team}. {@link Ishmem#teamWorld()} for the
     * default context and for contexts from {@link Ishmem#createContext(long)}.
     *
     * @return the team, whose PE numbers this context's routines take.
     * @throws IllegalStateException if the context was destroyed, or the runtime closed.
     */
    Team team();

    /**
     * @return the options the context was created with (0 for the default context).
     * @throws IllegalStateException if the context was destroyed, or the runtime closed.
     */
    long options();

    /**
     * Destroys the context: {@code shmem_ctx_destroy}. Completes its operations first (an implicit
     * {@link #quiet()}), then returns its place to the context budget of its team, or of the PE.
     *
     * @throws IllegalStateException if this is the default context (which stays usable), if the context was
     *                               already destroyed (with its team too), if it is {@link #PRIVATE} and this is
     *                               not the thread that created it, or if the runtime is closed.
     */
    void destroy();

    /**
     * {@link #destroy()}, for try-with-resources; does nothing on a context already destroyed, by this call, with
     * its team or by the runtime's close.
     *
     * @throws IllegalStateException if this is the default context, or a {@link #PRIVATE} context closed by
     *                               another thread than its creator.
     */
    @Override
    void close();
}
