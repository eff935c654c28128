package io.ishmem.core.device;

/**
 * The environment of the device tests. Surefire gives every test JVM, and so every PE it forks,
 * {@code ZE_ENABLE_ALT_DRIVERS} naming the project's Level Zero test driver (built by gcc from
 * {@code src/test/c/ze_test_driver}) and {@code ISHMEM_DEVICE=none}; the Level Zero device tests ask for
 * Level Zero and turn the loader's validation layer on (the suites through
 * {@link io.ishmem.junit.MultiPeEnv} on their Level Zero classes), so a wrong structure type or a null
 * handle fails the test. {@code -Dze.test.driver=} (empty) runs them on the machine's real driver instead.
 * {@link #DEVICE_HEAP} and {@link #HOST_HEAP} serve every backend.
 */
public final class ZeTestDriver
{
    /** A driver that does not exist: the loader then finds none, as on a machine without a GPU driver. */
    public static final String NO_DRIVER = "ZE_ENABLE_ALT_DRIVERS=/nonexistent/libze_no_driver.so";
    public static final String VALIDATION = "ZE_ENABLE_VALIDATION_LAYER=1";
    public static final String PARAMETER_VALIDATION = "ZE_ENABLE_PARAMETER_VALIDATION=1";
    public static final String LEVEL_ZERO = "ISHMEM_DEVICE=level-zero";
    /** Room for the 64 MiB puts and the exhaustion tests; memfd pages are committed only when touched. */
    public static final String DEVICE_HEAP = "ISHMEM_DEVICE_SYMMETRIC_SIZE=160M";
    public static final String HOST_HEAP = "ISHMEM_SYMMETRIC_SIZE=144M";

    private ZeTestDriver()
    {
    }

    /**
     * @return whether the PEs run on the project's test driver (false under -Dze.test.driver=, on real GPUs).
     */
    public static boolean onTestDriver()
    {
        final String drivers = System.getenv("ZE_ENABLE_ALT_DRIVERS");
        return drivers != null && drivers.contains("libze_ishmem_test");
    }
}
