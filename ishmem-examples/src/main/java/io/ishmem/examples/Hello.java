package io.ishmem.examples;

import io.ishmem.Ishmem;

/**
 * Every PE says hello: {@code ishmemrun -n 4 --class io.ishmem.examples.Hello}.
 */
public final class Hello
{
    private Hello()
    {
    }

    /**
     * Prints {@code Hello from PE <me> of <n>}.
     *
     * @param args ignored.
     */
    public static void main(final String[] args)
    {
        try (Ishmem shmem = Ishmem.init())
        {
            System.out.println("Hello from PE " + shmem.myPe() + " of " + shmem.nPes());
        }
    }
}
