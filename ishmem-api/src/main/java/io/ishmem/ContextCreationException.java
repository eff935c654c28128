package io.ishmem;

import java.io.Serial;

/**
 * No context could be created: the nonzero return of {@code shmem_ctx_create} or {@code shmem_team_create_ctx}.
 * As in C, this is not an error of the library, which stays in a correct state: the call may be tried again once
 * contexts are destroyed, on a team that reserved contexts ({@link TeamConfig#numContexts()}), or with a larger
 * {@code ISHMEM_MAX_CONTEXTS}. The message says which: how many contexts this PE holds, how many its teams
 * reserve, and the limit.
 *
 * <p>Why an exception and not an empty {@code Optional}: the failure has a reason the caller needs (the limit,
 * the reservations, the contexts in use), which an empty value cannot carry; a context is meant for
 * try-with-resources, which a returned {@code Optional} would break up; and it sits beside
 * {@link SymmetricHeapExhaustedException} and {@link TeamSplitException}, the other "resources are used up"
 * outcomes, so a program catches exactly this case and nothing else (misuse stays
 * {@link IllegalArgumentException} and {@link IllegalStateException}).
 */
public class ContextCreationException extends IshmemException
{
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * @param message the call, the team, and what is used up.
     */
    public ContextCreationException(final String message)
    {
        super(message);
    }
}
