package io.ishmem.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ishmem.Ishmem;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;

/**
 * Test bodies that the extension's tests run on PEs; surefire never runs these classes itself.
 */
final class Fixtures
{
    /**
     * Where bodies leave a file per PE to prove they ran; relative to the module, which is every PE's
     * working directory.
     */
    static final Path MARKERS = Path.of("target", "multi-pe-markers");

    private Fixtures()
    {
    }

    static int myPe()
    {
        return Integer.parseInt(System.getenv("ISHMEM_PE"));
    }

    static int nPes()
    {
        return Integer.parseInt(System.getenv("ISHMEM_NPES"));
    }

    static final class Passing
    {
        @MultiPeTest(pes = {1, 3})
        void writeMarker() throws IOException
        {
            Files.createFile(MARKERS.resolve("body-" + nPes() + "-" + myPe()));
        }
    }

    static final class Failing
    {
        @MultiPeTest(pes = 2)
        void failOnPeOne()
        {
            Bodies.failOnPeOne();
        }
    }

    static final class Hanging
    {
        @MultiPeTest(pes = 1, timeoutSeconds = 1)
        void hang()
        {
            LockSupport.park();
        }
    }

    /**
     * Names every variable at each level it could come from, so the body sees which level won.
     */
    @MultiPeEnv({"ISHMEM_TEST_BASE=base", "ISHMEM_TEST_SHARED=base", "ISHMEM_TEST_METHOD=base=too"})
    abstract static class EnvBase
    {
        @MultiPeTest(pes = 2, env = "ISHMEM_TEST_METHOD=method")
        void seeTheNearestValueOfEachVariable()
        {
            assertEquals("base", System.getenv("ISHMEM_TEST_BASE"), "only the superclass names it");
            assertEquals("sub", System.getenv("ISHMEM_TEST_SHARED"), "the subclass wins over the superclass");
            assertEquals("sub", System.getenv("ISHMEM_TEST_SUB"), "only the subclass names it");
            assertEquals("method", System.getenv("ISHMEM_TEST_METHOD"), "the method wins over every class");
            System.out.println("env seen on PE " + myPe());
        }
    }

    /**
     * Names nothing itself: the walk up the hierarchy goes past it to {@link EnvBase}.
     */
    abstract static class EnvMiddle extends EnvBase
    {
    }

    @MultiPeEnv({"ISHMEM_TEST_SHARED=sub", "ISHMEM_TEST_SUB=sub", "ISHMEM_TEST_METHOD=sub"})
    static final class EnvSub extends EnvMiddle
    {
    }

    /**
     * Writes a marker naming the rotated variable each PE saw, and the class's value, which a rotated one
     * must not override.
     */
    @MultiPeEnv("ISHMEM_TEST_CLASS=class")
    static final class Rotated
    {
        @MultiPeTest(pes = {1, 2, 3})
        void writeWhatWasRotatedIn() throws IOException
        {
            Files.createFile(MARKERS.resolve("rotated-" + nPes() + "-" + myPe() + "-" +
                System.getenv("ISHMEM_TEST_TURN") + "-" + System.getenv("ISHMEM_TEST_CLASS")));
        }
    }

    @MultiPeEnv("ISHMEM_TEST_NO_VALUE")
    static final class BadEnv
    {
        @MultiPeTest(pes = 1)
        void neverRuns()
        {
        }
    }

    static final class BadParameter
    {
        @MultiPeTest(pes = 1)
        void takesInt(final int value)
        {
        }
    }

    /**
     * Bodies for {@link MultiPeJob}: package-private class and constructor, as test classes are.
     */
    static final class Bodies
    {
        private Bodies()
        {
        }

        static void failOnPeOne()
        {
            System.out.println("PE " + myPe() + " is fine so far");
            if (myPe() == 1)
            {
                throw new AssertionError("PE 1 fails on purpose");
            }
        }

        void printPe()
        {
            System.out.println("PE " + myPe() + " of " + nPes());
        }

        void withIshmem(final Ishmem shmem)
        {
            assertEquals(myPe(), shmem.myPe());
            System.out.println("body PE " + shmem.myPe() + " of " + shmem.nPes());
        }

        void throwInsteadOfClose(final Ishmem shmem)
        {
            throw new IllegalStateException("body of PE " + shmem.myPe() + " throws");
        }
    }

    /**
     * A main class for {@link MultiPeJob#ofMain}.
     */
    static final class EchoMain
    {
        private EchoMain()
        {
        }

        public static void main(final String[] args)
        {
            System.out.println("EchoMain PE " + myPe() + ": " + String.join(" ", args));
        }
    }
}
