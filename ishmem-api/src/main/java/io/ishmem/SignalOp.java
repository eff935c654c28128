package io.ishmem;

/**
 * How a put-with-signal or {@code signal*} call updates the signal word: {@code ISHMEM_SIGNAL_SET} and
 * {@code ISHMEM_SIGNAL_ADD}. The signal word is an unsigned 64-bit value ({@code uint64_t}); each update
 * is one atomic 64-bit operation, so a reader ({@link Ishmem#signalFetch}, {@link Ishmem#signalWaitUntil})
 * sees either the old or the new value, never a mix.
 */
public enum SignalOp
{
    /**
     * {@code ISHMEM_SIGNAL_SET}: the word becomes the signal value (an atomic 64-bit store).
     */
    SET,

    /**
     * {@code ISHMEM_SIGNAL_ADD}: the signal value is added to the word (an atomic add, wrapping modulo 2<sup>64</sup>).
     * Concurrent adds from any number of PEs and threads are all counted.
     */
    ADD
}
